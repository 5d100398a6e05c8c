import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { replayEarlyPressesWithin } from '../../lib/early-presses';
import { PAGE_TEXT_ATTRIBUTE } from '../../lib/story-text-once';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { scrollToHeading } from './current-chapter';
import { makePhotosOpenable, type OpenPhoto, openPhotoOf, pushPhotoEntry } from './openable-photos';
import { FormattedMessage, useIntl } from 'react-intl';

// The lightbox comes when a photo is first opened, asked for already when a pointer or the focus reaches a photo
// (docs/decisions/0038-lighter-reader-pages.md); the press itself is kept in state and shows once it has come.
const loadLightbox = () => import('./photo-lightbox');
const PhotoLightbox = lazy(() => loadLightbox().then((m) => ({ default: m.PhotoLightbox })));

/**
 * One page of the story as HTML. The previous page stays on screen (dimmed) while the next one loads, so
 * the bars do not jump, and the following page is fetched ahead so that Next feels instant.
 */
export function StoryPageText({ username, pageNumber, pageCount }: { username: string; pageNumber: number; pageCount: number }) {
  const utils = trpc.useUtils();
  const intl = useIntl();
  const page = trpc.stories.page.useQuery({ username, page_number: pageNumber }, { placeholderData: keepPreviousData });
  const loaded = page.isSuccess && !page.isPlaceholderData;
  const textRef = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<OpenPhoto | null>(null);
  const html = page.data?.html;

  // Photos open large on a click, Enter or Space (delegated: the text is the server's HTML).
  useEffect(() => {
    const text = textRef.current;
    if (!text || html === undefined) return;
    makePhotosOpenable(text, intl);
    const open = (target: EventTarget | null) => {
      const found = openPhotoOf(target);
      if (!found) return false;
      pushPhotoEntry();
      setPhoto(found);
      return true;
    };
    const onClick = (e: MouseEvent) => void open(e.target);
    const soon = (e: Event) => {
      if (openPhotoOf(e.target)) void loadLightbox();
    };
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'Enter' || e.key === ' ') && !e.repeat && open(e.target)) e.preventDefault();
    };
    text.addEventListener('click', onClick);
    text.addEventListener('keydown', onKey);
    text.addEventListener('pointerdown', soon);
    text.addEventListener('focusin', soon);
    // A photo pressed before the app had loaded (lib/early-presses.ts) opens now.
    replayEarlyPressesWithin(text);
    return () => {
      text.removeEventListener('click', onClick);
      text.removeEventListener('keydown', onKey);
      text.removeEventListener('pointerdown', soon);
      text.removeEventListener('focusin', soon);
    };
  }, [html, intl]);

  // A chapter's address (`#slug`, chapter-contents.tsx): its heading, once its page is the one shown.
  useEffect(() => {
    if (loaded && html !== undefined && window.location.hash) scrollToHeading(window.location.hash);
  }, [loaded, html]);

  useEffect(() => {
    if (loaded && pageNumber < pageCount) void utils.stories.page.prefetch({ username, page_number: pageNumber + 1 });
  }, [loaded, pageNumber, pageCount, username, utils]);

  if (page.isPending) return <Loading label={intl.formatMessage({ id: 'story.loadingPage', defaultMessage: 'Loading the page…' })} />;
  if (page.isError) return <ErrorBox error={page.error} />;
  return (
    <div className="story-page" aria-busy={page.isPlaceholderData || undefined}>
      {page.data.html.trim() ? (
        // Safe to inject: the server sanitizes every story when it is saved (allow-listed tags and
        // attributes, no scripts, handlers or javascript: URLs) and serves pages only from that output. The browser
        // reads a server-rendered page's text back from here (lib/story-text-once.ts).
        <div
          className="story-text"
          ref={textRef}
          {...{ [PAGE_TEXT_ATTRIBUTE]: '' }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised story HTML (see above); it is rich text by design.
          dangerouslySetInnerHTML={{ __html: page.data.html }}
        />
      ) : (
        <p className="empty-state">
          <FormattedMessage id="publishPreview.empty" defaultMessage="This page is empty." />
        </p>
      )}
      {photo && (
        <Suspense fallback={null}>
          <PhotoLightbox photo={photo} onClosed={() => setPhoto(null)} />
        </Suspense>
      )}
    </div>
  );
}
