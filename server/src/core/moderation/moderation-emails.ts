// What a moderator's action tells the person it concerns (docs/decisions/0020-moderation.md): what happened, the
// reason the moderator gave, and what it means for them. Plain words, no links to act on, no tracking.
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';

export type ModerationNotice =
  | { kind: 'story_hidden' | 'story_restored' | 'story_deleted'; title: string }
  | { kind: 'comment_hidden' | 'comment_restored' | 'comment_deleted'; storyTitle: string; excerpt: string }
  | { kind: 'suspended' | 'unsuspended' };

const MISTAKE = `If you think this was a mistake, please contact the people who run ${SITE}.`;

/** The first words of a comment, as the person will recognise it. */
export function commentExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 80 ? flat : `${flat.slice(0, 79).trimEnd()}…`;
}

export function moderationEmail(to: string, username: string, notice: ModerationNotice, reason: string): MailMessage {
  const why = `The reason the moderator gave: ${reason}`;
  switch (notice.kind) {
    case 'story_hidden':
      return message(to, `Your story on ${SITE} was hidden`, [
        `A moderator of ${SITE} hid your story “${notice.title}” (account ${username}) from readers.`,
        why,
        'Nothing was deleted: you can still read and change your story when you sign in, and a moderator can show it again.',
        MISTAKE,
      ]);
    case 'story_restored':
      return message(to, `Your story on ${SITE} can be read again`, [
        `A moderator of ${SITE} showed your story “${notice.title}” (account ${username}) to readers again.`,
        why,
      ]);
    case 'story_deleted':
      return message(to, `Your story on ${SITE} was removed`, [
        `A moderator of ${SITE} removed your story “${notice.title}” (account ${username}), with its comments and likes. Your account remains, and you can write a new story.`,
        why,
        MISTAKE,
      ]);
    case 'comment_hidden':
      return message(to, `Your comment on ${SITE} was hidden`, [
        `A moderator of ${SITE} hid your comment on the story “${notice.storyTitle}”: “${notice.excerpt}”`,
        why,
        MISTAKE,
      ]);
    case 'comment_restored':
      return message(to, `Your comment on ${SITE} is shown again`, [
        `A moderator of ${SITE} showed your comment on the story “${notice.storyTitle}” again: “${notice.excerpt}”`,
        why,
      ]);
    case 'comment_deleted':
      return message(to, `Your comment on ${SITE} was removed`, [
        `A moderator of ${SITE} removed your comment on the story “${notice.storyTitle}”: “${notice.excerpt}”`,
        why,
        MISTAKE,
      ]);
    case 'suspended':
      return message(to, `Your ${SITE} account was suspended`, [
        `A moderator of ${SITE} suspended your account (${username}). While it is suspended you cannot sign in, and your story, comments and profile are hidden from everyone.`,
        why,
        'Nothing was deleted: if the account is unsuspended, everything comes back as it was.',
        MISTAKE,
      ]);
    case 'unsuspended':
      return message(to, `Your ${SITE} account can be used again`, [
        `A moderator of ${SITE} lifted the suspension of your account (${username}). You can sign in again, and your story, comments and profile are shown again.`,
        why,
      ]);
  }
}
