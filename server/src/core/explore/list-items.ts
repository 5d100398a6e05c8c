import type { ListItem } from '../../contract/schemas';
import type { CoreDeps } from '../shared/core-deps';
import { isoTime } from '../shared/dates';

/**
 * Turns user ids (from the index or a query) into list entries, in the given order, with the current
 * title, banner and like count. Ids whose person is gone are dropped, so a lagging index never shows
 * deleted people. People without a story get an empty title.
 */
export async function listItemsFor(deps: CoreDeps, ids: number[]): Promise<ListItem[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .selectFrom('users')
    .leftJoin('stories', 'stories.user_id', 'users.id')
    .select(['users.id', 'users.username', 'stories.title', 'stories.banner', 'stories.created_at'])
    .select((eb) => eb.selectFrom('likes').select((e) => e.fn.countAll<number>().as('n')).whereRef('likes.story_user_id', '=', 'users.id').as('like_count'))
    .where('users.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      username: r.username,
      title: r.title ?? '',
      image: r.banner ?? null,
      timestamp: r.created_at === null ? null : isoTime(r.created_at),
      like_count: Number(r.like_count ?? 0),
    }];
  });
}
