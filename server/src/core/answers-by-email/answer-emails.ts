// What the writer is told about a reply: that the answer is in the draft, or, short and polite, why it is not. Every
// one goes to the account's own address, never to a message's From (docs/decisions/0030-answers-by-email.md), and
// is marked as automatic (RFC 3834) so that an out-of-office reply to it is not answered in turn.
import type { MailMessage } from '../../ports/mailer';
import type { IntlShape } from '@formatjs/intl';
import { message, SITE } from '../accounts/account-emails';
import type { Locale } from '../../contract/locale';
import { serverIntl } from '../shared/interface-intl';

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

/** "Your answer is in your draft", in the writer's language (`locale`: users.locale, else English). */
export function answerAddedEmail(
  to: string,
  question: string,
  { photos, failed }: { photos: number; failed: { file: string; why: string }[] },
  origin: string,
  inReplyTo: string | undefined,
  locale?: Locale,
): MailMessage {
  const intl = serverIntl(locale);
  const paragraphs = [
    intl.formatMessage({ id: 'email.answerAdded.lead', defaultMessage: 'Your answer is in your draft: read it over and publish.' }),
    intl.formatMessage(
      {
        id: 'email.answerAdded.chapter',
        defaultMessage: '“{question}” is now a chapter at the end of your draft. Nobody else can read it until you press Save Story.',
      },
      { question },
    ),
  ];
  if (photos > 0)
    paragraphs.push(
      intl.formatMessage(
        {
          id: 'email.answerAdded.photos',
          defaultMessage:
            '{count, plural, one {Your photo is in it too. It needs a few words saying what it shows, for people who cannot see it: the write screen shows where.} other {Your # photos are in it too. Each needs a few words saying what it shows, for people who cannot see it: the write screen shows where.}}',
        },
        { count: photos },
      ),
    );
  if (failed.length > 0)
    paragraphs.push(
      intl.formatMessage(
        {
          id: 'email.answerAdded.failed',
          defaultMessage:
            '{count, plural, one {One attachment} other {# attachments}} could not be added: {files}. You can add photos on the write screen.',
        },
        { count: failed.length, files: failed.map((f) => `${f.file} (${f.why})`).join('; ') },
      ),
    );
  // The write screen opens on the answer's chapter (its heading is the question: answer-chapter.ts).
  paragraphs.push(`${writeScreen(origin)}?chapter=${encodeURIComponent(question)}`);
  return {
    ...message(to, intl.formatMessage({ id: 'email.answerAdded.subject', defaultMessage: 'Your answer is in your draft' }), paragraphs),
    headers: replyHeaders(inReplyTo),
  };
}

function why(intl: IntlShape, reason: RefusalReason, question: string, sender: string, account: string): string[] {
  const values = { question, sender, account, site: SITE };
  switch (reason) {
    case 'wrong-sender':
      return [
        intl.formatMessage(
          {
            id: 'email.answerRefused.wrongSender',
            defaultMessage:
              'We received a reply to your question “{question}” from {sender}, which is not the email address of your {site} account.',
          },
          values,
        ),
        intl.formatMessage(
          {
            id: 'email.answerRefused.wrongSenderHelp',
            defaultMessage:
              'So that nobody else can write in your story, we only take answers from {account}. If it was you, please reply from that address, or write your answer on the write screen.',
          },
          values,
        ),
      ];
    case 'not-confirmed':
      return [
        intl.formatMessage(
          {
            id: 'email.answerRefused.notConfirmed',
            defaultMessage:
              'We received a reply to your question “{question}” that says it is from you, but your email provider could not confirm that you sent it, so we did not add it.',
          },
          values,
        ),
        intl.formatMessage({
          id: 'email.answerRefused.notConfirmedHelp',
          defaultMessage: 'If it was you, please send it again, or write your answer on the write screen.',
        }),
      ];
    case 'too-many':
      return [
        intl.formatMessage(
          {
            id: 'email.answerRefused.tooMany',
            defaultMessage:
              'Thank you for your answer to “{question}”. You have sent us many answers today, so this one was not added to your draft.',
          },
          values,
        ),
        intl.formatMessage({
          id: 'email.answerRefused.tooManyHelp',
          defaultMessage: 'Please send it again tomorrow, or write it on the write screen.',
        }),
      ];
    case 'empty':
      return [
        intl.formatMessage(
          {
            id: 'email.answerRefused.empty',
            defaultMessage: 'Your reply to “{question}” reached us, but we found no answer in it, only the question we sent.',
          },
          values,
        ),
        intl.formatMessage({
          id: 'email.answerRefused.emptyHelp',
          defaultMessage: 'Please write your answer above the quoted question and send it again, or write it on the write screen.',
        }),
      ];
    case 'too-long':
      return [
        intl.formatMessage(
          {
            id: 'email.answerRefused.tooLong',
            defaultMessage: 'Your answer to “{question}” could not be added: your draft would be longer than a story may be.',
          },
          values,
        ),
        intl.formatMessage({
          id: 'email.answerRefused.tooLongHelp',
          defaultMessage: 'Please publish your story or shorten your draft first, or write on the write screen.',
        }),
      ];
    case 'too-many-photos':
      return [
        intl.formatMessage(
          {
            id: 'email.answerRefused.tooManyPhotos',
            defaultMessage: 'Your answer to “{question}” could not be added: your story would hold more photos than it may.',
          },
          values,
        ),
        intl.formatMessage({
          id: 'email.answerRefused.tooManyPhotosHelp',
          defaultMessage: 'Please send it again with fewer photos, or write it on the write screen.',
        }),
      ];
  }
}

/** Why a reply was not added, in the writer's language (`locale`: users.locale, else English). */
export function answerRefusedEmail(
  to: string,
  reason: RefusalReason,
  {
    question,
    sender,
    origin,
    inReplyTo,
    locale,
  }: { question: string; sender: string; origin: string; inReplyTo: string | undefined; locale?: Locale },
): MailMessage {
  const intl = serverIntl(locale);
  const paragraphs = [...why(intl, reason, question, sender, to), writeScreen(origin)];
  return {
    ...message(
      to,
      intl.formatMessage({ id: 'email.answerRefused.subject', defaultMessage: 'Your answer was not added to your story' }),
      paragraphs,
    ),
    headers: replyHeaders(inReplyTo),
  };
}
