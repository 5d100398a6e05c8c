// Uploaded files are owned: a picture or banner may only name the caller's own upload, and a file
// is removed once nothing refers to it any more.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../contract/errors';
import type { CoreDeps } from '../shared/core-deps';
import { isPostgres } from '../../db/dialect';
import { allSizeNames } from './photo-sizes';

/** Where the name first occurs in the column, 0 when it does not: instr on SQLite, strpos on PostgreSQL (ADR 0021). */
function position(trx: Transaction<Database>, column: string, name: string) {
  return isPostgres(trx) ? sql<number>`strpos(${sql.ref(column)}, ${name})` : sql<number>`instr(${sql.ref(column)}, ${name})`;
}

export const UNKNOWN_UPLOAD = 'That image does not exist. Please upload it again.';

export async function requireOwnUpload(trx: Transaction<Database>, userId: number, name: string): Promise<void> {
  const row = await trx.selectFrom('uploads').select('name').where('name', '=', name).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', UNKNOWN_UPLOAD, { image: UNKNOWN_UPLOAD });
}

/**
 * Forgets uploads nothing refers to (inside the transaction) and returns their names for deleteBlobs. In use:
 * anyone's picture, any story's banner, or an image in the uploader's own story, draft or any kept revision (its
 * address holds the generated name; docs/decisions/0016-photos.md). An image of someone else's upload in a story
 * does not keep it: when its owner replaces or deletes it, it goes. Each text check reads only the uploader's
 * own rows (by user_id), so its cost is that person's story and revisions, not the site's.
 */
export async function forgetUnreferenced(trx: Transaction<Database>, names: (string | null | undefined)[]): Promise<string[]> {
  const gone: string[] = [];
  for (const name of new Set(names.filter((n): n is string => !!n))) {
    const used =
      (await trx.selectFrom('users').select('id').where('image', '=', name).executeTakeFirst()) ??
      (await trx.selectFrom('stories').select('user_id').where('banner', '=', name).executeTakeFirst()) ??
      (await trx
        .selectFrom('uploads')
        .innerJoin('stories', 'stories.user_id', 'uploads.user_id')
        .select('stories.user_id')
        .where('uploads.name', '=', name)
        .where(position(trx, 'stories.body_html', name), '>', 0)
        .executeTakeFirst()) ??
      (await trx
        .selectFrom('uploads')
        .innerJoin('drafts', 'drafts.user_id', 'uploads.user_id')
        .select('drafts.user_id')
        .where('uploads.name', '=', name)
        .where(position(trx, 'drafts.unsafe_html', name), '>', 0)
        .executeTakeFirst()) ??
      (await trx
        .selectFrom('uploads')
        // A kept revision's text is in its author's shared pieces, each name whole in one (db/text-chunks.ts).
        .innerJoin('story_revision_chunks', 'story_revision_chunks.user_id', 'uploads.user_id')
        .select('story_revision_chunks.user_id')
        .where('uploads.name', '=', name)
        .where(position(trx, 'story_revision_chunks.html', name), '>', 0)
        .executeTakeFirst()) ??
      // A draft "Replace my draft" kept (docs/decisions/0033-import-a-document.md).
      (await trx
        .selectFrom('uploads')
        .innerJoin('kept_drafts', 'kept_drafts.user_id', 'uploads.user_id')
        .select('kept_drafts.user_id')
        .where('uploads.name', '=', name)
        .where(position(trx, 'kept_drafts.unsafe_html', name), '>', 0)
        .executeTakeFirst());
    if (used) continue;
    await trx.deleteFrom('uploads').where('name', '=', name).execute();
    gone.push(name);
  }
  return gone;
}

/**
 * Removes files after their rows are gone, each original with its responsive sizes; a failure leaves an orphan
 * file, never a broken reference.
 */
export async function deleteBlobs(deps: CoreDeps, names: string[]): Promise<void> {
  const keys = names.flatMap((n) => [n, ...allSizeNames(n)]);
  await Promise.all(keys.map((k) => deps.blobs.delete(k).catch(() => undefined)));
}
