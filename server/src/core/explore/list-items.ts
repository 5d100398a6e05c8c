import type { ListItem } from '../../contract/explore';
import { compileOnce } from '../../db/compiled-query';
import type { CoreDeps } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { likeCount } from '../../db/like-count';
import { mayReadStory, type Reader } from '../access/story-access';

/** A list entry with the person behind it, for callers that decide what of them may be shown. */
export interface ListEntry {
  id: number;
  item: ListItem;
  first_name: string | null;
  last_name: string | null;
  is_private: boolean;
}

/**
 * Turns user ids (from the index or a query) into list entries, in the given order, with the current
 * title, banner and like count, in one query. Ids whose person is gone are dropped, so a lagging index
 * never shows deleted people. People without a story get an empty title.
 */
const entriesQuery = compileOnce((db, ...ids: number[]) =>
  db
    .selectFrom('users')
    .leftJoin('stories', 'stories.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.is_private',
      'stories.title',
      'stories.banner',
      'stories.created_at',
      'stories.hidden_at',
      'stories.audience',
    ])
    .select(likeCount('users.id'))
    .where('users.id', 'in', ids)
    // A suspended person is left out everywhere (docs/decisions/0020-moderation.md), even while the index lags.
    .where('users.suspended_at', 'is', null),
);

/**
 * `storiesOnly` (story lists): ids without a story a reader may see are dropped, too; otherwise (people) a person
 * whose story is hidden shows as one without a story. A story not for everyone (docs/decisions/0026-who-can-read-a-story.md)
 * is dropped with its person, even while the index lags: it is listed only where `reader` (the bookmarks) may read it.
 */
export async function listEntriesFor(
  deps: CoreDeps,
  ids: number[],
  { storiesOnly = false, reader }: { storiesOnly?: boolean; reader?: Reader } = {},
): Promise<ListEntry[]> {
  if (ids.length === 0) return [];
  const rows = await entriesQuery(deps.db, ...ids);
  const unlisted = new Set<number>();
  for (const r of rows) {
    if (r.audience === null || r.audience === 'everyone') continue;
    const facts = { ownerId: r.id, audience: r.audience, withheld: r.hidden_at !== null };
    if (!reader || !(await mayReadStory(deps.db, reader, facts))) unlisted.add(r.id);
  }
  const byId = new Map(
    rows
      .filter((r) => !unlisted.has(r.id))
      .map((r) => [r.id, r.hidden_at === null ? r : { ...r, title: null, banner: null, created_at: null, like_count: 0 }]),
  );
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r || (storiesOnly && r.title === null)) return [];
    return [
      {
        id,
        first_name: r.first_name,
        last_name: r.last_name,
        is_private: r.is_private === 1,
        item: {
          username: r.username,
          title: r.title ?? '',
          image: r.banner ?? null,
          timestamp: r.created_at === null ? null : isoTime(r.created_at),
          like_count: Number(r.like_count ?? 0),
        },
      },
    ];
  });
}

export async function listItemsFor(
  deps: CoreDeps,
  ids: number[],
  options: { storiesOnly?: boolean; reader?: Reader } = {},
): Promise<ListItem[]> {
  return (await listEntriesFor(deps, ids, options)).map((e) => e.item);
}
