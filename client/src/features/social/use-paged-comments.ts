// The comments of one story, newest first, loaded cumulatively 50 at a time. New comments of this visit go
// on top, deleted ones are hidden, and a comment seen twice (pages shift when others comment) shows once.
import type { Comment } from '#contract/social';
import { getQueryKey } from '@trpc/react-query';
import { useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { useInfinitePages } from '../../lib/use-infinite-pages';

export const COMMENTS_PAGE_SIZE = 50;

const byId = (c: Comment) => c.comment_id;

export function usePagedComments(storyUsername: string) {
  const utils = trpc.useUtils();
  const ref = { story_username: storyUsername };
  const [added, setAdded] = useState<Comment[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());

  const count = trpc.social.commentCount.useQuery(ref);
  const pages = useInfinitePages({
    queryKey: getQueryKey(trpc.social.comments, { ...ref, limit: COMMENTS_PAGE_SIZE }, 'infinite'),
    fetchPage: async (page, signal) => ({
      rows: await utils.client.social.comments.query({ ...ref, page, limit: COMMENTS_PAGE_SIZE }, { signal }),
    }),
    pageSize: COMMENTS_PAGE_SIZE,
    keyOf: byId,
  });

  const comments = useMemo(() => {
    const seen = new Set<number>();
    const list: Comment[] = [];
    for (const c of [...added, ...pages.items]) {
      if (seen.has(c.comment_id) || removed.has(c.comment_id)) continue;
      seen.add(c.comment_id);
      list.push(c);
    }
    return list;
  }, [added, pages.items, removed]);

  const total = count.data?.count;
  // The spec's rule for comments: more may follow while page * 50 is at or below the total (and the last
  // page was a full one). A page that failed keeps See More, which asks for it again rather than skipping it.
  const hasMore = total !== undefined && pages.pages * COMMENTS_PAGE_SIZE <= total && (pages.hasMore || !!pages.error);

  const adjustCount = (delta: number) => {
    utils.social.commentCount.setData(ref, (old) => (old ? { count: Math.max(0, old.count + delta) } : old));
    // Cached pages are now out of date for the next visit; refetching them here would reshuffle this list.
    void utils.social.comments.invalidate(ref, { refetchType: 'none' });
  };

  return {
    comments,
    total,
    firstLoad: pages.firstLoad,
    loadingMore: pages.loading && !pages.firstLoad,
    error: pages.error ?? count.error,
    hasMore,
    seeMore: () => (pages.error ? pages.retry() : pages.more()),
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
