import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The person's draft row (undefined before their first draft save, discard, restore or publish). Its
 * `unsafe_html` is the text as the editor sent it: sanitize it before it leaves the server (drafts.ts).
 */
export function draftRow(db: Db, userId: number) {
  return db
    .selectFrom('drafts')
    .select(['draft_version', 'title', 'unsafe_html', 'base_version', 'restored_from', 'saved_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What a write checks: the counter, and where the draft (if any) was restored from; not its text. */
export async function draftHead(db: Db, userId: number): Promise<{ draftVersion: number; restoredFrom: number | null }> {
  const row = await db
    .selectFrom('drafts')
    .select(['draft_version', 'restored_from', 'saved_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // restored_from only counts while there is a draft (saved_at is null exactly when there is none).
  return { draftVersion: row?.draft_version ?? 0, restoredFrom: row?.saved_at != null ? row.restored_from : null };
}

/** The published story's version, 0 when there is none. */
export async function storyVersion(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('stories').select('version').where('user_id', '=', userId).executeTakeFirst();
  return row?.version ?? 0;
}

/** What a draft row becomes: the counter always moves on, so a version is never handed out twice. */
export async function writeDraft(
  trx: Transaction<Database>,
  userId: number,
  draftVersion: number,
  draft: { title: string; unsafe_html: string; base_version: number; restored_from: number | null; saved_at: number } | null,
): Promise<void> {
  const values = {
    draft_version: draftVersion,
    title: draft?.title ?? null,
    unsafe_html: draft?.unsafe_html ?? null,
    base_version: draft?.base_version ?? null,
    restored_from: draft?.restored_from ?? null,
    saved_at: draft?.saved_at ?? null,
  };
  await trx
    .insertInto('drafts')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
