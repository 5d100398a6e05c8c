import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { scrollToHeading } from './current-chapter';
import { makePhotosOpenable, type OpenPhoto, openPhotoOf, PhotoLightbox, pushPhotoEntry } from './photo-lightbox';

/**
 * One page of the story as HTML. The previous page stays on screen (dimmed) while the next one loads, so
 * the bars do not jump, and the following page is fetched ahead so that Next feels instant.
 */
export function StoryPageText({ username, pageNumber, pageCount }: { username: string; pageNumber: number; pageCount: number }) {
  const utils = trpc.useUtils();
  const page = trpc.stories.page.useQuery({ username, page_number: pageNumber }, { placeholderData: keepPreviousData });
  const loaded = page.isSuccess && !page.isPlaceholderData;
  const textRef = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<OpenPhoto | null>(null);
  const html = page.data?.html;

  // Photos open large on a click, Enter or Space (delegated: the text is the server's HTML).
  useEffect(() => {
    const text = textRef.current;
    if (!text || html === undefined) return;
    makePhotosOpenable(text);
    const open = (target: EventTarget | null) => {
      const found = openPhotoOf(target);
      if (!found) return false;
      pushPhotoEntry();
      setPhoto(found);
      return true;
    };
    const onClick = (e: MouseEvent) => void open(e.target);
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'Enter' || e.key === ' ') && !e.repeat && open(e.target)) e.preventDefault();
    };
    text.addEventListener('click', onClick);
    text.addEventListener('keydown', onKey);
    return () => {
      text.removeEventListener('click', onClick);
      text.removeEventListener('keydown', onKey);
    };
  }, [html]);

  // A chapter's address (`#slug`, chapter-contents.tsx): its heading, once its page is the one shown.
  useEffect(() => {
    if (loaded && html !== undefined && window.location.hash) scrollToHeading(window.location.hash);
  }, [loaded, html]);

  useEffect(() => {
    if (loaded && pageNumber < pageCount) void utils.stories.page.prefetch({ username, page_number: pageNumber + 1 });
  }, [loaded, pageNumber, pageCount, username, utils]);

  if (page.isPending) return <Loading label="Loading the page…" />;
  if (page.isError) return <ErrorBox error={page.error} />;
  return (
    <div className="story-page" aria-busy={page.isPlaceholderData || undefined}>
      {page.data.html.trim() ? (
        // Safe to inject: the server sanitizes every story when it is saved (allow-listed tags and
        // attributes, no scripts, handlers or javascript: URLs) and serves pages only from that output.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised story HTML (see above); it is rich text by design.
        <div className="story-text" ref={textRef} dangerouslySetInnerHTML={{ __html: page.data.html }} />
      ) : (
        <p className="empty-state">This page is empty.</p>
      )}
      {photo && <PhotoLightbox photo={photo} onClosed={() => setPhoto(null)} />}
    </div>
  );
}
