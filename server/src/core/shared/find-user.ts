import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../contract/errors';
import { type Reader, readableStoryOf } from '../access/story-access';

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

/**
 * The author id of a story the reader may read (core/access/story-access.ts: moderation, then the audience): NOT_FOUND
 * as for no story otherwise (docs/decisions/0020-moderation.md, 0026-who-can-read-a-story.md). For writes that reach a
 * story (a comment, a like, a bookmark, a report), so that what a reader cannot see takes nothing new.
 */
export async function requireVisibleStoryOf(
  db: Kysely<Database> | Transaction<Database>,
  username: string,
  reader: Reader,
): Promise<number> {
  const id = await readableStoryOf(db, reader, username);
  if (id === null) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
  return id;
}
