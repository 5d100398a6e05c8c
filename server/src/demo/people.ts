// The thirty demo people: who they are, when they joined (days before the first start), what they wrote,
// how their story was received, and their pictures. Eight are private, three have not written a story yet,
// and a few have no picture or banner, so every state of the site shows.
import type { AvatarSpec, BannerSpec } from './images';
import type { DemoStory } from './story-types';
import { dalForOne } from './stories/dal-for-one';
import { elevenSchools } from './stories/eleven-schools';
import { everyDoorOnTheRound } from './stories/every-door-on-the-round';
import { flourBeforeDawn } from './stories/flour-before-dawn';
import { fortyHarvests } from './stories/forty-harvests';
import { fortyOneSeptembers } from './stories/forty-one-septembers';
import { helloWorldAgain } from './stories/hello-world-again';
import { keepingTime } from './stories/keeping-time';
import { konbiniHours } from './stories/konbini-hours';
import { leavingInApril } from './stories/leaving-in-april';
import { measureTwice } from './stories/measure-twice';
import { plantingTulips } from './stories/planting-tulips';
import { pointe } from './stories/pointe';
import { saltInTheSeams } from './stories/salt-in-the-seams';
import { tenThousandFirstBreaths } from './stories/ten-thousand-first-breaths';
import { theBoatHadNoName } from './stories/the-boat-had-no-name';
import { theDarkestSky } from './stories/the-darkest-sky';
import { theLine } from './stories/the-line';
import { theNightWard } from './stories/the-night-ward';
import { theSuitcaseUnderTheBed } from './stories/the-suitcase-under-the-bed';
import { theYearISaidIt } from './stories/the-year-i-said-it';
import { twoLaps } from './stories/two-laps';
import { twoMillionMiles } from './stories/two-million-miles';
import { underTheValley } from './stories/under-the-valley';
import { upstairsFromTheGoldenDragon } from './stories/upstairs-from-the-golden-dragon';
import { whatTheBearsTaughtMe } from './stories/what-the-bears-taught-me';
import { whatTheKitchenKnew } from './stories/what-the-kitchen-knew';

/**
 * How a story is received over time, which is what makes the three top lists differ:
 * classic = written two years ago, liked mostly then (leads All Time); rising = written this year, liked
 * steadily since (leads This Year); fresh = written this month (leads This Month); steady and quiet between.
 */
export type Reception = 'classic' | 'steady' | 'rising' | 'fresh' | 'quiet';

export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  age: number;
  isPrivate: boolean;
  /** When the account was made, in days before the seed runs. */
  joinedDaysAgo: number;
  story?: { text: DemoStory; daysAfterJoining: number; reception: Reception; banner?: BannerSpec };
  avatar?: { spec: AvatarSpec; format: 'png' | 'jpeg' };
}

const portrait = (
  skin: number,
  hair: Extract<AvatarSpec, { kind: 'portrait' }>['hair'],
  background: number,
  glasses = false,
  format: 'png' | 'jpeg' = 'jpeg',
) => ({ spec: { kind: 'portrait', skin, hair, background, glasses }, format }) as const;
const motif = (m: Extract<AvatarSpec, { kind: 'motif' }>['motif'], background: number) =>
  ({ spec: { kind: 'motif', motif: m, background }, format: 'png' }) as const;

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  // Two years ago: the first members, whose stories became the classics.
  {
    username: 'bea.reads',
    firstName: 'Beatrice',
    lastName: 'Nwosu',
    age: 26,
    isPrivate: false,
    joinedDaysAgo: 718,
    avatar: portrait(4, 'curly', 4, false, 'png'),
  },
  {
    username: 'maren.holt',
    firstName: 'Maren',
    lastName: 'Holt',
    age: 54,
    isPrivate: false,
    joinedDaysAgo: 712,
    story: { text: saltInTheSeams, daysAfterJoining: 3, reception: 'classic', banner: { scene: 'sea', mood: 'dawn' } },
    avatar: portrait(0, 'long', 0),
  },
  {
    username: 'tomasz.bakes',
    firstName: 'Tomasz',
    lastName: 'Wiśniewski',
    age: 63,
    isPrivate: false,
    joinedDaysAgo: 705,
    story: { text: flourBeforeDawn, daysAfterJoining: 6, reception: 'classic', banner: { scene: 'fields', mood: 'dawn' } },
    avatar: portrait(1, 'bald', 1, false, 'png'),
  },
  { username: 'walter.green', firstName: 'Walter', lastName: 'Green', age: 90, isPrivate: false, joinedDaysAgo: 701 },
  {
    username: 'gareth.pryce',
    firstName: 'Gareth',
    lastName: 'Pryce',
    age: 79,
    isPrivate: false,
    joinedDaysAgo: 698,
    story: { text: underTheValley, daysAfterJoining: 9, reception: 'classic', banner: { scene: 'hills', mood: 'dusk' } },
    avatar: portrait(0, 'grey-short', 7, true),
  },
  {
    username: 'ruth.ellingson',
    firstName: 'Ruth',
    lastName: 'Ellingson',
    age: 68,
    isPrivate: false,
    joinedDaysAgo: 690,
    story: { text: fortyHarvests, daysAfterJoining: 4, reception: 'classic', banner: { scene: 'fields', mood: 'dusk' } },
    avatar: portrait(1, 'grey-bun', 5, false, 'png'),
  },
  {
    username: 'eleanor.abernathy',
    firstName: 'Eleanor',
    lastName: 'Abernathy',
    age: 81,
    isPrivate: false,
    joinedDaysAgo: 684,
    story: { text: fortyOneSeptembers, daysAfterJoining: 12, reception: 'classic' },
    avatar: portrait(0, 'grey-bun', 6, true),
  },
  {
    username: 'yusuf.terzi',
    firstName: 'Yusuf',
    lastName: 'Aydın',
    age: 58,
    isPrivate: false,
    joinedDaysAgo: 610,
    story: { text: measureTwice, daysAfterJoining: 4, reception: 'quiet', banner: { scene: 'abstract', mood: 'day' } },
    avatar: portrait(2, 'short', 3, true, 'png'),
  },
  // The second year.
  {
    username: 'ada.okafor',
    firstName: 'Adaeze',
    lastName: 'Okafor',
    age: 47,
    isPrivate: false,
    joinedDaysAgo: 560,
    story: { text: theNightWard, daysAfterJoining: 5, reception: 'steady', banner: { scene: 'city', mood: 'night' } },
    avatar: portrait(4, 'curly', 2, true),
  },
  {
    username: 'bearcountry',
    firstName: 'Dale',
    lastName: 'Whitford',
    age: 66,
    isPrivate: true,
    joinedDaysAgo: 540,
    story: { text: whatTheBearsTaughtMe, daysAfterJoining: 6, reception: 'quiet', banner: { scene: 'mountains', mood: 'day' } },
    avatar: motif('mountain', 6),
  },
  {
    username: 'nonna.lucia',
    firstName: 'Lucia',
    lastName: 'Ferraro',
    age: 88,
    isPrivate: false,
    joinedDaysAgo: 520,
    story: { text: whatTheKitchenKnew, daysAfterJoining: 2, reception: 'steady', banner: { scene: 'hills', mood: 'dawn' } },
    avatar: portrait(1, 'grey-bun', 1, true, 'png'),
  },
  {
    username: 'bridget.dunne',
    firstName: 'Bridget',
    lastName: 'Dunne',
    age: 57,
    isPrivate: false,
    joinedDaysAgo: 470,
    story: { text: tenThousandFirstBreaths, daysAfterJoining: 8, reception: 'steady', banner: { scene: 'sea', mood: 'day' } },
    avatar: portrait(0, 'short', 2),
  },
  {
    username: 'amara.osei',
    firstName: 'Amara',
    lastName: 'Osei',
    age: 38,
    isPrivate: false,
    joinedDaysAgo: 430,
    story: { text: pointe, daysAfterJoining: 3, reception: 'steady' },
    avatar: portrait(5, 'bun', 4, false, 'png'),
  },
  {
    username: 'quietwren',
    firstName: 'Hannah',
    lastName: 'Price',
    age: 39,
    isPrivate: true,
    joinedDaysAgo: 400,
    story: { text: leavingInApril, daysAfterJoining: 20, reception: 'steady' },
    avatar: motif('leaf', 2),
  },
  {
    username: 'saidit.outloud',
    firstName: 'Peter',
    lastName: 'Lindqvist',
    age: 67,
    isPrivate: true,
    joinedDaysAgo: 380,
    story: { text: theYearISaidIt, daysAfterJoining: 7, reception: 'steady', banner: { scene: 'abstract', mood: 'dusk' } },
  },
  {
    username: 'gus.miles',
    firstName: 'Gus',
    lastName: 'Halvorsen',
    age: 61,
    isPrivate: false,
    joinedDaysAgo: 350,
    story: { text: twoMillionMiles, daysAfterJoining: 5, reception: 'quiet', banner: { scene: 'desert', mood: 'day' } },
    avatar: portrait(2, 'bald', 5),
  },
  {
    username: 'ollie.pike',
    firstName: 'Oliver',
    lastName: 'Pike',
    age: 59,
    isPrivate: false,
    joinedDaysAgo: 320,
    story: { text: everyDoorOnTheRound, daysAfterJoining: 2, reception: 'quiet', banner: { scene: 'hills', mood: 'day' } },
    avatar: portrait(0, 'short', 6, false, 'png'),
  },
  { username: 'sofia.mendes', firstName: 'Sofia', lastName: 'Mendes', age: 44, isPrivate: false, joinedDaysAgo: 300 },
  {
    username: 'tulips.for.tom',
    firstName: 'Margaret',
    lastName: 'Doyle',
    age: 74,
    isPrivate: true,
    joinedDaysAgo: 280,
    story: { text: plantingTulips, daysAfterJoining: 10, reception: 'quiet', banner: { scene: 'abstract', mood: 'day' } },
    avatar: motif('flower', 4),
  },
  // This year: the stories that lead This Year.
  {
    username: 'irena.nowak',
    firstName: 'Irena',
    lastName: 'Nowak',
    age: 89,
    isPrivate: false,
    joinedDaysAgo: 240,
    story: { text: theSuitcaseUnderTheBed, daysAfterJoining: 6, reception: 'rising', banner: { scene: 'forest', mood: 'dawn' } },
    avatar: portrait(0, 'grey-short', 3, true, 'png'),
  },
  {
    username: 'sticks.baptiste',
    firstName: 'Lionel',
    lastName: 'Baptiste',
    age: 72,
    isPrivate: false,
    joinedDaysAgo: 215,
    story: { text: keepingTime, daysAfterJoining: 3, reception: 'rising', banner: { scene: 'city', mood: 'dusk' } },
    avatar: portrait(4, 'grey-short', 1),
  },
  {
    username: 'meilin.chen',
    firstName: 'Mei-Lin',
    lastName: 'Chen',
    age: 37,
    isPrivate: false,
    joinedDaysAgo: 190,
    story: { text: upstairsFromTheGoldenDragon, daysAfterJoining: 5, reception: 'rising', banner: { scene: 'city', mood: 'day' } },
    avatar: portrait(1, 'long', 7, false, 'png'),
  },
  {
    username: 'amelie.vasseur',
    firstName: 'Amélie',
    lastName: 'Vasseur',
    age: 45,
    isPrivate: false,
    joinedDaysAgo: 170,
    story: { text: theDarkestSky, daysAfterJoining: 8, reception: 'rising', banner: { scene: 'stars', mood: 'night' } },
    avatar: portrait(0, 'long', 6, true),
  },
  {
    username: 'paperlanterns',
    firstName: 'Thu',
    lastName: 'Nguyen',
    age: 52,
    isPrivate: true,
    joinedDaysAgo: 150,
    story: { text: theBoatHadNoName, daysAfterJoining: 12, reception: 'rising', banner: { scene: 'sea', mood: 'night' } },
    avatar: motif('moon', 3),
  },
  // This month: the newest members and the stories that lead This Month.
  {
    username: 'kavya.codes',
    firstName: 'Kavya',
    lastName: 'Desai',
    age: 34,
    isPrivate: false,
    joinedDaysAgo: 27,
    story: { text: helloWorldAgain, daysAfterJoining: 2, reception: 'fresh', banner: { scene: 'abstract', mood: 'dawn' } },
    avatar: portrait(3, 'long', 3, true, 'png'),
  },
  {
    username: 'sam.rivera',
    firstName: 'Sam',
    lastName: 'Rivera',
    age: 36,
    isPrivate: false,
    joinedDaysAgo: 24,
    story: { text: theLine, daysAfterJoining: 1, reception: 'fresh', banner: { scene: 'forest', mood: 'dusk' } },
    avatar: portrait(3, 'short', 1),
  },
  {
    username: 'jaylen.runs',
    firstName: 'Jaylen',
    lastName: 'Brooks',
    age: 19,
    isPrivate: false,
    joinedDaysAgo: 21,
    story: { text: twoLaps, daysAfterJoining: 2, reception: 'fresh', banner: { scene: 'mountains', mood: 'dawn' } },
    avatar: portrait(5, 'short', 0, false, 'png'),
  },
  {
    username: 'dal.for.one',
    firstName: 'Arjun',
    lastName: 'Mehta',
    age: 71,
    isPrivate: true,
    joinedDaysAgo: 19,
    story: { text: dalForOne, daysAfterJoining: 3, reception: 'fresh' },
  },
  {
    username: 'konbini.kenji',
    firstName: 'Kenji',
    lastName: 'Watanabe',
    age: 29,
    isPrivate: true,
    joinedDaysAgo: 16,
    story: { text: konbiniHours, daysAfterJoining: 1, reception: 'fresh', banner: { scene: 'city', mood: 'night' } },
    avatar: motif('sun-waves', 6),
  },
  {
    username: 'eleven.schools',
    firstName: 'Riley',
    lastName: 'Carter',
    age: 18,
    isPrivate: true,
    joinedDaysAgo: 13,
    story: { text: elevenSchools, daysAfterJoining: 2, reception: 'fresh' },
  },
];

/** Every demo person signs in with this password (and `<username>@demo.lifestory.example`). */
export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_EMAIL_DOMAIN = 'demo.lifestory.example';
export const demoEmail = (username: string) => `${username}@${DEMO_EMAIL_DOMAIN}`;
