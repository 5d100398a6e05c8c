// The sentence a group of notifications shows, on the screen and in the weekly email. Names follow the
// profile's privacy: a private person is shown by username only (as on comments); saves never say who.
import type { IntlShape } from '@formatjs/intl';
import type { NotificationKindName } from '../../contract/notifications';
import { serverIntl } from '../shared/interface-intl';

const DAY = 24 * 60 * 60 * 1000;
export const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: weeks start on the Monday four days later (UTC). */
export const WEEK_OFFSET = 4 * DAY;

export const weekOf = (at: number) => Math.floor((at - WEEK_OFFSET) / WEEK);

export interface PersonName {
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_private: number;
}

export function displayName(p: PersonName): string {
  if (p.is_private === 1) return p.username;
  const full = [p.first_name, p.last_name].filter((s) => s?.trim()).join(' ');
  return full || p.username;
}

function period(intl: IntlShape, week: number, now: number): string {
  const current = weekOf(now);
  if (week === current) return intl.formatMessage({ id: 'notification.thisWeek', defaultMessage: 'this week' });
  if (week === current - 1) return intl.formatMessage({ id: 'notification.lastWeek', defaultMessage: 'last week' });
  const monday = new Date(week * WEEK + WEEK_OFFSET);
  // English keeps its day-month order ("in the week of 3 November 2026"); other languages their own.
  const date = monday.toLocaleDateString(intl.locale === 'en' ? 'en-GB' : intl.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return intl.formatMessage({ id: 'notification.weekOf', defaultMessage: 'in the week of {date}' }, { date });
}

/** One or two names, or a count: "Ann Smith", "Ann Smith and bob", "5 people". */
function who(intl: IntlShape, people: number, names: string[]): string {
  if (people === 1 && names[0]) return names[0];
  if (people === 2 && names.length === 2)
    return intl.formatMessage(
      { id: 'notification.twoNames', defaultMessage: '{first} and {second}' },
      { first: names[0], second: names[1] },
    );
  return intl.formatMessage(
    { id: 'notification.people', defaultMessage: '{count, plural, one {# person} other {# people}}' },
    { count: people },
  );
}

export interface GroupFacts {
  kind: NotificationKindName;
  week: number;
  people: number;
  /** Up to two of them, newest first (empty for saves). */
  names: string[];
  /** Whose story: for replies, the author's shown name. */
  storyOwner: string;
}

/** The sentence, in the language of `intl` (the recipient's: docs/decisions/0042-interface-languages.md). */
export function describeGroup(g: GroupFacts, now: number, intl: IntlShape = serverIntl()): string {
  const when = period(intl, g.week, now);
  const people = who(intl, g.people, g.names);
  const owner = g.storyOwner;
  switch (g.kind) {
    case 'like':
      return intl.formatMessage({ id: 'notification.like', defaultMessage: '{who} liked your story {when}' }, { who: people, when });
    case 'save':
      return intl.formatMessage(
        { id: 'notification.save', defaultMessage: '{count, plural, one {# person} other {# people}} saved your story {when}' },
        { count: g.people, when },
      );
    case 'comment':
      return intl.formatMessage(
        { id: 'notification.comment', defaultMessage: '{who} commented on your story {when}' },
        { who: people, when },
      );
    case 'reply':
      if (g.people === 1 && g.names[0] === owner)
        return intl.formatMessage(
          { id: 'notification.replyOwn', defaultMessage: '{owner} also commented on their own story {when}' },
          { owner, when },
        );
      return intl.formatMessage(
        { id: 'notification.reply', defaultMessage: "{who} also commented on {owner}''s story {when}" },
        { who: people, owner, when },
      );
    case 'answer':
      return intl.formatMessage(
        { id: 'notification.answer', defaultMessage: '{owner} answered your question in their story {when}' },
        { owner, when },
      );
  }
}
