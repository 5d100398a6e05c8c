// What the /api searches answer for an empty term: the original matched everything (`LIKE '%%'`), and its Explore
// screen shows that list before anyone types. We answer the newest entries instead, capped like any search (ADR 0004).
import { LIMITS, type ListItem, type SearchKind } from '../../contract/schemas';
import type { CoreDeps } from '../shared/core-deps';
import { listEntriesFor } from './list-items';

/**
 * `users`: the newest people, with or without a story; `all` and `stories`: the newest stories. Public names as
 * in search results: only for accounts that are public now.
 */
export async function newestEntries(deps: CoreDeps, kind: SearchKind): Promise<ListItem[]> {
  const limit = LIMITS.searchResultsMax;
  const rows =
    kind === 'users'
      ? await deps.db.selectFrom('users').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
      : await deps.db
          .selectFrom('stories')
          .innerJoin('users', 'users.id', 'stories.user_id')
          .select('users.id')
          .orderBy('stories.created_at', 'desc')
          .orderBy('users.username')
          .limit(limit)
          .execute();
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
