// TEMPORARY stand-in for the access helper's seam (plan-24.md), until h24-access is merged: today's rule only
// (a story exists, and is not hidden nor its author suspended, unless the reader is its author). Replaced by theirs.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export interface Reader {
  userId: number | null;
  passTokens: readonly string[];
}

/** Whether this reader may read the story of ownerId now (author, audience, membership, passes, moderation). */
export async function canReadStory(db: Kysely<Database> | Transaction<Database>, reader: Reader, ownerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['stories.hidden_at', 'users.suspended_at'])
    .where('stories.user_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return false;
  return reader.userId === ownerId || (row.hidden_at === null && row.suspended_at === null);
}
