// The top lists' two like windows. They age by time: a like given 31 days ago leaves "This Month" without any
// new event, so each run also recomputes the stories whose likes crossed a window edge since the last one.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

const DAY = 24 * 60 * 60 * 1000;
export const WINDOWS = { month: 30 * DAY, year: 365 * DAY } as const;
export type WindowName = keyof typeof WINDOWS;
const WINDOW_NAMES = Object.keys(WINDOWS) as WindowName[];

/** Per window, the oldest time a like may have been given to count in it. */
export type Cutoffs = Record<WindowName, number>;

export function cutoffsAt(now: number): Cutoffs {
  return { month: now - WINDOWS.month, year: now - WINDOWS.year };
}

/** The cutoffs of the last successful run, or null before the first. */
export async function storedCutoffs(db: Kysely<Database>): Promise<Cutoffs | null> {
  const rows = await db.selectFrom('proj_windows').selectAll().execute();
  if (rows.length === 0) return null;
  const get = (n: string) => rows.find((r) => r.name === n)?.cutoff ?? 0;
  return { month: get('month'), year: get('year') };
}

/** Stories with a like that left a window between the previous cutoffs and these. */
export async function agedStories(trx: Transaction<Database>, previous: Cutoffs | null, cutoffs: Cutoffs): Promise<number[]> {
  const ids: number[] = [];
  for (const w of WINDOW_NAMES) {
    const before = previous?.[w] ?? cutoffs[w];
    if (cutoffs[w] <= before) continue;
    const aged = await trx
      .selectFrom('proj_likes')
      .select('story_user_id')
      .distinct()
      .where('given_at', '>=', before)
      .where('given_at', '<', cutoffs[w])
      .execute();
    for (const r of aged) ids.push(r.story_user_id);
  }
  return ids;
}

/** Records the cutoffs a run has applied (inside the run's final transaction). */
export async function storeCutoffs(trx: Transaction<Database>, cutoffs: Cutoffs): Promise<void> {
  for (const w of WINDOW_NAMES) {
    await trx
      .insertInto('proj_windows')
      .values({ name: w, cutoff: cutoffs[w] })
      .onConflict((oc) => oc.column('name').doUpdateSet({ cutoff: cutoffs[w] }))
      .execute();
  }
}
