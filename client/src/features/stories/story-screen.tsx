// The story view once the route is valid: fetches the story, then shows the "no story yet" message or the
// story itself (header, the two bars, the page text and the comments).
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { ReaderStory } from '#contract/stories';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { useHydrated } from '../../lib/use-hydrated';
import { useSessionUser } from '../../state/session';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { NoStory } from './no-story';
import { StoryAudienceLine } from './story-audience-line';
import { StoryBar } from './story-bar';
import { StoryChapters } from './chapter-contents';
import { StoryHeader } from './story-header';
import { PageEnd } from './page-end';
import { StoryPageText } from './story-page-text';
import { TextSizeControl } from './text-size-control';
import { CommentsAfterHydration, useStoryMarks } from '../social';
import { FormattedMessage, useIntl } from 'react-intl';

// Following is below the text and only after hydration: its code loads then, out of the reader's first script.
const StoryFollow = lazy(() => import('../follows').then((m) => ({ default: m.StoryFollow })));
const AskQuestion = lazy(() => import('../questions').then((m) => ({ default: m.AskQuestion })));
// Only for signed-in readers (who get the app shell, never a server-rendered page): out of the reader's script.
const StoryModeration = lazy(() => import('../moderation').then((m) => ({ default: m.StoryModeration })));

/** The spec's delay before scrolling back to the top navigation after a page turn. */
const SCROLL_DELAY_MS = 50;

export function StoryScreen({ username, pageNumber }: { username: string; pageNumber: number }) {
  const user = useSessionUser();
  const story = trpc.stories.get.useQuery({ username });
  const isAuthor = user?.username.toLowerCase() === username;
  const intl = useIntl();
  useDocumentTitle(
    story.data
      ? story.data.title
      : story.data !== null
        ? intl.formatMessage({ id: 'story.title', defaultMessage: 'Story' })
        : isAuthor
          ? intl.formatMessage({ id: 'story.yourStory', defaultMessage: 'Your story' })
          : intl.formatMessage({ id: 'story.noStoryTitle', defaultMessage: '{username} has no story yet' }, { username }),
  );

  // A new author (this screen is keyed by username) starts at the top, not where the last story was left; an address
  // naming a chapter's heading is scrolled to by the page text (story-page-text.tsx).
  // Braces matter: Chromium's scrollTo now returns a promise, and an effect may only return a cleanup.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);

  if (story.isPending) return <StoryLoading />;
  if (story.isError) {
    return (
      <div className="page reading story-view">
        <h1 className="visually-hidden">
          <FormattedMessage id="story.title" defaultMessage="Story" />
        </h1>
        <ErrorBox error={story.error} />
      </div>
    );
  }
  if (story.data === null) return <NoStory username={username} isAuthor={isAuthor} />;
  // The author's buttons come from their own chunk (story-actions.tsx): the page shows once they are there, whole,
  // rather than with its pager moving down when they arrive.
  return (
    <Suspense fallback={<StoryLoading />}>
      <StoryContent story={story.data} pageNumber={pageNumber} />
    </Suspense>
  );
}

function StoryLoading() {
  const intl = useIntl();
  return (
    <div className="page reading story-view">
      <Loading label={intl.formatMessage({ id: 'story.loading', defaultMessage: 'Loading the story…' })} />
    </div>
  );
}

function StoryContent({ story, pageNumber }: { story: ReaderStory; pageNumber: number }) {
  const user = useSessionUser();
  const isAuthor = !!user && user.username.toLowerCase() === story.username;
  const [, navigate] = useLocation();
  const topBar = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const marks = useStoryMarks(story.username);
  const inRange = pageNumber <= story.page_count;
  const hydrated = useHydrated();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const goToPage = (n: number) => {
    navigate(storyPath(story.username, n));
    window.clearTimeout(timer.current);
    // Let the new page render first, then bring the top bar (and the start of the text) into view.
    timer.current = window.setTimeout(() => {
      const bar = topBar.current;
      if (!bar) return;
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      bar.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
      // The button pressed may have gone (no Previous on page 1): keep keyboard focus near the text.
      if (!document.activeElement || document.activeElement === document.body) bar.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
  };

  const bar = { story, marks, isAuthor, pageNumber, inRange, onGoToPage: goToPage };
  return (
    <article className="page reading story-view">
      <StoryHeader story={story} isAuthor={isAuthor} />
      <StoryBar {...bar} position="top" ref={topBar} />
      {isAuthor && story.audience && <StoryAudienceLine audience={story.audience} />}
      {/* Rendered by the server too: a reader may press it before the app has loaded. */}
      <div className="story-tools">
        <TextSizeControl />
      </div>
      {inRange ? (
        <>
          <StoryChapters username={story.username} chapters={story.chapters} pageNumber={pageNumber} />
          <StoryPageText username={story.username} pageNumber={pageNumber} pageCount={story.page_count} />
          <PageEnd page={pageNumber} pageCount={story.page_count} onGoToPage={goToPage} />
        </>
      ) : (
        <div className="notice story-past-end" role="status">
          <p>
            <FormattedMessage
              id="story.pastEnd"
              defaultMessage="This story has {count, plural, one {only one page} other {only # pages}}, so there is no page {page}."
              values={{ count: story.page_count, page: pageNumber }}
            />
          </p>
          <Link href={storyPath(story.username, 1)}>
            <FormattedMessage id="story.goToFirst" defaultMessage="Go to page 1" />
          </Link>
        </div>
      )}
      {/* Past the end there is nothing to page through, and the top bar is right above. */}
      {inRange && <StoryBar {...bar} position="bottom" />}
      {hydrated && !isAuthor && (
        <Suspense fallback={null}>
          {/* Keyed by who is signed in: one person's follow state never shows for another. */}
          <StoryFollow key={user?.username ?? ''} storyUsername={story.username} />
        </Suspense>
      )}
      {hydrated && user && !isAuthor && (
        <Suspense fallback={null}>
          {/* A reader of the writer's circle asks a question (the server says who may). */}
          <AskQuestion key={user.username} storyUsername={story.username} />
        </Suspense>
      )}
      {user && !isAuthor && (
        <Suspense fallback={null}>
          <StoryModeration story={story} />
        </Suspense>
      )}
      {/* Below the text: rendered in the browser once the page is hydrated. */}
      <CommentsAfterHydration storyUsername={story.username} />
    </article>
  );
}
