import { DRAFT_CONFLICT, type DiscardDraftInput, type DraftView, type SaveDraftInput, type SavedDraft } from '../../contract/drafts';
import { AppError } from '../../contract/errors';
import { writeTransaction } from '../../db/transaction';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { limitRate } from '../shared/rate-limit';
import { draftRow, writeDraft } from './draft-state';

/** The caller's unpublished draft, if any, and the counter the next save must name. Private to the author. */
export async function getDraft(deps: CoreDeps, { userId }: SignedInActor): Promise<DraftView> {
  const row = await draftRow(deps.db, userId);
  if (!row) return { draft_version: 0, draft: null };
  const draft =
    row.body_html === null || row.title === null || row.saved_at === null || row.base_version === null
      ? null
      : { title: row.title, text: row.body_html, base_version: row.base_version, saved_at: isoTime(row.saved_at) };
  return { draft_version: row.draft_version, draft };
}

/**
 * Keeps the editor's text as the caller's draft (readers never see it). The text is sanitized as a story is,
 * off the event loop; pages are not stored. A save naming an older draft_version than the server's is refused
 * with 409 unless `force` (the person chose to keep this text): never a silent overwrite.
 */
export async function saveDraft(deps: CoreDeps, actor: SignedInActor, input: SaveDraftInput): Promise<SavedDraft> {
  const { userId } = actor;
  await limitRate(deps, [['draftSavePerAccount', String(userId)]]);
  const { body } = await deps.formatter.format(input.text);
  const now = deps.clock.now();
  const draftVersion = await writeTransaction(deps, async (trx) => {
    const row = await draftRow(trx, userId);
    const current = row?.draft_version ?? 0;
    if (input.draft_version !== current && input.force !== true) throw new AppError('CONFLICT', DRAFT_CONFLICT);
    // A draft that came from a restored revision stays "restored from" it while the person goes on editing.
    const restoredFrom = row?.body_html != null ? row.restored_from : null;
    await writeDraft(trx, userId, current + 1, {
      title: input.title,
      body_html: body,
      base_version: input.base_version,
      restored_from: restoredFrom,
      saved_at: now,
    });
    return current + 1;
  });
  return { draft_version: draftVersion, saved_at: isoTime(now) };
}

/** Throws the draft away (the published story stays as it is); 409 when another tab or device saved since. */
export async function discardDraft(
  deps: CoreDeps,
  { userId }: SignedInActor,
  input: DiscardDraftInput,
): Promise<{ draft_version: number }> {
  const draftVersion = await writeTransaction(deps, async (trx) => {
    const current = (await draftRow(trx, userId))?.draft_version ?? 0;
    if (input.draft_version !== current) throw new AppError('CONFLICT', DRAFT_CONFLICT);
    await writeDraft(trx, userId, current + 1, null);
    return current + 1;
  });
  return { draft_version: draftVersion };
}
