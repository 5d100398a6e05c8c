// The reply address of a question email, `reply+<token>@<MAIL_DOMAIN>` (docs/decisions/0030-answers-by-email.md):
// 128 random bits as 32 lower-case hex digits (mail systems may change the case of a local part), bound to one person
// and one question. Only the token's keyed hash is stored; the address lives as long as the account.
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CoreDeps } from '../shared/core-deps';

export interface AskedQuestion {
  questionId: string;
  /** The question as the email asks it: the heading of the chapter its answer becomes. */
  questionText: string;
}

export interface ReplyAddressRow {
  token_hash: string;
  user_id: number;
  question_id: string;
  question_text: string;
}

/** The stored form of a reply token (its purpose is hashed with it, as for emailed links). */
export const replyTokenHash = (secret: Buffer, token: string): string =>
  createHmac('sha256', secret).update(`answer-reply:${token.toLowerCase()}`).digest('hex');

/** A new reply address for this person and question; the caller puts it in the question email's Reply-To. */
export async function replyAddressFor(
  deps: Pick<CoreDeps, 'db' | 'clock' | 'secret' | 'config'>,
  userId: number,
  question: AskedQuestion,
): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await deps.db
    .insertInto('answer_addresses')
    .values({
      token_hash: replyTokenHash(deps.secret, token),
      user_id: userId,
      question_id: question.questionId,
      question_text: question.questionText,
      created_at: deps.clock.now(),
    })
    .execute();
  return `reply+${token}@${deps.config.inboundMail.domain}`;
}

const REPLY_ADDRESS = /^reply\+([0-9a-f]{32})@(.+)$/i;

/** The token of `reply+<token>@<domain>` when it is one of ours (any case), else null. */
export function replyTokenOf(address: string, domain: string): string | null {
  const m = REPLY_ADDRESS.exec(address.trim().replace(/^<|>$/g, ''));
  if (!m || m[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  return m[1]!.toLowerCase();
}

/** The person and question a token was made for, or undefined for a token we never made (or of a deleted account). */
export function findReplyAddress(db: Kysely<Database>, secret: Buffer, token: string): Promise<ReplyAddressRow | undefined> {
  return db
    .selectFrom('answer_addresses')
    .select(['token_hash', 'user_id', 'question_id', 'question_text'])
    .where('token_hash', '=', replyTokenHash(secret, token))
    .executeTakeFirst();
}
