// The Top, New and Saved lists (50 to a page, docs/architecture.md §2): page 1 first, each See More appends
// page + 1, rows whose username is already listed are skipped, and See More stays while page * 50 < total.
// Each page is asked for together with the list's count (one batched request), so the count is as fresh as
// the rows. Lists are not kept once off screen: a tab switch or a new visit clears the list and loads it
// afresh from page 1, as the spec asks.
import { LIMITS } from '#contract/limits';
import type { ListItem, TopWindowName } from '#contract/explore';
import { getQueryKey } from '@trpc/react-query';
import { type InfinitePages, type Page, useInfinitePages } from '../../lib/use-infinite-pages';
import { trpc } from '../../lib/trpc';

export const PAGE_SIZE = LIMITS.pageSizeMax;

export type PagedList = InfinitePages<ListItem>;

const byUsername = (item: ListItem) => item.username;

async function withCount(rows: Promise<ListItem[]>, count: Promise<{ count: number }>): Promise<Page<ListItem>> {
  const [list, { count: total }] = await Promise.all([rows, count]);
  return { rows: list, total };
}

// gcTime 0 drops a list once off screen, so every visit loads it afresh. Its rows count as fresh for the default
// time while on screen, so that the rows a server-rendered page came with are not asked for again at hydration
// (docs/decisions/0017-server-rendering.md).
function usePagedList(queryKey: ReturnType<typeof getQueryKey>, fetchPage: (page: number, signal: AbortSignal) => Promise<Page<ListItem>>) {
  return useInfinitePages({ queryKey, fetchPage, pageSize: PAGE_SIZE, keyOf: byUsername, gcTime: 0 });
}

export function useNewStories(): PagedList {
  const { client } = trpc.useUtils();
  return usePagedList(getQueryKey(trpc.explore.new, { limit: PAGE_SIZE }, 'infinite'), (page, signal) =>
    withCount(client.explore.new.query({ page, limit: PAGE_SIZE }, { signal }), client.explore.newCount.query(undefined, { signal })),
  );
}

export function useTopStories(topWindow: TopWindowName): PagedList {
  const { client } = trpc.useUtils();
  return usePagedList(getQueryKey(trpc.explore.top, { window: topWindow, limit: PAGE_SIZE }, 'infinite'), (page, signal) =>
    withCount(
      client.explore.top.query({ window: topWindow, page, limit: PAGE_SIZE }, { signal }),
      client.explore.topCount.query({ window: topWindow }, { signal }),
    ),
  );
}

export function useBookmarkedStories(): PagedList {
  const { client } = trpc.useUtils();
  return usePagedList(getQueryKey(trpc.explore.bookmarks, { limit: PAGE_SIZE }, 'infinite'), (page, signal) =>
    withCount(
      client.explore.bookmarks.query({ page, limit: PAGE_SIZE }, { signal }),
      client.explore.bookmarkCount.query(undefined, { signal }),
    ),
  );
}
