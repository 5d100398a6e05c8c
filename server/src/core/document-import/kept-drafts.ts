// Drafts "Replace my draft" kept (migration 023, docs/decisions/0033-import-a-document.md): listed in Versions, and
// brought back as the draft. Bringing one back keeps the draft it replaces in turn, so it can itself be undone.
import type { DraftWritten } from '../../contract/drafts';
import { type KeptDraft, NO_SUCH_KEPT_DRAFT } from '../../contract/document-import';
import { AppError } from '../../contract/errors';
import type { Database } from '../../db/schema';
import { serializedTransaction } from '../../db/transaction';
import { draftHead, draftRow, storyVersion, writeDraft } from '../drafts/draft-state';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { countHtmlWords } from '../stories/html-text';
import type { Transaction } from 'kysely';

export async function listKeptDrafts(deps: CoreDeps, { userId }: SignedInActor): Promise<KeptDraft[]> {
  const rows = await deps.db
    .selectFrom('kept_drafts')
    .select(['id', 'title', 'word_count', 'kept_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, kept_at: isoTime(r.kept_at) }));
}

/** Keeps the person's draft as it is now, when there is one with words in it (inside the caller's transaction). */
export async function keepCurrentDraft(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
  const draft = await draftRow(trx, userId);
  const html = draft?.unsafe_html;
  if (!draft || draft.saved_at === null || !html || html.trim() === '' || html.trim() === '<p></p>') return;
  await trx
    .insertInto('kept_drafts')
    .values({
      user_id: userId,
      title: draft.title ?? '',
      unsafe_html: html,
      word_count: countHtmlWords(html),
      kept_at: now,
      reason: 'import',
    })
    .execute();
}

/** The kept draft becomes the draft (the counter moves on; another tab's next autosave gets its 409). */
export async function restoreKeptDraft(deps: CoreDeps, { userId }: SignedInActor, { id }: { id: number }): Promise<DraftWritten> {
  const now = deps.clock.now();
  const draftVersion = await serializedTransaction(deps.db, async (trx) => {
    const kept = await trx
      .selectFrom('kept_drafts')
      .select(['title', 'unsafe_html'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!kept) throw new AppError('NOT_FOUND', NO_SUCH_KEPT_DRAFT);
    const { draftVersion: current } = await draftHead(trx, userId);
    if ((await draftRow(trx, userId))?.unsafe_html !== kept.unsafe_html) await keepCurrentDraft(trx, userId, now);
    await writeDraft(trx, userId, current + 1, {
      title: kept.title,
      unsafe_html: kept.unsafe_html,
      base_version: await storyVersion(trx, userId),
      restored_from: null,
      saved_at: now,
    });
    return current + 1;
  });
  return { draft_version: draftVersion, saved_at: isoTime(now) };
}
