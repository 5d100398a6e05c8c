// Appends an answer's chapter to the writer's draft in one write transaction with its receipts, so that a message
// delivered twice, or the same answer sent again, is added once (docs/decisions/0030-answers-by-email.md). With no
// draft, the draft starts from the published story, as a restore does (docs/decisions/0012-drafts-revisions-and-versions.md);
// the draft counter goes up by one as on any save, so an open write screen gets its usual conflict, never an overwrite.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { LIMITS } from '../../contract/limits';
import { PHOTOS_PER_STORY_MAX } from '../../contract/uploads';
import type { Database } from '../../db/schema';
import { serializedTransaction } from '../../db/transaction';
import { draftHead, draftRow, storyVersion, writeDraft } from '../drafts/draft-state';
import type { CoreDeps } from '../shared/core-deps';
import { withChapter } from './answer-chapter';

/** The receipts of one message: its Message-ID (when it has one) and its token with its answer text. */
export function receiptKeys(messageId: string | undefined, tokenHash: string, answerText: string): string[] {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const keys = [`answer:${sha(`${tokenHash}\n${answerText}`)}`];
  const id = messageId?.trim().replace(/^<|>$/g, '').toLowerCase();
  if (id) keys.unshift(`message:${sha(id)}`);
  return keys;
}

/** Whether any of these receipts is already there: the message, or the same answer, was added before. */
export async function alreadyReceived(db: CoreDeps['db'] | Transaction<Database>, userId: number, keys: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('answer_receipts')
    .select('receipt_key')
    .where('user_id', '=', userId)
    .where('receipt_key', 'in', keys)
    .executeTakeFirst();
  return row !== undefined;
}

export type AppendOutcome =
  | { kind: 'added'; draftVersion: number }
  | { kind: 'duplicate' }
  | { kind: 'too-long' }
  | { kind: 'too-many-photos' };

export async function appendAnswerToDraft(
  deps: Pick<CoreDeps, 'db' | 'clock'>,
  userId: number,
  chapter: string,
  keys: string[],
): Promise<AppendOutcome> {
  const now = deps.clock.now();
  return serializedTransaction(deps.db, async (trx) => {
    // Checked again where no other delivery of the same message can pass between the check and the write.
    if (await alreadyReceived(trx, userId, keys)) return { kind: 'duplicate' };
    const draft = await draftRow(trx, userId);
    const { draftVersion, restoredFrom } = await draftHead(trx, userId);
    let base: { title: string; html: string; baseVersion: number };
    if (draft && draft.saved_at !== null && draft.unsafe_html !== null && draft.base_version !== null) {
      base = { title: draft.title ?? '', html: draft.unsafe_html, baseVersion: draft.base_version };
    } else {
      const story = await trx.selectFrom('stories').select(['title', 'body_html']).where('user_id', '=', userId).executeTakeFirst();
      base = { title: story?.title ?? '', html: story?.body_html ?? '', baseVersion: await storyVersion(trx, userId) };
    }
    const html = withChapter(base.html, chapter);
    if (Buffer.byteLength(html, 'utf8') > LIMITS.storyBytesMax) return { kind: 'too-long' };
    if ((html.match(/<img[\s/>]/gi)?.length ?? 0) > PHOTOS_PER_STORY_MAX) return { kind: 'too-many-photos' };
    await writeDraft(trx, userId, draftVersion + 1, {
      title: base.title,
      unsafe_html: html,
      base_version: base.baseVersion,
      restored_from: restoredFrom,
      saved_at: now,
    });
    await trx
      .insertInto('answer_receipts')
      .values(keys.map((receipt_key) => ({ user_id: userId, receipt_key, received_at: now })))
      .execute();
    return { kind: 'added', draftVersion: draftVersion + 1 };
  });
}
