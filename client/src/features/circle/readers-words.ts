// The Readers screen's sentences that depend on data: who can read the story now, who got an invitation, and the
// dates in plain words. Kept apart from the components so the wording is tested on its own.
import type { Audience } from '#contract/access';
import { formatShortDate } from '../../lib/dates';

const WHO_LATER: Record<Audience, string> = {
  everyone: 'everyone will be able to read it',
  link: 'people who have your share link, and people you invite, will be able to read it',
  circle: 'only people you invite will be able to read it',
  only_me: 'only you will be able to read it',
};

/**
 * The sentence under the heading: who can read the story right now, or, before the first "Save Story", who will
 * (null: not known).
 */
export function audienceSentence(audience: Audience | null, published: boolean): string {
  if (!published) {
    const later = audience ? ` When you do, ${WHO_LATER[audience]}.` : '';
    return `You have not pressed “Save Story” yet, so there is nothing to read.${later} You can invite people now: they can read your story once you save it.`;
  }
  switch (audience) {
    case 'everyone':
      return 'Right now your story can be read by everyone.';
    case 'link':
      return 'Right now your story can be read only by people who have your share link and by people you invite.';
    case 'circle':
      return 'Right now your story can be read only by people you invite.';
    case 'only_me':
      return 'Right now only you can read your story.';
    default:
      return 'We could not load who can read your story just now.';
  }
}

/** "Anna", "Anna and Tom", "Anna, Tom and Mary". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Invitation sent to Anna." / "Invitations sent to Anna and Tom." */
export function sentSentence(names: readonly string[]): string {
  return `${names.length === 1 ? 'Invitation' : 'Invitations'} sent to ${listOfNames(names)}.`;
}

/** "November 27" this year, "November 27, 2025" before it (the client's one date format, lib/dates.ts). */
export const plainDate = (iso: string, now = new Date()) => formatShortDate(iso, now);

/** "1 person", "3 people". */
export const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
