// The invitation to read someone's story: plain text and the same words as simple HTML (account-emails.ts's
// `message`), no images or tracking. One personal link; whoever opens it reads at once, with no account.
import type { MailMessage } from '../../ports/mailer';
import type { Locale } from '../../contract/locale';
import { message, SITE } from '../accounts/account-emails';
import { serverIntl } from '../shared/interface-intl';

export interface Inviter {
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_private: number;
  /** The inviter's users.locale: the invitation speaks it. */
  locale?: Locale | null;
}

/** How the email names the writer: their names, or their username for a private account (names stay on the server). */
export function inviterName(w: Inviter): string {
  const full = [w.first_name, w.last_name].filter(Boolean).join(' ');
  return w.is_private === 1 || !full ? w.username : `${full} (${w.username})`;
}

/**
 * `title`: the published story's title, or null before the first publish. In the inviter's language (an address has
 * none of its own: docs/decisions/0042-interface-languages.md), else English.
 */
export function invitationEmail(to: { email: string; name: string }, inviter: Inviter, title: string | null, link: string): MailMessage {
  const intl = serverIntl(inviter.locale ?? undefined);
  const values = { site: SITE, who: inviterName(inviter), title, name: to.name };
  const subject = title
    ? intl.formatMessage({ id: 'email.invitation.subjectTitled', defaultMessage: '{who} invites you to read “{title}”' }, values)
    : intl.formatMessage({ id: 'email.invitation.subject', defaultMessage: '{who} invites you to read their story on {site}' }, values);
  return message(to.email, subject, [
    intl.formatMessage({ id: 'email.invitation.dear', defaultMessage: 'Dear {name},' }, values),
    title
      ? intl.formatMessage(
          {
            id: 'email.invitation.writingTitled',
            defaultMessage: '{who} is writing their life story on {site}, “{title}”, and would like you to read it.',
          },
          values,
        )
      : intl.formatMessage(
          {
            id: 'email.invitation.writing',
            defaultMessage:
              '{who} is writing their life story on {site} and would like you to read it. It is not published yet: the link below will open it once it is.',
          },
          values,
        ),
    intl.formatMessage({
      id: 'email.invitation.link',
      defaultMessage: 'This link is yours: it opens the story at once, with no account and no password. Please keep it to yourself.',
    }),
    link,
    intl.formatMessage(
      {
        id: 'email.invitation.account',
        defaultMessage:
          'If you make an account on {site}, or sign in, on a device where you opened the link, you can also like the story and comment on it, from any device.',
      },
      values,
    ),
    intl.formatMessage({ id: 'email.invitation.ignore', defaultMessage: 'If you did not expect this email, you can ignore it.' }),
  ]);
}
