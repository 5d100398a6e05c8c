// Which revisions are kept (docs/decisions/0012-drafts-revisions-and-versions.md): every one from the last 30 days,
// then the last of each day for a year, then the last of each month, and the newest always. Thinned on each publish,
// in its transaction (which also clears the draft, so no draft is left restored from a thinned revision), so an
// author's revisions stay a few hundred at most however long they write.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { dropUnusedPieces } from './revision-text';

const DAY = 24 * 60 * 60 * 1000;
/** Revisions younger than this are all kept. */
export const KEEP_ALL_MS = 30 * DAY;
/** Up to this age, the last revision of each day (UTC) is kept; beyond it, the last of each month. */
export const ONE_A_DAY_MS = 365 * DAY;

export interface RevisionHead {
  id: number;
  published_at: number;
}

/** The ids of `revisions` the policy lets go at `now`. */
export function revisionsToThin(revisions: RevisionHead[], now: number): number[] {
  const newestFirst = [...revisions].sort((a, b) => b.published_at - a.published_at || b.id - a.id);
  const seen = new Set<string>();
  const thin: number[] = [];
  newestFirst.forEach((r, i) => {
    const age = now - r.published_at;
    if (i === 0 || age < KEEP_ALL_MS) return;
    const day = new Date(r.published_at).toISOString();
    const bucket = age < ONE_A_DAY_MS ? day.slice(0, 10) : day.slice(0, 7);
    if (seen.has(bucket)) thin.push(r.id);
    else seen.add(bucket);
  });
  return thin;
}

/** Applies the policy to the author's revisions at `now` (inside the publish's transaction), and drops pieces no longer used. */
export async function thinRevisions(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
  const newest = await trx
    .selectFrom('story_revisions')
    .select(['id', 'published_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const older = await trx
    .selectFrom('story_revisions')
    .select(['id', 'published_at'])
    .where('user_id', '=', userId)
    .where('published_at', '<=', now - KEEP_ALL_MS)
    .execute();
  if (older.length < 2) return;
  const thin = revisionsToThin([...newest, ...older.filter((r) => r.id !== newest[0]?.id)], now);
  if (thin.length === 0) return;
  for (let i = 0; i < thin.length; i += 500) {
    await trx
      .deleteFrom('story_revisions')
      .where('user_id', '=', userId)
      .where('id', 'in', thin.slice(i, i + 500))
      .execute();
  }
  await dropUnusedPieces(trx, userId);
}
