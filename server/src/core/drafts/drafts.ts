import { DRAFT_CONFLICT, type DiscardDraftInput, type DraftView, type AutosaveDraftInput, type DraftWritten } from '../../contract/drafts';
import { AppError } from '../../contract/errors';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { serializedTransaction, serializedWrite } from '../../db/transaction';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { photoMapFor, refuseTooManyPhotosInDraft } from '../stories/story-photos';
import { limitRate, refuseIfSpent } from '../shared/rate-limit';
import { signedIn } from '../shared/require-user';
import { draftHead, draftRow, autosaveIfCurrent, writeDraft } from './draft-state';

/**
 * The caller's unpublished draft, if any, and the counter the next autosave must name. Private to the author.
 * The text is sanitized here, as a story is (off the event loop, by `deps.formatter`), because it is kept as
 * the editor sent it: autosave writes a draft every ~1.5 s of typing, and it is read only when an editor opens
 * or meets a conflict (docs/decisions/0012-drafts-revisions-and-versions.md).
 */
export async function getDraft(deps: CoreDeps, { userId }: SignedInActor): Promise<DraftView> {
  const row = await draftRow(deps.db, userId);
  if (!row) return { draft_version: 0, draft: null };
  if (row.unsafe_html === null || row.title === null || row.saved_at === null || row.base_version === null) {
    return { draft_version: row.draft_version, draft: null };
  }
  // Never refused for time or complexity: what autosave accepted always comes back (ADR 0012).
  const { body } = await deps.formatter.formatDraft(row.unsafe_html, await photoMapFor(deps.db, row.unsafe_html));
  return {
    draft_version: row.draft_version,
    draft: { title: row.title, text: body, base_version: row.base_version, saved_at: isoTime(row.saved_at) },
  };
}

/**
 * What can refuse an autosave before its body (up to 5 MB) is read: no session, or a budget of the account's already
 * spent (all autosaves; large ones when the body may be large). The transport asks this first, so a storm of autosaves past
 * a budget costs no reading or parsing.
 */
export async function refuseAutosaveBeforeBody(deps: CoreDeps, actor: Actor, bodyBytes: number | undefined): Promise<void> {
  const { userId } = signedIn(actor);
  await refuseIfSpent(deps, 'draftSavePerAccount', String(userId));
  // A body of unknown length may be a large draft.
  if (bodyBytes === undefined || bodyBytes > LARGE_DRAFT_BYTES) await refuseIfSpent(deps, 'largeDraftSavePerAccount', String(userId));
}

/**
 * A draft this long (in UTF-8) also spends `largeDraftSavePerAccount`: reading, parsing and writing 5 MB holds the
 * event loop for ~0.3 s, so one account's autosaves of a book-length draft are at most one every 5 s (ADR 0012).
 */
export const LARGE_DRAFT_BYTES = 1024 * 1024;

/**
 * Keeps the editor's text as the caller's draft (readers never see it); the input's size and markup limits are
 * the story's. An autosave naming another draft_version than the server's is refused with 409 unless `force` (the
 * person chose to keep this text): never a silent overwrite.
 */
export async function autosaveDraft(deps: CoreDeps, { userId }: SignedInActor, input: AutosaveDraftInput): Promise<DraftWritten> {
  refuseTooManyPhotosInDraft(input.text);
  await limitRate(deps, [['draftSavePerAccount', String(userId)]]);
  if (Buffer.byteLength(input.text, 'utf8') > LARGE_DRAFT_BYTES) await limitRate(deps, [['largeDraftSavePerAccount', String(userId)]]);
  const now = deps.clock.now();
  // One statement: the counter check and the write together (draft-state.ts), atomic without a transaction
  // (on PostgreSQL in a write turn, so that it cannot land between a publish's read and write: ADR 0021).
  const draftVersion = await serializedWrite(deps.db, (db) =>
    autosaveIfCurrent(db, userId, input.draft_version, input.force === true, {
      title: input.title,
      unsafe_html: input.text,
      base_version: input.base_version,
      saved_at: now,
    }),
  );
  if (draftVersion === undefined) throw new AppError('CONFLICT', DRAFT_CONFLICT);
  return { draft_version: draftVersion, saved_at: isoTime(now) };
}

/** Throws the draft away (the published story stays as it is); 409 when another tab or device saved since. */
export async function discardDraft(
  deps: CoreDeps,
  { userId }: SignedInActor,
  input: DiscardDraftInput,
): Promise<{ draft_version: number }> {
  const draftVersion = await draftTransaction(deps, async (trx) => {
    const { draftVersion: current } = await draftHead(trx, userId);
    if (input.draft_version !== current) throw new AppError('CONFLICT', DRAFT_CONFLICT);
    await writeDraft(trx, userId, current + 1, null);
    return current + 1;
  });
  return { draft_version: draftVersion };
}

/**
 * A draft write's transaction. Unlike `writeTransaction` it does not wake the projector: a draft appends no
 * event, and autosave writes one every ~1.5 s of typing per person, so each nudge would be a needless catch-up
 * run (its reads and an empty transaction) on the one connection the story-page reads share
 * (docs/performance.md, "Autosave against story-page reads").
 */
function draftTransaction<T>(deps: CoreDeps, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return serializedTransaction(deps.db, fn);
}
