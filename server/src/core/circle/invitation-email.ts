// The invitation to read someone's story: plain text and the same words as simple HTML (account-emails.ts's
// `message`), no images or tracking. One personal link; whoever opens it reads at once, with no account.
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';

export interface Inviter {
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_private: number;
}

/** How the email names the writer: their names, or their username for a private account (names stay on the server). */
export function inviterName(w: Inviter): string {
  const full = [w.first_name, w.last_name].filter(Boolean).join(' ');
  return w.is_private === 1 || !full ? w.username : `${full} (${w.username})`;
}

/** `title`: the published story's title, or null before the first publish. */
export function invitationEmail(to: { email: string; name: string }, inviter: Inviter, title: string | null, link: string): MailMessage {
  const who = inviterName(inviter);
  const subject = title ? `${who} invites you to read “${title}”` : `${who} invites you to read their story on ${SITE}`;
  return message(to.email, subject, [
    `Dear ${to.name},`,
    title
      ? `${who} is writing their life story on ${SITE}, “${title}”, and would like you to read it.`
      : `${who} is writing their life story on ${SITE} and would like you to read it. It is not published yet: the link below will open it once it is.`,
    'This link is yours: it opens the story at once, with no account and no password. Please keep it to yourself.',
    link,
    `If you make an account on ${SITE}, or sign in, on a device where you opened the link, you can also like the story and comment on it, from any device.`,
    'If you did not expect this email, you can ignore it.',
  ]);
}
