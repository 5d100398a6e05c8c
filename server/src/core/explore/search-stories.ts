import { LIMITS, searchInput, type ListItem } from '../../contract/schemas';
import type { MatchField } from '../../ports/search-index';
import type { CoreDeps } from '../shared/core-deps';
import { validate } from '../shared/validate';
import { listItemsFor } from './list-items';

const FIELD_NAMES: Record<MatchField, 'title' | 'username' | 'first_name' | 'last_name'> = {
  title: 'title',
  username: 'username',
  firstName: 'first_name',
  lastName: 'last_name',
};

/**
 * Search as you type over stories (title, author) and people (username, public names), with highlights.
 * Public names are shown on people results only when the account is public now (the index may lag).
 */
export async function search(deps: CoreDeps, raw: unknown): Promise<ListItem[]> {
  const { text, kind } = validate(searchInput, raw);
  if (text.trim() === '') return [];
  const hits = await deps.search.search({ text, kind, limit: LIMITS.searchResultsMax });
  const items = await listItemsFor(deps, hits.map((h) => h.id));
  const names = await publicNames(deps, hits.map((h) => h.id));
  const byUsername = new Map(items.map((i) => [i.username, i]));
  const result: ListItem[] = [];
  for (const hit of hits) {
    const who = names.get(hit.id);
    const item = who && byUsername.get(who.username);
    if (!item || !who) continue;
    const nameHidden = who.is_private === 1;
    const byName = hit.matches.some((m) => m.field === 'firstName' || m.field === 'lastName');
    // An index that has not caught up with a switch to private still matches the names: such a hit
    // must not show (it would tell who bears the name), nor one left with nothing public that matched.
    if (nameHidden && (byName || hit.matches.length === 0)) continue;
    result.push({
      ...item,
      first_name: nameHidden ? null : who.first_name,
      last_name: nameHidden ? null : who.last_name,
      highlights: hit.matches.map((m) => ({ field: FIELD_NAMES[m.field], start: m.start, length: m.length })),
    });
  }
  return result;
}

interface NameRow {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_private: number;
}

async function publicNames(deps: CoreDeps, ids: number[]): Promise<Map<number, NameRow>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'is_private']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
