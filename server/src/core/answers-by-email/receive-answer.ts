// One reply to a question email, from either transport (the SMTP receiver or a provider's forwarding), becomes a
// chapter of the writer's draft, or is refused (docs/decisions/0030-answers-by-email.md). Nothing here is published:
// the writer reads the draft over and publishes it. An unexpected failure throws, so that the transport answers
// "try again later" (the receipts make a retry safe); every expected refusal is an outcome, never an error.
import { simpleParser, type ParsedMail } from 'mailparser';
import { isAskedId } from '../questions/family-asks';
import { libraryQuestion } from '../questions/library';
import { answerQuestion } from '../questions/questions';
import type { CoreDeps } from '../shared/core-deps';
import { afterAnswer } from '../shared/work-after-answer';
import { answerChapterHtml } from './answer-chapter';
import { answerAddedEmail, answerRefusedEmail, type RefusalReason } from './answer-emails';
import { photoAttachments, storeAnswerPhotos } from './answer-photos';
import { answerParagraphs } from './answer-text';
import { alreadyReceived, appendAnswerToDraft, receiptKeys } from './append-answer';
import { findReplyAddress, replyTokenOf, type ReplyAddressRow } from './reply-address';
import { dmarcFailed, isAutomatic, normaliseAddress, soleSender } from './sender-checks';

/** What the transport knows besides the message: SMTP's envelope, or what a provider's forwarding said. */
export interface InboundEnvelope {
  /** MAIL FROM ('' for a bounce); undefined when the transport does not know it. */
  from?: string;
  /** The recipients (RCPT TO); empty: the message's own Delivered-To, X-Original-To, To and Cc are read. */
  to: readonly string[];
  /** The sending server's address, for its budget (SMTP only). */
  clientKey?: string;
}

export type AnswerOutcome =
  | { kind: 'added'; userId: number; photos: number }
  | { kind: 'duplicate' }
  | { kind: 'too-large' }
  /** Dropped without a reply: no reply address of ours, a token we never made, automatic mail, a flood, not mail. */
  | { kind: 'ignored'; why: 'no-reply-address' | 'unknown-token' | 'automatic' | 'too-many' | 'unreadable' }
  /** Refused with a reply to the account's own address (unless its budget of refusals is spent). */
  | { kind: 'refused'; reason: RefusalReason; replied: boolean };

/** Is this recipient a reply address we made? (SMTP asks at RCPT, so that a wrong one is refused there: 550.) */
export async function isReplyRecipient(deps: Pick<CoreDeps, 'db' | 'secret' | 'config'>, address: string): Promise<boolean> {
  const token = replyTokenOf(address, deps.config.inboundMail.domain);
  return token !== null && (await findReplyAddress(deps.db, deps.secret, token)) !== undefined;
}

function recipientsOf(mail: ParsedMail, envelope: InboundEnvelope): string[] {
  if (envelope.to.length > 0) return [...envelope.to];
  const header = (name: string) => mail.headerLines.filter((h) => h.key === name).map((h) => h.line.slice(h.line.indexOf(':') + 1));
  const listed = [mail.to, mail.cc].flat().flatMap((o) => o?.value ?? []);
  return [...header('delivered-to'), ...header('x-original-to'), ...listed.flatMap((a) => (a.address ? [a.address] : []))].map((a) =>
    a.trim(),
  );
}

async function findToken(deps: CoreDeps, recipients: string[]): Promise<{ token: string; row: ReplyAddressRow | undefined } | null> {
  for (const address of recipients) {
    const token = replyTokenOf(address, deps.config.inboundMail.domain);
    if (token) return { token, row: await findReplyAddress(deps.db, deps.secret, token) };
  }
  return null;
}

const spent = async (deps: CoreDeps, rule: Parameters<CoreDeps['limiter']['consume']>[0], key: string) =>
  !(await deps.limiter.consume(rule, key)).allowed;

export async function receiveAnswer(
  deps: CoreDeps,
  rawMime: Buffer,
  envelope: InboundEnvelope,
  { origin }: { origin: string },
): Promise<AnswerOutcome> {
  if (rawMime.length > deps.config.inboundMail.maxBytes) return { kind: 'too-large' };
  let mail: ParsedMail;
  try {
    mail = await simpleParser(rawMime);
  } catch {
    return { kind: 'ignored', why: 'unreadable' };
  }
  const found = await findToken(deps, recipientsOf(mail, envelope));
  if (!found) return { kind: 'ignored', why: 'no-reply-address' };
  if (isAutomatic(mail, envelope.from)) return { kind: 'ignored', why: 'automatic' };
  const sender = soleSender(mail);
  // A flood from one address or one server is dropped before anything else is looked at, without a reply.
  if (sender && (await spent(deps, 'answerEmailPerSender', sender))) return { kind: 'ignored', why: 'too-many' };
  if (envelope.clientKey && (await spent(deps, 'inboundMailPerClient', envelope.clientKey))) return { kind: 'ignored', why: 'too-many' };
  const { row } = found;
  const account = row && (await deps.db.selectFrom('users').select(['email', 'locale']).where('id', '=', row.user_id).executeTakeFirst());
  if (!row || !account) {
    deps.log(`An email to an unknown reply address was dropped (from ${sender ?? 'no single sender'}).`);
    return { kind: 'ignored', why: 'unknown-token' };
  }

  const inReplyTo = mail.messageId;
  const refuse = async (reason: RefusalReason): Promise<AnswerOutcome> => {
    const replied = !(await spent(deps, 'answerRefusalPerAccount', String(row.user_id)));
    if (replied) {
      const refusal = answerRefusedEmail(account.email, reason, {
        question: row.question_text,
        sender: sender ?? 'an unknown address',
        origin,
        inReplyTo,
        locale: account.locale ?? undefined,
      });
      afterAnswer(
        () => deps.mailer.send(refusal),
        (err) => deps.log(`Could not send a refused answer's reply: ${(err as Error).message}`),
      );
    }
    return { kind: 'refused', reason, replied };
  };
  if (sender !== normaliseAddress(account.email)) return refuse('wrong-sender');
  if (dmarcFailed(mail)) return refuse('not-confirmed');

  const paragraphs = answerParagraphs(mail);
  const attachments = photoAttachments(mail.attachments);
  const keys = receiptKeys(mail.messageId, row.token_hash, [...paragraphs, ...attachments.map((a) => a.checksum)].join('\n'));
  if (await alreadyReceived(deps.db, row.user_id, keys)) return { kind: 'duplicate' };
  if (await spent(deps, 'answerEmailPerAccount', String(row.user_id))) return refuse('too-many');
  if (paragraphs.length === 0 && attachments.length === 0) return refuse('empty');

  const stored = await storeAnswerPhotos(deps, row.user_id, sender, attachments);
  const chapter = answerChapterHtml(row.question_text, paragraphs, stored.photos);
  const appended = await appendAnswerToDraft(deps, row.user_id, chapter, keys);
  if (appended.kind === 'duplicate') return { kind: 'duplicate' };
  if (appended.kind !== 'added') return refuse(appended.kind);
  // The question is answered (ADR 0028): never offered or emailed again, and its chapter counts for its stage. A
  // question the family asked is answered by the same path as in the picker (ADR 0032): its asker is told once the
  // story is published with the chapter. A question gone since (its asker's account deleted) is logged; the chapter
  // is in the draft all the same.
  if (libraryQuestion(row.question_id) || isAskedId(row.question_id))
    await answerQuestion(
      deps,
      { userId: row.user_id, sessionId: null, signedInAt: null, clientKey: 'answer-email' },
      { id: row.question_id },
    ).catch((err: unknown) => deps.log(`Could not record question ${row.question_id} as answered: ${(err as Error).message}`));
  const added = answerAddedEmail(
    account.email,
    row.question_text,
    { photos: stored.photos.length, failed: stored.failed },
    origin,
    inReplyTo,
    account.locale ?? undefined,
  );
  afterAnswer(
    () => deps.mailer.send(added),
    (err) => deps.log(`Could not send "Your answer is in your draft": ${(err as Error).message}`),
  );
  return { kind: 'added', userId: row.user_id, photos: stored.photos.length };
}
