// What a moderator's action tells the person it concerns (docs/decisions/0020-moderation.md): what happened, the
// reason the moderator gave, and what it means for them. Plain words, no links to act on, no tracking; in the person's
// language (users.locale, else English).
import type { MailMessage } from '../../ports/mailer';
import type { Locale } from '../../contract/locale';
import { message, SITE } from '../accounts/account-emails';
import { serverIntl } from '../shared/interface-intl';

export type ModerationNotice =
  | { kind: 'story_hidden' | 'story_restored' | 'story_deleted'; title: string }
  | { kind: 'comment_hidden' | 'comment_restored' | 'comment_deleted'; storyTitle: string; excerpt: string }
  | { kind: 'suspended' | 'unsuspended' };

/** The first words of a comment, as the person will recognise it. */
export function commentExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 80 ? flat : `${flat.slice(0, 79).trimEnd()}…`;
}

export function moderationEmail(to: string, username: string, notice: ModerationNotice, reason: string, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = {
    site: SITE,
    username,
    title: 'title' in notice ? notice.title : '',
    storyTitle: 'storyTitle' in notice ? notice.storyTitle : '',
    excerpt: 'excerpt' in notice ? notice.excerpt : '',
  };
  const why = intl.formatMessage({ id: 'email.moderation.reason', defaultMessage: 'The reason the moderator gave: {reason}' }, { reason });
  const mistake = intl.formatMessage(
    { id: 'email.moderation.mistake', defaultMessage: 'If you think this was a mistake, please contact the people who run {site}.' },
    values,
  );
  switch (notice.kind) {
    case 'story_hidden':
      return message(
        to,
        intl.formatMessage({ id: 'email.moderation.storyHidden.subject', defaultMessage: 'Your story on {site} was hidden' }, values),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.storyHidden.what',
              defaultMessage: 'A moderator of {site} hid your story “{title}” (account {username}) from readers.',
            },
            values,
          ),
          why,
          intl.formatMessage(
            {
              id: 'email.moderation.storyHidden.kept',
              defaultMessage:
                'Nothing was deleted: you can still read and change your story when you sign in, and a moderator can show it again.',
            },
            values,
          ),
          mistake,
        ],
      );
    case 'story_restored':
      return message(
        to,
        intl.formatMessage(
          { id: 'email.moderation.storyRestored.subject', defaultMessage: 'Your story on {site} can be read again' },
          values,
        ),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.storyRestored.what',
              defaultMessage: 'A moderator of {site} showed your story “{title}” (account {username}) to readers again.',
            },
            values,
          ),
          why,
        ],
      );
    case 'story_deleted':
      return message(
        to,
        intl.formatMessage({ id: 'email.moderation.storyDeleted.subject', defaultMessage: 'Your story on {site} was removed' }, values),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.storyDeleted.what',
              defaultMessage:
                'A moderator of {site} removed your story “{title}” (account {username}), with its comments and likes. Your account remains, and you can write a new story.',
            },
            values,
          ),
          why,
          mistake,
        ],
      );
    case 'comment_hidden':
      return message(
        to,
        intl.formatMessage({ id: 'email.moderation.commentHidden.subject', defaultMessage: 'Your comment on {site} was hidden' }, values),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.commentHidden.what',
              defaultMessage: 'A moderator of {site} hid your comment on the story “{storyTitle}”: “{excerpt}”',
            },
            values,
          ),
          why,
          mistake,
        ],
      );
    case 'comment_restored':
      return message(
        to,
        intl.formatMessage(
          { id: 'email.moderation.commentRestored.subject', defaultMessage: 'Your comment on {site} is shown again' },
          values,
        ),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.commentRestored.what',
              defaultMessage: 'A moderator of {site} showed your comment on the story “{storyTitle}” again: “{excerpt}”',
            },
            values,
          ),
          why,
        ],
      );
    case 'comment_deleted':
      return message(
        to,
        intl.formatMessage({ id: 'email.moderation.commentDeleted.subject', defaultMessage: 'Your comment on {site} was removed' }, values),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.commentDeleted.what',
              defaultMessage: 'A moderator of {site} removed your comment on the story “{storyTitle}”: “{excerpt}”',
            },
            values,
          ),
          why,
          mistake,
        ],
      );
    case 'suspended':
      return message(
        to,
        intl.formatMessage({ id: 'email.moderation.suspended.subject', defaultMessage: 'Your {site} account was suspended' }, values),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.suspended.what',
              defaultMessage:
                'A moderator of {site} suspended your account ({username}). While it is suspended you cannot sign in, and your story, comments and profile are hidden from everyone.',
            },
            values,
          ),
          why,
          intl.formatMessage(
            {
              id: 'email.moderation.suspended.kept',
              defaultMessage: 'Nothing was deleted: if the account is unsuspended, everything comes back as it was.',
            },
            values,
          ),
          mistake,
        ],
      );
    case 'unsuspended':
      return message(
        to,
        intl.formatMessage({ id: 'email.moderation.unsuspended.subject', defaultMessage: 'Your {site} account can be used again' }, values),
        [
          intl.formatMessage(
            {
              id: 'email.moderation.unsuspended.what',
              defaultMessage:
                'A moderator of {site} lifted the suspension of your account ({username}). You can sign in again, and your story, comments and profile are shown again.',
            },
            values,
          ),
          why,
        ],
      );
  }
}
