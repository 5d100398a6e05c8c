import { LIMITS } from '../../contract/limits';
import type { ListItem, SearchInput, SearchPage, SearchPageInput } from '../../contract/explore';
import type { MatchField, SearchHit } from '../../ports/search-index';
import type { CoreDeps } from '../shared/core-deps';
import { listEntriesFor } from './list-items';

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
export async function search(deps: CoreDeps, { text, kind }: SearchInput): Promise<ListItem[]> {
  if (text.trim() === '') return [];
  return itemsOf(deps, await deps.search.search({ text, kind, limit: LIMITS.searchResultsMax }));
}

/**
 * One page of a search: `limit` hits after the best `cursor` ones, and the cursor of the next page (null once
 * no further match can be reached: fewer hits than asked for, or LIMITS.searchDepth). The index is asked for one
 * hit more than the page where it can be, to tell the last page without an empty one after it.
 */
export async function searchPage(deps: CoreDeps, { text, kind, cursor, limit }: SearchPageInput): Promise<SearchPage> {
  if (text.trim() === '' || cursor >= LIMITS.searchDepth) return { items: [], nextCursor: null };
  const size = Math.min(limit, LIMITS.searchDepth - cursor);
  const asked = Math.min(size + 1, LIMITS.pageSizeMax);
  const hits = await deps.search.search({ text, kind, limit: asked, offset: cursor });
  const page = hits.slice(0, size);
  const more = hits.length > size || (asked === size && hits.length === size);
  const next = cursor + page.length;
  return { items: await itemsOf(deps, page), nextCursor: more && next < LIMITS.searchDepth ? next : null };
}

async function itemsOf(deps: CoreDeps, hits: SearchHit[]): Promise<ListItem[]> {
  const entries = new Map(
    (
      await listEntriesFor(
        deps,
        hits.map((h) => h.id),
      )
    ).map((e) => [e.id, e]),
  );
  const result: ListItem[] = [];
  for (const hit of hits) {
    const who = entries.get(hit.id);
    if (!who) continue;
    const byName = hit.matches.some((m) => m.field === 'firstName' || m.field === 'lastName');
    // An index that has not caught up with a switch to private still matches the names: such a hit
    // must not show (it would tell who bears the name), nor one left with nothing public that matched.
    if (who.is_private && (byName || hit.matches.length === 0)) continue;
    result.push({
      ...who.item,
      first_name: who.is_private ? null : who.first_name,
      last_name: who.is_private ? null : who.last_name,
      highlights: hit.matches.map((m) => ({ field: FIELD_NAMES[m.field], start: m.start, length: m.length })),
    });
  }
  return result;
}
