// The sentence a group of notifications shows, on the screen and in the weekly email. Names follow the
// profile's privacy: a private person is shown by username only (as on comments); saves never say who.
import type { NotificationKindName } from '../../contract/notifications';

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

function period(week: number, now: number): string {
  const current = weekOf(now);
  if (week === current) return 'this week';
  if (week === current - 1) return 'last week';
  const monday = new Date(week * WEEK + WEEK_OFFSET);
  return `in the week of ${monday.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}

/** One or two names, or a count: "Ann Smith", "Ann Smith and bob", "5 people". */
function who(people: number, names: string[]): string {
  if (people === 1 && names[0]) return names[0];
  if (people === 2 && names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${people} people`;
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

export function describeGroup(g: GroupFacts, now: number): string {
  const when = period(g.week, now);
  switch (g.kind) {
    case 'like':
      return `${who(g.people, g.names)} liked your story ${when}`;
    case 'save':
      return `${g.people === 1 ? '1 person' : `${g.people} people`} saved your story ${when}`;
    case 'comment':
      return `${who(g.people, g.names)} commented on your story ${when}`;
    case 'reply':
      if (g.people === 1 && g.names[0] === g.storyOwner) return `${g.storyOwner} also commented on their own story ${when}`;
      return `${who(g.people, g.names)} also commented on ${g.storyOwner}'s story ${when}`;
    case 'answer':
      return `${g.storyOwner} answered your question in their story ${when}`;
  }
}
