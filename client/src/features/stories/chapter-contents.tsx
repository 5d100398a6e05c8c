// The story's contents on every page of a story with at least two chapters (docs/decisions/0029-chapters.md): a
// "Chapters (N)" disclosure listing each chapter with its page, the current one marked, and "Chapter 3 of 12: …"
// above the text. Rendered by the server with the page, closed (it cannot know the width); on a wide screen the CSS
// shows the list until the browser, once hydrated, opens it.
import { keepPreviousData } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Chapter } from '#contract/stories';
import { trpc } from '../../lib/trpc';
import { chapterPath, currentChapter, pageOpening, scrollToHeading } from './current-chapter';
import { FormattedMessage, useIntl } from 'react-intl';

/** Where the contents start open: the reading column's width with room to spare (the same width in story.css). */
const WIDE = '(min-width: 48rem)';

/** The contents and "Chapter 3 of 12" for a page of a story with at least two chapters; nothing for the others. */
export function StoryChapters({ username, chapters, pageNumber }: { username: string; chapters: readonly Chapter[]; pageNumber: number }) {
  const many = chapters.length >= 2;
  // The page text's own query (story-page-text.tsx): whether the page begins with a chapter.
  const page = trpc.stories.page.useQuery({ username, page_number: pageNumber }, { placeholderData: keepPreviousData, enabled: many });
  // The chapter the address names: read in the browser only (the server never sees it), on each page and each move.
  const [hash, setHash] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each page: the router's move to another page fires no event.
  useEffect(() => {
    const read = () => setHash(window.location.hash);
    read();
    window.addEventListener('popstate', read);
    window.addEventListener('hashchange', read);
    return () => {
      window.removeEventListener('popstate', read);
      window.removeEventListener('hashchange', read);
    };
  }, [pageNumber]);
  if (!many) return null;
  const html = page.isPlaceholderData ? undefined : page.data?.html;
  const current = currentChapter(chapters, pageNumber, html, hash);
  return (
    <>
      <ChapterContents username={username} chapters={chapters} current={current} pageNumber={pageNumber} onChosen={setHash} />
      <ChapterContext chapters={chapters} opening={pageOpening(chapters, pageNumber, html)} />
    </>
  );
}

function ChapterContents({
  username,
  chapters,
  current,
  pageNumber,
  onChosen,
}: {
  username: string;
  chapters: readonly Chapter[];
  current: number | null;
  pageNumber: number;
  /** The address's new `#slug` (a move within the page fires no event). */
  onChosen: (hash: string) => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const [, navigate] = useLocation();
  // Until then a wide screen shows the list by CSS (story.css), so that opening it here moves nothing.
  const [opened, setOpened] = useState(false);
  const intl = useIntl();

  useEffect(() => {
    if (details.current && window.matchMedia(WIDE).matches) details.current.open = true;
    setOpened(true);
  }, []);

  const follow = (e: MouseEvent<HTMLAnchorElement>, chapter: Chapter) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window
    e.preventDefault();
    const path = chapterPath(username, chapter);
    if (chapter.page === pageNumber) {
      window.history.pushState(window.history.state, '', path);
      onChosen(window.location.hash);
      scrollToHeading(window.location.hash);
    } else {
      navigate(path); // the page text scrolls to the heading once it is there (story-page-text.tsx)
    }
  };

  return (
    <nav
      className={opened ? 'chapter-contents opened' : 'chapter-contents'}
      aria-label={intl.formatMessage({ id: 'story.chapters.label', defaultMessage: 'Chapters' })}
    >
      <details ref={details}>
        <summary>
          <FormattedMessage id="story.chapters" defaultMessage="Chapters ({count})" values={{ count: chapters.length }} />
        </summary>
        {/* The story's direction (its first chapter's): the numbers stand on its start side. */}
        <ol dir="auto">
          {chapters.map((chapter, i) => (
            <li key={chapter.slug}>
              <a
                href={chapterPath(username, chapter)}
                aria-current={i === current ? 'true' : undefined}
                onClick={(e) => follow(e, chapter)}
              >
                <span className="chapter-title">{chapter.title}</span>
                <span className="chapter-page">
                  <FormattedMessage id="story.chapters.page" defaultMessage="page {page}" values={{ page: chapter.page }} />
                </span>
              </a>
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}

/**
 * Above the page text, the chapter it opens with: "Chapter 3 of 12" when its heading follows at once (the title is
 * that heading), "Chapter 3 of 12, continued: My first school" when the page goes on from an earlier one.
 */
function ChapterContext({ chapters, opening }: { chapters: readonly Chapter[]; opening: { index: number; begins: boolean } | null }) {
  if (opening === null) return null;
  const values = { index: opening.index + 1, count: chapters.length };
  return (
    <p className="chapter-context">
      {opening.begins ? (
        <FormattedMessage id="story.chapter.where" defaultMessage="Chapter {index} of {count}" values={values} />
      ) : (
        <FormattedMessage
          id="story.chapter.continued"
          defaultMessage="Chapter {index} of {count}, continued: {title}"
          values={{ ...values, title: <span className="chapter-context-title">{chapters[opening.index]!.title}</span> }}
        />
      )}
    </p>
  );
}
