// The comments below a story: rendered in the browser once the page has hydrated (docs/decisions/0017-server-
// rendering.md), from a chunk of their own that is asked for then, so the reader's first script carries none of
// their code (docs/decisions/0038-lighter-reader-pages.md). The answers came with the page: nothing is asked again.
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

const Comments = lazy(() => import('./comments').then((m) => ({ default: m.Comments })));

/** The section as the server renders it, and until the comments' code has come: the heading, so nothing moves. */
function CommentsHeading() {
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
    </section>
  );
}

export function CommentsAfterHydration({ storyUsername }: { storyUsername: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <CommentsHeading />;
  return (
    <Suspense fallback={<CommentsHeading />}>
      <Comments storyUsername={storyUsername} />
    </Suspense>
  );
}
