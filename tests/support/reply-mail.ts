// Replies to question emails for the answers-by-email tests: raw MIME built with nodemailer's composer, a reply
// address made as the weekly email will make one, and a real SMTP client (docs/decisions/0030-answers-by-email.md).
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { replyAddressFor } from '../../server/src/core/answers-by-email/reply-address';
import type { TestApp } from './test-app';

export const QUESTION = { questionId: 'early-childhood-first-home', questionText: 'What was your first home like?' };

export const replyAddress = (t: TestApp, userId: number) => replyAddressFor(t.deps, userId, QUESTION);

/** A reply as a phone's mail program writes it: the answer, a signature, then the question email quoted. */
export const quotedReply = (answer: string) =>
  `${answer}\n\n--\nMargaret\nSent from my phone\n\nOn Tue, Nov 24, 2026 at 9:00 AM Life Story <no-reply@localhost> wrote:\n> ${QUESTION.questionText}\n>\n> Or simply reply to this email.\n`;

/** The same answer as an HTML-only mail (Gmail's shape: the quote in a blockquote after "On … wrote:"). */
export const htmlOnlyReply = (paragraphs: string[]) =>
  `<div dir="ltr">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Nov 24, 2026 at 9:00 AM Life Story &lt;no-reply@localhost&gt; wrote:<br></div><blockquote class="gmail_quote"><p>${QUESTION.questionText}</p><p>Or simply reply to this email.</p></blockquote></div>`;

export function replyMime(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ subject: `Re: ${QUESTION.questionText}`, ...options }).compile().build();
}

/** A real SMTP client for the receiver on a loopback port (no TLS: the receiver offers none). */
export const smtpClient = (port: number) => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
