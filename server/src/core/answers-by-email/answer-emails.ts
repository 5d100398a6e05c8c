// What the writer is told about a reply: that the answer is in the draft, or, short and polite, why it is not. Every
// one goes to the account's own address, never to a message's From (docs/decisions/0030-answers-by-email.md), and
// is marked as automatic (RFC 3834) so that an out-of-office reply to it is not answered in turn.
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';

export type RefusalReason = 'wrong-sender' | 'not-confirmed' | 'too-many' | 'empty' | 'too-long' | 'too-many-photos';

/** The answer's place in the conversation, and "automatic" (RFC 3834). */
function replyHeaders(inReplyTo: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-replied' };
  if (inReplyTo) {
    headers['In-Reply-To'] = inReplyTo;
    headers.References = inReplyTo;
  }
  return headers;
}

const writeScreen = (origin: string) => `${origin}/story/write`;

export function answerAddedEmail(
  to: string,
  question: string,
  { photos, failed }: { photos: number; failed: { file: string; why: string }[] },
  origin: string,
  inReplyTo: string | undefined,
): MailMessage {
  const paragraphs = [
    'Your answer is in your draft: read it over and publish.',
    `“${question}” is now a chapter at the end of your draft. Nobody else can read it until you press Save Story.`,
  ];
  if (photos > 0)
    paragraphs.push(
      photos === 1
        ? 'Your photo is in it too. It needs a few words saying what it shows, for people who cannot see it: the write screen shows where.'
        : `Your ${photos} photos are in it too. Each needs a few words saying what it shows, for people who cannot see it: the write screen shows where.`,
    );
  if (failed.length > 0)
    paragraphs.push(
      `${failed.length === 1 ? 'One attachment' : `${failed.length} attachments`} could not be added: ${failed.map((f) => `${f.file} (${f.why})`).join('; ')}. You can add photos on the write screen.`,
    );
  // The write screen opens on the answer's chapter (its heading is the question: answer-chapter.ts).
  paragraphs.push(`${writeScreen(origin)}?chapter=${encodeURIComponent(question)}`);
  return { ...message(to, 'Your answer is in your draft', paragraphs), headers: replyHeaders(inReplyTo) };
}

function why(reason: RefusalReason, question: string, sender: string, account: string): string[] {
  switch (reason) {
    case 'wrong-sender':
      return [
        `We received a reply to your question “${question}” from ${sender}, which is not the email address of your ${SITE} account.`,
        `So that nobody else can write in your story, we only take answers from ${account}. If it was you, please reply from that address, or write your answer on the write screen.`,
      ];
    case 'not-confirmed':
      return [
        `We received a reply to your question “${question}” that says it is from you, but your email provider could not confirm that you sent it, so we did not add it.`,
        'If it was you, please send it again, or write your answer on the write screen.',
      ];
    case 'too-many':
      return [
        `Thank you for your answer to “${question}”. You have sent us many answers today, so this one was not added to your draft.`,
        'Please send it again tomorrow, or write it on the write screen.',
      ];
    case 'empty':
      return [
        `Your reply to “${question}” reached us, but we found no answer in it, only the question we sent.`,
        'Please write your answer above the quoted question and send it again, or write it on the write screen.',
      ];
    case 'too-long':
      return [
        `Your answer to “${question}” could not be added: your draft would be longer than a story may be.`,
        'Please publish your story or shorten your draft first, or write on the write screen.',
      ];
    case 'too-many-photos':
      return [
        `Your answer to “${question}” could not be added: your story would hold more photos than it may.`,
        'Please send it again with fewer photos, or write it on the write screen.',
      ];
  }
}

export function answerRefusedEmail(
  to: string,
  reason: RefusalReason,
  { question, sender, origin, inReplyTo }: { question: string; sender: string; origin: string; inReplyTo: string | undefined },
): MailMessage {
  const paragraphs = [...why(reason, question, sender, to), writeScreen(origin)];
  return { ...message(to, 'Your answer was not added to your story', paragraphs), headers: replyHeaders(inReplyTo) };
}
