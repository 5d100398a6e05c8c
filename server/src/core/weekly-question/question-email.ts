// The weekly question email (docs/decisions/0031-one-question-a-week.md): one question, a link that opens the write
// screen with it as a new chapter, "Or simply reply to this email" (its Reply-To is the question's reply address,
// ADR 0030), and the one-click unsubscribe of the followers' digests (ADR 0027): a visible link and RFC 8058 headers.
// Plain text and the same words as simple HTML, nothing that tracks; in the recipient's language (ADR 0042).
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';
import type { Locale } from '../../contract/locale';
import { serverIntl } from '../shared/interface-intl';

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

/** The subject: the question itself, so that it reads in the inbox's list. */
export function questionSubject(question: string, askedBy?: string | null, locale?: Locale): string {
  const intl = serverIntl(locale);
  return askedBy
    ? intl.formatMessage(
        { id: 'email.question.subjectAsked', defaultMessage: 'Your question this week, from {askedBy}: {question}' },
        { askedBy, question },
      )
    : intl.formatMessage({ id: 'email.question.subject', defaultMessage: 'Your question this week: {question}' }, { question });
}

/** The email in the recipient's language (`locale`, their users.locale; English without one). */
export function weeklyQuestionEmail(to: string, q: QuestionEmail, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { name: q.name, question: q.question, askedBy: q.askedBy ?? '', site: SITE };
  const mail = message(to, questionSubject(q.question, q.askedBy, locale), [
    intl.formatMessage({ id: 'email.question.hello', defaultMessage: 'Hello {name},' }, values),
    ...(q.askedBy
      ? [
          intl.formatMessage({ id: 'email.question.introAsked', defaultMessage: 'Here is this week’s question for your life story.' }),
          intl.formatMessage({ id: 'email.question.asked', defaultMessage: '{askedBy} asked: “{question}”' }, values),
        ]
      : [
          intl.formatMessage({ id: 'email.question.intro', defaultMessage: 'Here is this week’s question for your life story:' }),
          intl.formatMessage({ id: 'email.question.quoted', defaultMessage: '“{question}”' }, values),
        ]),
    intl.formatMessage({
      id: 'email.question.openLink',
      defaultMessage: 'To answer it on the site, open this link. It adds a new chapter to your draft, with the question as its heading:',
    }),
    q.writeUrl,
    intl.formatMessage({
      id: 'email.question.reply',
      defaultMessage:
        'Or simply reply to this email. Write as much or as little as you like, and attach photos if you wish. Your answer goes into your draft, and nothing is published until you press Save Story.',
    }),
    ...(q.askedBy
      ? [
          intl.formatMessage(
            {
              id: 'email.question.tellAsker',
              defaultMessage: 'When your story is published with your answer, we will tell {askedBy} it is there to read.',
            },
            values,
          ),
        ]
      : []),
    intl.formatMessage(
      {
        id: 'email.question.why',
        defaultMessage: 'You get this email once a week because you asked for it on {site}. To change the day or the time, or to pause it:',
      },
      values,
    ),
    q.settingsUrl,
    intl.formatMessage({ id: 'email.question.stop', defaultMessage: 'To stop these emails, open this link (no sign-in needed):' }),
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
