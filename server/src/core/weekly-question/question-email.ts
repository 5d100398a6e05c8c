// The weekly question email (docs/decisions/0031-one-question-a-week.md): one question, a link that opens the write
// screen with it as a new chapter, "Or simply reply to this email" (its Reply-To is the question's reply address,
// ADR 0030), and the one-click unsubscribe of the followers' digests (ADR 0027): a visible link and RFC 8058 headers.
// Plain text and the same words as simple HTML, nothing that tracks.
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';

export interface QuestionEmail {
  name: string;
  question: string;
  /** Who of the family asked it ("Anna"; docs/decisions/0032-the-family-asks.md), or null for the library's. */
  askedBy?: string | null;
  writeUrl: string;
  replyTo: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export const questionSubject = (question: string, askedBy?: string | null) =>
  askedBy ? `Your question this week, from ${askedBy}: ${question}` : `Your question this week: ${question}`;

export function weeklyQuestionEmail(to: string, q: QuestionEmail): MailMessage {
  const mail = message(to, questionSubject(q.question, q.askedBy), [
    `Hello ${q.name},`,
    ...(q.askedBy
      ? ['Here is this week’s question for your life story.', `${q.askedBy} asked: “${q.question}”`]
      : ['Here is this week’s question for your life story:', `“${q.question}”`]),
    'To answer it on the site, open this link. It adds a new chapter to your draft, with the question as its heading:',
    q.writeUrl,
    'Or simply reply to this email. Write as much or as little as you like, and attach photos if you wish. Your answer goes into your draft, and nothing is published until you press Save Story.',
    ...(q.askedBy ? [`When your story is published with your answer, we will tell ${q.askedBy} it is there to read.`] : []),
    `You get this email once a week because you asked for it on ${SITE}. To change the day or the time, or to pause it:`,
    q.settingsUrl,
    'To stop these emails, open this link (no sign-in needed):',
    q.unsubscribeUrl,
  ]);
  return {
    ...mail,
    headers: {
      'Reply-To': q.replyTo,
      'List-Unsubscribe': `<${q.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
