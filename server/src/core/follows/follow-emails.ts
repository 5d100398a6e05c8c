// The emails of following (docs/decisions/0027-followers-and-digests.md): the confirm link, and the daily digest of
// what is new. Plain text and the same words as simple HTML, nothing that tracks; the digest carries a visible
// unsubscribe link and List-Unsubscribe with List-Unsubscribe-Post (RFC 8058 one-click). In the follower's language: an
// account's users.locale, else (an address) the author's, else English (docs/decisions/0042-interface-languages.md).
import type { MailMessage } from '../../ports/mailer';
import type { Locale } from '../../contract/locale';
import { message, SITE } from '../accounts/account-emails';
import { serverIntl } from '../shared/interface-intl';
import type { StoryChanges } from './story-changes';

/** At most this many new chapter titles are listed; the rest are counted. */
const MOST_HEADINGS = 10;

export function followConfirmEmail(
  to: string,
  {
    title,
    author,
    confirmUrl,
    days,
    locale,
  }: { title: string; author: { name: string }; confirmUrl: string; days: number; locale?: Locale },
): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE, title, author: author.name, days };
  return message(
    to,
    intl.formatMessage({ id: 'email.followConfirm.subject', defaultMessage: 'Confirm: follow “{title}” on {site}' }, values),
    [
      intl.formatMessage(
        {
          id: 'email.followConfirm.asked',
          defaultMessage: 'Someone, hopefully you, asked for an email when {author} adds to “{title}” on {site}.',
        },
        values,
      ),
      intl.formatMessage(
        { id: 'email.followConfirm.open', defaultMessage: 'To start, open this link within {days} days and press the button on the page:' },
        values,
      ),
      confirmUrl,
      intl.formatMessage({
        id: 'email.followConfirm.ignore',
        defaultMessage: 'If you did not ask for this, ignore this email: nothing more will be sent to this address.',
      }),
    ],
  );
}

export function digestSubject(title: string, author: string, c: StoryChanges, locale?: Locale): string {
  const intl = serverIntl(locale);
  if (c.headings.length === 0)
    return intl.formatMessage(
      {
        id: 'email.followDigest.subjectWords',
        defaultMessage: '{author} added {count, plural, one {# word} other {# words}} to “{title}”',
      },
      { author, count: c.words, title },
    );
  return intl.formatMessage(
    {
      id: 'email.followDigest.subjectChapters',
      defaultMessage: 'New in “{title}”: {heading}{more, plural, =0 {} one { and # more} other { and # more}}',
    },
    { title, heading: c.headings[0], more: c.headings.length - 1 },
  );
}

export function followDigestEmail(
  to: string,
  {
    title,
    author,
    changes,
    readUrl,
    unsubscribeUrl,
    locale,
  }: { title: string; author: string; changes: StoryChanges; readUrl: string; unsubscribeUrl: string; locale?: Locale },
): MailMessage {
  const intl = serverIntl(locale);
  const { headings } = changes;
  const listed = headings.slice(0, MOST_HEADINGS);
  const values = { site: SITE, title, author };
  const news =
    headings.length === 0
      ? [
          intl.formatMessage(
            {
              id: 'email.followDigest.words',
              defaultMessage: '{author} added {count, plural, one {# word} other {# words}} to “{title}”.',
            },
            { ...values, count: changes.words },
          ),
        ]
      : [
          intl.formatMessage(
            {
              id: 'email.followDigest.chapters',
              defaultMessage: '{author} added {count, plural, one {a new chapter} other {new chapters}} to “{title}”:',
            },
            { ...values, count: headings.length },
          ),
          ...listed.map((h) => `• ${h}`),
          ...(headings.length > listed.length
            ? [
                intl.formatMessage(
                  { id: 'email.followDigest.more', defaultMessage: '…and {count, number} more.' },
                  { count: headings.length - listed.length },
                ),
              ]
            : []),
        ];
  const mail = message(to, digestSubject(title, author, changes, locale), [
    ...news,
    intl.formatMessage({ id: 'email.followDigest.begins', defaultMessage: 'It begins:' }),
    `“${changes.firstLines}”`,
    intl.formatMessage({ id: 'email.followDigest.read', defaultMessage: 'Read it here:' }),
    readUrl,
    intl.formatMessage(
      {
        id: 'email.followDigest.why',
        defaultMessage:
          'You get this email, at most once a day, because you follow “{title}” on {site}. To stop, open this link (no sign-in needed):',
      },
      values,
    ),
    unsubscribeUrl,
  ]);
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
