// The comments of one story, newest first, loaded cumulatively 50 at a time. New comments of this visit go
// on top, deleted ones are hidden, and a comment seen twice (pages shift when others comment) shows once.
import { useState } from 'react';
import type { Comment } from '../../../../server/src/contract/schemas';
import { trpc } from '../../lib/trpc';

export const COMMENTS_PAGE_SIZE = 50;

export function usePagedComments(storyUsername: string) {
  const utils = trpc.useUtils();
  const ref = { story_username: storyUsername };
  const [pages, setPages] = useState(1);
  const [added, setAdded] = useState<Comment[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());

  const count = trpc.social.commentCount.useQuery(ref);
  const results = trpc.useQueries((t) =>
    Array.from({ length: pages }, (_, i) => t.social.comments({ ...ref, page: i + 1, limit: COMMENTS_PAGE_SIZE })),
  );

  const seen = new Set<number>();
  const comments: Comment[] = [];
  for (const c of [...added, ...results.flatMap((r) => r.data ?? [])]) {
    if (seen.has(c.comment_id) || removed.has(c.comment_id)) continue;
    seen.add(c.comment_id);
    comments.push(c);
  }

  const last = results[results.length - 1];
  const total = count.data?.count;
  // The spec's rule for comments: more may follow while page * 50 is at or below the total.
  const hasMore = total !== undefined && pages * COMMENTS_PAGE_SIZE <= total;

  const adjustCount = (delta: number) => {
    utils.social.commentCount.setData(ref, (old) => (old ? { count: Math.max(0, old.count + delta) } : old));
    // Cached pages are now out of date for the next visit; refetching them here would reshuffle this list.
    void utils.social.comments.invalidate(ref, { refetchType: 'none' });
  };

  return {
    comments,
    total,
    firstLoad: results[0]?.isPending ?? true,
    loadingMore: pages > 1 && !!last?.isPending,
    error: results.find((r) => r.error)?.error ?? count.error,
    hasMore,
    seeMore: () => {
      // A page that failed is asked for again rather than skipped.
      if (last?.isError) void last.refetch();
      else setPages((p) => p + 1);
    },
    created: (c: Comment) => {
      setAdded((list) => [c, ...list]);
      adjustCount(+1);
    },
    deleted: (id: number) => {
      setRemoved((set) => new Set(set).add(id));
      adjustCount(-1);
    },
  };
}
