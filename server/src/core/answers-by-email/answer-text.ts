// The answer in a reply: the new text only, without the quoted question email or a signature. The stripping is
// email-reply-parser's (a maintained port of GitHub's EmailReplyParser), never regexes of our own; an HTML-only reply
// is read through mailparser's text of its HTML (docs/decisions/0030-answers-by-email.md).
import EmailReplyParser from 'email-reply-parser';
import type { ParsedMail } from 'mailparser';

/** The answer's paragraphs (blank lines part them; a line break inside one is a mail program's wrapping). */
export function answerParagraphs(mail: ParsedMail): string[] {
  const text = (mail.text ?? '').replace(/\r\n?/g, '\n');
  if (!text.trim()) return [];
  const answer = new EmailReplyParser().parseReply(text);
  return answer
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}
