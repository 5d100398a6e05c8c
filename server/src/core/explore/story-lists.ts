// The browsing lists: top (three windows, served by the index), new, and the caller's saved stories.
import { pagingSchema, topListInput, topWindowSchema, type ListItem } from '../../contract/schemas';
import type { TopWindow } from '../../ports/search-index';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { requireUser } from '../shared/require-user';
import { validate } from '../shared/validate';
import { listItemsFor } from './list-items';

export async function topStories(deps: CoreDeps, raw: unknown): Promise<ListItem[]> {
  const { window, page, limit } = validate(topListInput, raw);
  return listItemsFor(deps, await deps.search.top(window as TopWindow, (page - 1) * limit, limit));
}

/** All time pages through every story (counted from the source of truth); the windows through the index. */
export async function countTopStories(deps: CoreDeps, window: unknown): Promise<{ count: number }> {
  const w = validate(topWindowSchema, window) as TopWindow;
  return w === 'all' ? countStories(deps) : { count: await deps.search.countTop(w) };
}

/** Newest stories first (by creation), username as the tie-break. */
export async function newStories(deps: CoreDeps, raw: unknown): Promise<ListItem[]> {
  const { page, limit } = validate(pagingSchema, raw);
  const rows = await deps.db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select('stories.user_id')
    .orderBy('stories.created_at', 'desc')
    .orderBy('users.username')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return listItemsFor(
    deps,
    rows.map((r) => r.user_id),
  );
}

export async function countStories(deps: CoreDeps): Promise<{ count: number }> {
  const row = await deps.db
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

/** The caller's saved stories, most recently saved first; timestamps are when they were saved. */
export async function savedStories(deps: CoreDeps, actor: Actor, raw: unknown): Promise<ListItem[]> {
  const userId = requireUser(actor);
  const { page, limit } = validate(pagingSchema, raw);
  const rows = await deps.db
    .selectFrom('saves')
    .innerJoin('users', 'users.id', 'saves.story_user_id')
    .select(['saves.story_user_id', 'saves.created_at', 'users.username'])
    .where('saves.user_id', '=', userId)
    .orderBy('saves.created_at', 'desc')
    .orderBy('users.username')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const items = await listItemsFor(
    deps,
    rows.map((r) => r.story_user_id),
  );
  const savedAt = new Map(rows.map((r) => [r.username, r.created_at]));
  return items.map((item) => ({ ...item, timestamp: isoTime(savedAt.get(item.username)!) }));
}

export async function countSaved(deps: CoreDeps, actor: Actor): Promise<{ count: number }> {
  const userId = requireUser(actor);
  const row = await deps.db
    .selectFrom('saves')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}
