// The emails of following (docs/decisions/0027-followers-and-digests.md): the confirm link, and the daily digest of
// what is new. Plain text and the same words as simple HTML, nothing that tracks; the digest carries a visible
// unsubscribe link and List-Unsubscribe with List-Unsubscribe-Post (RFC 8058 one-click).
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';
import type { StoryChanges } from './story-changes';

/** At most this many new chapter titles are listed; the rest are counted. */
const MOST_HEADINGS = 10;

export function followConfirmEmail(
  to: string,
  { title, author, confirmUrl, days }: { title: string; author: { name: string }; confirmUrl: string; days: number },
): MailMessage {
  return message(to, `Confirm: follow “${title}” on ${SITE}`, [
    `Someone, hopefully you, asked for an email when ${author.name} adds to “${title}” on ${SITE}.`,
    `To start, open this link within ${days} days and press the button on the page:`,
    confirmUrl,
    'If you did not ask for this, ignore this email: nothing more will be sent to this address.',
  ]);
}

const words = (n: number) => `${n.toLocaleString('en-US')} word${n === 1 ? '' : 's'}`;

export function digestSubject(title: string, author: string, c: StoryChanges): string {
  if (c.headings.length === 0) return `${author} added ${words(c.words)} to “${title}”`;
  const more = c.headings.length > 1 ? ` and ${c.headings.length - 1} more` : '';
  return `New in “${title}”: ${c.headings[0]}${more}`;
}

export function followDigestEmail(
  to: string,
  {
    title,
    author,
    changes,
    readUrl,
    unsubscribeUrl,
  }: { title: string; author: string; changes: StoryChanges; readUrl: string; unsubscribeUrl: string },
): MailMessage {
  const { headings } = changes;
  const listed = headings.slice(0, MOST_HEADINGS);
  const news =
    headings.length === 0
      ? [`${author} added ${words(changes.words)} to “${title}”.`]
      : [
          `${author} added ${headings.length === 1 ? 'a new chapter' : 'new chapters'} to “${title}”:`,
          ...listed.map((h) => `• ${h}`),
          ...(headings.length > listed.length ? [`…and ${headings.length - listed.length} more.`] : []),
        ];
  const mail = message(to, digestSubject(title, author, changes), [
    ...news,
    'It begins:',
    `“${changes.firstLines}”`,
    'Read it here:',
    readUrl,
    `You get this email, at most once a day, because you follow “${title}” on ${SITE}. To stop, open this link (no sign-in needed):`,
    unsubscribeUrl,
  ]);
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
