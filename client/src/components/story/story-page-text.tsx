import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../error-box';
import { Loading } from '../loading';

/**
 * One page of the story as HTML. The previous page stays on screen (dimmed) while the next one loads, so
 * the bars do not jump, and the following page is fetched ahead so that Next feels instant.
 */
export function StoryPageText({ username, pageNumber, pageCount }: { username: string; pageNumber: number; pageCount: number }) {
  const utils = trpc.useUtils();
  const page = trpc.stories.page.useQuery({ username, page_number: pageNumber }, { placeholderData: keepPreviousData });
  const loaded = page.isSuccess && !page.isPlaceholderData;

  useEffect(() => {
    if (loaded && pageNumber < pageCount) void utils.stories.page.prefetch({ username, page_number: pageNumber + 1 });
  }, [loaded, pageNumber, pageCount, username, utils]);

  if (page.isPending) return <Loading label="Loading the page…" />;
  if (page.isError) return <ErrorBox error={page.error} />;
  const html = page.data.html;
  return (
    <div className="story-page" aria-busy={page.isPlaceholderData || undefined}>
      {html.trim() ? (
        // Safe to inject: the server sanitizes every story when it is saved (allow-listed tags and
        // attributes, no scripts, handlers or javascript: URLs) and serves pages only from that output.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised story HTML (see above); it is rich text by design.
        <div className="story-text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="empty-state">This page is empty.</p>
      )}
    </div>
  );
}
