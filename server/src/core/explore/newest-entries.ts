// What the /api searches answer for an empty term: the original matched everything (`LIKE '%%'`), and its Explore
// screen shows that list before anyone types. We answer the newest entries instead, capped like any search (ADR 0004).
import type { Kysely } from 'kysely';
import { LIMITS } from '../../contract/limits';
import type { ListItem, SearchKind } from '../../contract/explore';
import type { Database } from '../../db/schema';
import type { CoreDeps } from '../shared/core-deps';
import { listEntriesFor } from './list-items';
import { newestStoriesQuery } from './story-lists';

/** The newest people first: the `users_newest` index's order (migration 004). */
export function newestPeopleQuery(db: Kysely<Database>, limit: number) {
  // Suspended people are left out (ADR 0020); few, so the scan stays on users_newest.
  return db
    .selectFrom('users')
    .select('id')
    .where('suspended_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

/**
 * `users`: the newest people, with or without a story; `all` and `stories`: the newest stories. Public names as
 * in search results: only for accounts that are public now.
 */
export async function newestEntries(deps: CoreDeps, kind: SearchKind): Promise<ListItem[]> {
  const limit = LIMITS.searchResultsMax;
  const rows =
    kind === 'users'
      ? await newestPeopleQuery(deps.db, limit).execute()
      : (await newestStoriesQuery(deps.db, limit, 0).execute()).map((r) => ({ id: r.user_id }));
  const entries = await listEntriesFor(
    deps,
    rows.map((r) => r.id),
  );
  return entries.map((e) => ({
    ...e.item,
    first_name: e.is_private ? null : e.first_name,
    last_name: e.is_private ? null : e.last_name,
    highlights: [],
  }));
}
