// The comments below a story: rendered in the browser once the page has hydrated (docs/decisions/0017-server-
// rendering.md) and the reader is within a screen of them, from a chunk of their own that is asked for then, so a
// reader who never gets to the end of a long page never downloads their code (docs/decisions/0038-lighter-reader-
// pages.md). The first answers came with the page: nothing is asked again.
import { lazy, type Ref, Suspense, useRef } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { useNearView } from '../../lib/use-near-view';
import { FormattedMessage } from 'react-intl';
import { APP_WHEN_NEAR } from '../../lib/start-on-first-touch';

const Comments = lazy(() => import('./comments').then((m) => ({ default: m.Comments })));

/**
 * The section as the server renders it, and until the comments' code has come: the heading, so nothing moves. On a
 * server-rendered page it starts the app when the reader comes within a screen of it (lib/start-on-first-touch.ts).
 */
function CommentsHeading({ ref }: { ref?: Ref<HTMLElement> }) {
  return (
    <section className="comments" aria-labelledby="comments-heading" ref={ref} {...{ [APP_WHEN_NEAR]: '' }}>
      <h2 id="comments-heading">
        <FormattedMessage id="comments.title" defaultMessage="Comments" />
      </h2>
    </section>
  );
}

export function CommentsAfterHydration({ storyUsername }: { storyUsername: string }) {
  const hydrated = useHydrated();
  const heading = useRef<HTMLElement>(null);
  const near = useNearView(heading, hydrated);
  if (!hydrated || !near) return <CommentsHeading ref={heading} />;
  return (
    <Suspense fallback={<CommentsHeading />}>
      <Comments storyUsername={storyUsername} />
    </Suspense>
  );
}
