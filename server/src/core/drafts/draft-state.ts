import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The person's draft row (undefined before their first autosave, discard, restore or publish). Its
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

/**
 * An autosave's write in one statement (no transaction of four): the draft becomes `draft` with the counter one
 * up, when the counter is `expected` (0: no draft row yet) or `force`; otherwise nothing is written and
 * undefined comes back (a 409). A draft restored from a revision stays "restored from" it while there is a draft,
 * as in `draftHead`. Same outcome as draftHead + writeDraft in a transaction, for a fraction of the statements.
 */
export async function autosaveIfCurrent(
  db: Db,
  userId: number,
  expected: number,
  force: boolean,
  draft: { title: string; unsafe_html: string; base_version: number; saved_at: number },
): Promise<number | undefined> {
  const mayWrite = force ? 1 : 0;
  const { rows } = await sql<{ draft_version: number }>`
    INSERT INTO drafts (user_id, draft_version, title, unsafe_html, base_version, restored_from, saved_at)
    SELECT CAST(${userId} AS BIGINT), 1, CAST(${draft.title} AS TEXT), CAST(${draft.unsafe_html} AS TEXT),
      CAST(${draft.base_version} AS BIGINT), NULL, CAST(${draft.saved_at} AS BIGINT)
    WHERE ${expected} = 0 OR ${mayWrite} = 1 OR EXISTS (SELECT 1 FROM drafts WHERE user_id = ${userId})
    ON CONFLICT (user_id) DO UPDATE SET
      draft_version = drafts.draft_version + 1,
      title = excluded.title,
      unsafe_html = excluded.unsafe_html,
      base_version = excluded.base_version,
      restored_from = CASE WHEN drafts.saved_at IS NOT NULL THEN drafts.restored_from END,
      saved_at = excluded.saved_at
    WHERE drafts.draft_version = ${expected} OR ${mayWrite} = 1
    RETURNING draft_version`.execute(db);
  return rows[0]?.draft_version;
}
