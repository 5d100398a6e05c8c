import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../contract/errors';

export const STORY_NOT_FOUND = 'Story not found.';

/** The id of the person with this username (any case), or null. */
export async function findUserId(db: Kysely<Database> | Transaction<Database>, username: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row?.id ?? null;
}

/** The author id of an existing story, or NOT_FOUND. */
export async function requireStoryOf(db: Kysely<Database> | Transaction<Database>, username: string): Promise<number> {
  const row = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select('stories.user_id')
    .where('users.username', '=', username)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
  return row.user_id;
}
