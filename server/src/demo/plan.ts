// What happens, and when, over the two years before the first start: who joins, writes, likes, saves and
// comments. A pure function of the start time and a fixed seed, so every first start tells the same story
// (the same people, likes and comments), only moved to end "now".
import { DEMO_PEOPLE, type DemoPerson, type Reception } from './people';
import { hashSeed, seededRandom, type Random } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DemoAction =
  | { at: number; kind: 'join' | 'picture' | 'story' | 'banner'; person: DemoPerson }
  | { at: number; kind: 'like' | 'bookmark'; who: string; story: string }
  | { at: number; kind: 'comment'; who: string; story: string; text: string };

/** How many likes a story gets, and when (as a time between its writing and now). */
const RECEPTION: Record<Reception, { likes: [number, number]; when: (r: Random, written: number, now: number) => number }> = {
  // Liked most in its first months, two years ago, and still now and then: the most likes of all.
  classic: {
    likes: [22, 27],
    when: (r, written, now) =>
      r.next() < 0.55 ? written + Math.min(-Math.log(1 - r.next()) * 90 * DAY, 330 * DAY) : between(r, written, now),
  },
  steady: { likes: [9, 13], when: (r, written, now) => between(r, written, now) },
  // Liked through this year, more and more lately.
  rising: {
    likes: [11, 15],
    when: (r, written, now) => (r.next() < 0.75 ? between(r, Math.max(written, now - 120 * DAY), now) : between(r, written, now)),
  },
  fresh: { likes: [6, 10], when: (r, written, now) => between(r, written, now) },
  quiet: { likes: [1, 4], when: (r, written, now) => between(r, written, now) },
};

function between(r: Random, from: number, to: number): number {
  return from + r.next() * Math.max(0, to - from);
}

/** A time of day people are awake (8:00 to 22:00 UTC), on the day `daysAgo` before now. */
function dayTime(r: Random, now: number, daysAgo: number): number {
  const midnight = Math.floor((now - daysAgo * DAY) / DAY) * DAY;
  return Math.min(midnight + 8 * HOUR + r.next() * 14 * HOUR, now - HOUR);
}

export interface DemoPlan {
  actions: DemoAction[];
  joinedAt: Map<string, number>;
  writtenAt: Map<string, number>;
}

export function planDemo(now: number, people: readonly DemoPerson[] = DEMO_PEOPLE): DemoPlan {
  const r = seededRandom(hashSeed('life-story demo'));
  const actions: DemoAction[] = [];
  const joinedAt = new Map<string, number>();
  const writtenAt = new Map<string, number>();
  const byName = new Map(people.map((p) => [p.username, p]));
  const latest = now - 10 * MINUTE;

  for (const p of people) {
    const joined = dayTime(r, now, p.joinedDaysAgo);
    joinedAt.set(p.username, joined);
    actions.push({ at: joined, kind: 'join', person: p });
    if (p.avatar) actions.push({ at: joined + (5 + r.int(0, 40)) * MINUTE, kind: 'picture', person: p });
    if (p.story) {
      const written = Math.min(joined + p.story.daysAfterJoining * DAY + r.int(1, 8) * HOUR, now - 2 * HOUR);
      writtenAt.set(p.username, written);
      actions.push({ at: written, kind: 'story', person: p });
      if (p.story.banner) actions.push({ at: written + (10 + r.int(0, 50)) * MINUTE, kind: 'banner', person: p });
    }
  }

  // Likes: for each story a number fitting its reception, each at a time drawn from it, by someone who had
  // joined by then (never the author, never twice).
  for (const p of people) {
    if (!p.story) continue;
    const written = writtenAt.get(p.username)!;
    const { likes, when } = RECEPTION[p.story.reception];
    const likers = new Set<string>();
    for (let i = r.int(likes[0], likes[1]); i > 0; i--) {
      // Early on few people had joined: when nobody new could have liked it at that time, draw another time.
      for (let attempt = 0; attempt < 6; attempt++) {
        const at = Math.min(Math.max(when(r, written, now), written + 30 * MINUTE), latest);
        const who = r
          .shuffle(people)
          .find((q) => q.username !== p.username && !likers.has(q.username) && joinedAt.get(q.username)! + HOUR <= at);
        if (!who) continue;
        likers.add(who.username);
        actions.push({ at, kind: 'like', who: who.username, story: p.username });
        break;
      }
    }
  }

  // Saves: everyone keeps a few stories for later, at any time after both existed.
  for (const q of people) {
    const stories = r.shuffle(people.filter((p) => p.story && p.username !== q.username)).slice(0, r.int(1, 4));
    for (const p of stories) {
      const from = Math.max(writtenAt.get(p.username)!, joinedAt.get(q.username)!) + HOUR;
      if (from < latest) actions.push({ at: between(r, from, latest), kind: 'bookmark', who: q.username, story: p.username });
    }
  }

  // Comments: in the order written (a reply follows what it answers), most soon after the story appeared.
  for (const p of people) {
    if (!p.story) continue;
    const written = writtenAt.get(p.username)!;
    let at = written + HOUR;
    for (const [who, text] of p.story.text.comments) {
      if (!byName.has(who)) continue; // only when seeding a subset of the people (tests)
      let next = Math.max(at + (latest - at) * (0.02 + r.next() * 0.2), joinedAt.get(who)! + HOUR);
      if (next >= latest) next = at + (latest - at) / 2; // still after the comment before it
      at = next;
      actions.push({ at, kind: 'comment', who, story: p.username, text });
    }
  }

  // Writing the log in time order keeps the event sequence and the event times in step, as in real use.
  actions.sort((a, b) => a.at - b.at);
  return { actions, joinedAt, writtenAt };
}

/** A birth date that makes the person exactly `age` today (born 15 to 330 days after that birthday). */
export function birthDateFor(username: string, age: number, now: number): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - age);
  d.setUTCDate(d.getUTCDate() - (15 + (hashSeed(username) % 316)));
  return d.toISOString().slice(0, 10);
}
