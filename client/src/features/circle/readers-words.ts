// The Readers screen's sentences that depend on data: who can read the story now, who got an invitation, and the
// dates in plain words. Kept apart from the components so the wording is tested on its own; each takes the
// interface's IntlShape (docs/decisions/0042-interface-languages.md).
import { defineMessages, type IntlShape } from 'react-intl';
import type { Audience } from '#contract/access';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import { formatShortDate } from '../../lib/dates';

const said = defineMessages({
  laterEveryone: { id: 'circle.audience.later.everyone', defaultMessage: 'When you do, everyone will be able to read it.' },
  laterLink: {
    id: 'circle.audience.later.link',
    defaultMessage: 'When you do, people who have your share link, and people you invite, will be able to read it.',
  },
  laterCircle: { id: 'circle.audience.later.circle', defaultMessage: 'When you do, only people you invite will be able to read it.' },
  laterOnlyMe: { id: 'circle.audience.later.onlyMe', defaultMessage: 'When you do, only you will be able to read it.' },
  everyone: { id: 'circle.audience.everyone', defaultMessage: 'Right now your story can be read by everyone.' },
  link: {
    id: 'circle.audience.link',
    defaultMessage: 'Right now your story can be read only by people who have your share link and by people you invite.',
  },
  circle: { id: 'circle.audience.circle', defaultMessage: 'Right now your story can be read only by people you invite.' },
  onlyMe: { id: 'circle.audience.onlyMe', defaultMessage: 'Right now only you can read your story.' },
  unknown: { id: 'circle.audience.unknown', defaultMessage: 'We could not load who can read your story just now.' },
});

const LATER: Record<Audience, 'laterEveryone' | 'laterLink' | 'laterCircle' | 'laterOnlyMe'> = {
  everyone: 'laterEveryone',
  link: 'laterLink',
  circle: 'laterCircle',
  only_me: 'laterOnlyMe',
};

/**
 * The sentence under the heading: who can read the story right now, or, before the first "Save Story", who will
 * (null: not known).
 */
export function audienceSentence(intl: IntlShape, audience: Audience | null, published: boolean): string {
  if (!published) {
    const later = audience ? ` ${intl.formatMessage(said[LATER[audience]])}` : '';
    return intl.formatMessage(
      {
        id: 'circle.audience.notYet',
        defaultMessage:
          'You have not pressed “Save Story” yet, so there is nothing to read.{later} You can invite people now: they can read your story once you save it.',
      },
      { later },
    );
  }
  switch (audience) {
    case 'everyone':
      return intl.formatMessage(said.everyone);
    case 'link':
      return intl.formatMessage(said.link);
    case 'circle':
      return intl.formatMessage(said.circle);
    case 'only_me':
      return intl.formatMessage(said.onlyMe);
    default:
      return intl.formatMessage(said.unknown);
  }
}

/** "Anna", "Anna and Tom", "Anna, Tom and Mary" (the list's words and commas are the language's own, through Intl). */
export function listOfNames(intl: IntlShape, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  // English keeps the spec's list without a comma before "and" (en-US's Intl.ListFormat adds one).
  if (intl.locale === 'en') return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return intl.formatList(names, { type: 'conjunction' });
}

/** "Invitation sent to Anna." / "Invitations sent to Anna and Tom." */
export function sentSentence(intl: IntlShape, names: readonly string[]): string {
  return intl.formatMessage(
    { id: 'circle.sent', defaultMessage: '{count, plural, one {Invitation sent to {names}.} other {Invitations sent to {names}.}}' },
    { count: names.length, names: listOfNames(intl, names) },
  );
}

/** "November 27" this year, "November 27, 2025" before it (the client's one date format, lib/dates.ts). */
export const plainDate = (intl: IntlShape, iso: string, now = new Date()) =>
  formatShortDate(iso, now, isLocale(intl.locale) ? intl.locale : DEFAULT_LOCALE);

/** "1 person", "3 people". */
export const people = (intl: IntlShape, n: number) =>
  intl.formatMessage({ id: 'circle.people', defaultMessage: '{count, plural, one {# person} other {# people}}' }, { count: n });
