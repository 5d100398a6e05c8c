// Import a document, step two (docs/decisions/0033-import-a-document.md): the previewed HTML goes into the draft,
// after what it holds ("Add to the end of my draft") or instead of it ("Replace my draft"). Never published. A
// draft that is replaced is kept first (kept_drafts, shown in Versions), so no words are lost; with no draft, the
// draft starts from the published story, as a restore does, and the story itself stays in Versions as it is.
// The draft counter is checked and moved on as by any save: another tab's save since is a 409, never an overwrite.
import { DRAFT_CONFLICT, type DraftWritten } from '../../contract/drafts';
import type { ImportDocumentInput } from '../../contract/document-import';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import { serializedTransaction } from '../../db/transaction';
import { draftHead, draftRow, storyVersion, writeDraft } from '../drafts/draft-state';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { refuseTooManyPhotosInDraft } from '../stories/story-photos';
import { keepCurrentDraft } from './kept-drafts';

export const DRAFT_TOO_LONG_WITH_DOCUMENT =
  'Your draft and this document together are longer than a story can be (5 MB of text). Try "Replace my draft", or bring in a shorter part.';

const isEmpty = (html: string) => html.trim() === '' || html.trim() === '<p></p>';

export async function importIntoDraft(deps: CoreDeps, { userId }: SignedInActor, input: ImportDocumentInput): Promise<DraftWritten> {
  const now = deps.clock.now();
  const draftVersion = await serializedTransaction(deps.db, async (trx) => {
    const { draftVersion: current, restoredFrom } = await draftHead(trx, userId);
    if (input.draft_version !== current) throw new AppError('CONFLICT', DRAFT_CONFLICT);
    const draft = await draftRow(trx, userId);
    let base: { title: string; html: string; baseVersion: number; isDraft: boolean };
    if (draft && draft.saved_at !== null && draft.unsafe_html !== null && draft.base_version !== null) {
      base = { title: draft.title ?? '', html: draft.unsafe_html, baseVersion: draft.base_version, isDraft: true };
    } else {
      const story = await trx.selectFrom('stories').select(['title', 'body_html']).where('user_id', '=', userId).executeTakeFirst();
      base = { title: story?.title ?? '', html: story?.body_html ?? '', baseVersion: await storyVersion(trx, userId), isDraft: false };
    }
    const html = input.mode === 'replace' || isEmpty(base.html) ? input.text : `${base.html}${input.text}`;
    if (Buffer.byteLength(html, 'utf8') > LIMITS.storyBytesMax) throw new AppError('TOO_LARGE', DRAFT_TOO_LONG_WITH_DOCUMENT);
    refuseTooManyPhotosInDraft(html);
    if (input.mode === 'replace' && base.isDraft) await keepCurrentDraft(trx, userId, now);
    await writeDraft(trx, userId, current + 1, {
      title: base.title,
      unsafe_html: html,
      base_version: base.baseVersion,
      restored_from: restoredFrom,
      saved_at: now,
    });
    return current + 1;
  });
  return { draft_version: draftVersion, saved_at: isoTime(now) };
}
