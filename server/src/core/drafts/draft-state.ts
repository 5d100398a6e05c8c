import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The person's draft row (undefined before their first draft save, discard, restore or publish). */
export function draftRow(db: Db, userId: number) {
  return db
    .selectFrom('drafts')
    .select(['draft_version', 'title', 'body_html', 'base_version', 'restored_from', 'saved_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
  draft: { title: string; body_html: string; base_version: number; restored_from: number | null; saved_at: number } | null,
): Promise<void> {
  const values = {
    draft_version: draftVersion,
    title: draft?.title ?? null,
    body_html: draft?.body_html ?? null,
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
