// The emails about a person's account: plain text first, the same words as simple HTML, no images or tracking. An
// email is in its recipient's language (users.locale, else English: docs/decisions/0042-interface-languages.md):
// each takes a `locale`.
import type { MailMessage } from '../../ports/mailer';
import { EMAIL_CHANGE_LINK_HOURS, RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from '../../contract/accounts';
import { escapeHtml } from '../shared/escape-html';
import type { Locale } from '../../contract/locale';
import { serverIntl } from '../shared/interface-intl';

export const SITE = 'Life Story';

/** Paragraphs of text; a paragraph that is a URL becomes a link in the HTML body. */
export function message(to: string, subject: string, paragraphs: string[]): MailMessage {
  const html = paragraphs
    .map((p) => (/^https?:\/\/\S+$/.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n— ${SITE}\n`,
    html: `<!doctype html><html><body style="font-family: sans-serif; font-size: 17px; line-height: 1.5">\n${html}\n<p>— ${SITE}</p>\n</body></html>\n`,
  };
}

export function resetLinkEmail(to: string, username: string, link: string, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE, username, minutes: RESET_LINK_MINUTES };
  return message(to, intl.formatMessage({ id: 'email.reset.subject', defaultMessage: 'Choose a new password for {site}' }, values), [
    intl.formatMessage(
      {
        id: 'email.reset.asked',
        defaultMessage: 'Someone, hopefully you, asked to reset the password of your {site} account ({username}).',
      },
      values,
    ),
    intl.formatMessage(
      { id: 'email.reset.open', defaultMessage: 'To choose a new password, open this link within {minutes} minutes:' },
      values,
    ),
    link,
    intl.formatMessage({
      id: 'email.reset.ignore',
      defaultMessage: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
    }),
  ]);
}

export function passwordResetNotice(to: string, username: string, forgotUrl: string, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE, username };
  return message(to, intl.formatMessage({ id: 'email.resetDone.subject', defaultMessage: 'Your {site} password was changed' }, values), [
    intl.formatMessage(
      {
        id: 'email.resetDone.changed',
        defaultMessage:
          'The password of your {site} account ({username}) was just changed with a reset link, and every device that was signed in has been signed out.',
      },
      values,
    ),
    intl.formatMessage({ id: 'email.resetDone.you', defaultMessage: 'If this was you, there is nothing else to do.' }),
    intl.formatMessage({ id: 'email.resetDone.notYou', defaultMessage: 'If it was not you, choose a new password right away here:' }),
    forgotUrl,
  ]);
}

export function emailChangeLinkEmail(to: string, username: string, link: string, adminAddress = false, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE, username, hours: EMAIL_CHANGE_LINK_HOURS };
  return message(
    to,
    intl.formatMessage({ id: 'email.changeLink.subject', defaultMessage: 'Confirm your new email address for {site}' }, values),
    [
      intl.formatMessage(
        {
          id: 'email.changeLink.asked',
          defaultMessage: 'Someone, hopefully you, asked to use this address for the {site} account {username}.',
        },
        values,
      ),
      intl.formatMessage({ id: 'email.changeLink.open', defaultMessage: 'To confirm it, open this link within {hours} hours:' }, values),
      link,
      ...(adminAddress ? [adminAddressWarning(username, locale)] : []),
      intl.formatMessage({
        id: 'email.changeLink.until',
        defaultMessage: 'Until then the account keeps its old address. If you did not ask for this, you can ignore this email.',
      }),
    ],
  );
}

/** To the address being replaced: what was asked, and "This wasn't me" (core/accounts/email-change.ts). */
export function emailChangeNotice(
  to: string,
  username: string,
  newEmail: string,
  { cancelUrl, forgotUrl }: { cancelUrl: string; forgotUrl: string },
  locale?: Locale,
): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE, username, newEmail, hours: EMAIL_CHANGE_LINK_HOURS };
  return message(
    to,
    intl.formatMessage({ id: 'email.changeNotice.subject', defaultMessage: 'Your {site} email address is about to change' }, values),
    [
      intl.formatMessage(
        {
          id: 'email.changeNotice.asked',
          defaultMessage: 'Someone signed in to your {site} account ({username}) asked to change its email address to {newEmail}.',
        },
        values,
      ),
      intl.formatMessage(
        {
          id: 'email.changeNotice.you',
          defaultMessage: 'If this was you, there is nothing to do here: the change happens when the link we sent to {newEmail} is opened.',
        },
        values,
      ),
      intl.formatMessage(
        {
          id: 'email.changeNotice.notYou',
          defaultMessage:
            "If it was not you, open this link and press “This wasn't me” (it works once, within {hours} hours). It stops the change, or puts this address back if the change already went through (unless another account has taken it since), and signs your account out on every device:",
        },
        values,
      ),
      cancelUrl,
      intl.formatMessage({
        id: 'email.changeNotice.forgot',
        defaultMessage: 'Then choose a new password with “Forgot your password?”, here; the link will come to this address:',
      }),
      forgotUrl,
    ],
  );
}

/** Said in a link's email when the address is in ADMIN_EMAILS: opening the link makes the account an admin (ADR 0020). */
export const adminAddressWarning = (username: string, locale?: Locale) =>
  serverIntl(locale).formatMessage(
    {
      id: 'email.adminAddress.warning',
      defaultMessage:
        'This address is on the list of {site}’s moderators: opening the link also makes the account {username} a moderator, who can hide stories and suspend accounts. Do not open it unless {username} is your own account.',
    },
    { site: SITE, username },
  );

export function verifyLinkEmail(to: string, username: string, link: string, adminAddress = false, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE, username, hours: VERIFY_LINK_HOURS };
  const subject = intl.formatMessage({ id: 'email.verify.subject', defaultMessage: 'Confirm your email address for {site}' }, values);
  const welcome = intl.formatMessage(
    {
      id: 'email.verify.welcome',
      defaultMessage: 'Welcome to {site}! Someone, hopefully you, made the account {username} with this address.',
    },
    values,
  );
  if (adminAddress) {
    return message(to, subject, [
      welcome,
      intl.formatMessage(
        {
          id: 'email.verify.openAdmin',
          defaultMessage: 'To confirm the address, open this link within {hours} hours and press the button on the page:',
        },
        values,
      ),
      link,
      adminAddressWarning(username, locale),
      intl.formatMessage({
        id: 'email.verify.notYouAdmin',
        defaultMessage:
          'If you did not make this account, choose “Forgot your password?” on the sign-in page and enter this address: the reset link comes to you, and the account becomes yours.',
      }),
    ]);
  }
  return message(to, subject, [
    welcome,
    intl.formatMessage(
      {
        id: 'email.verify.open',
        defaultMessage: 'To confirm the address and sign in, open this link within {hours} hours and press the button on the page:',
      },
      values,
    ),
    link,
    intl.formatMessage({
      id: 'email.verify.notYou',
      defaultMessage: 'If you did not make this account, you can ignore this email: without the link, nobody can sign in to it.',
    }),
  ]);
}
