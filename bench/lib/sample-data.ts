// What the load asks for, drawn from the dataset itself with a seeded PRNG: stories to read (so that caching
// cannot flatter), people to sign in as, and realistic search queries (titles, usernames, names, typos).
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DB_FILE } from './dataset';
import { seededRandom } from './stats';

export interface StoryRef {
  username: string;
  pageCount: number;
  title: string;
}

export interface Person {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isPrivate: boolean;
  hasStory: boolean;
}

export interface Sample {
  stories: StoryRef[];
  peopleCount: number;
  /** Who signs in for the 'with session' figures and the writes (their story, if any, may be rewritten). */
  signIn: Person[];
  queries: string[];
}

export function loadSample(dataDir: string, seed = 5): Sample {
  const rnd = seededRandom(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const db = new BetterSqlite3(path.join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const allStories = db
      .prepare('SELECT u.username, s.page_count AS pageCount, s.title FROM stories s JOIN users u ON u.id = s.user_id ORDER BY s.user_id')
      .all() as StoryRef[];
    const people = (
      db
        .prepare(
          `SELECT u.id, u.username, u.email, u.first_name AS firstName, u.last_name AS lastName, u.is_private AS isPrivate,
                EXISTS (SELECT 1 FROM stories s WHERE s.user_id = u.id) AS hasStory
           FROM users u ORDER BY u.id`,
        )
        .all() as Array<Omit<Person, 'isPrivate' | 'hasStory'> & { isPrivate: number; hasStory: number }>
    ).map((p) => ({ ...p, isPrivate: p.isPrivate === 1, hasStory: p.hasStory === 1 }));
    if (allStories.length === 0 || people.length < 50) throw new Error(`The dataset in ${dataDir} is too small to benchmark.`);

    const stories = Array.from({ length: Math.min(5000, allStories.length) }, () => pick(allStories));
    const withStory = people.filter((p) => p.hasStory);
    const signIn = Array.from({ length: 40 }, () => pick(withStory)).filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
    // Only what the load needs is kept: the harness's own heap (and its pauses) stays small.
    return { stories, peopleCount: people.length, signIn, queries: makeQueries(allStories, people, rnd) };
  } finally {
    db.close();
  }
}

const fold = (s: string) =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').replace(/ø/g, 'o').replace(/ß/g, 'ss').toLowerCase();

/** One typo as people make them: two neighbours swapped, a letter dropped or a letter replaced (never the first). */
function typo(word: string, rnd: () => number): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const k = Math.floor(rnd() * 3);
  if (k === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (k === 1) return word.slice(0, i) + word.slice(i + 1);
  return word.slice(0, i) + 'aeioustrnl'[Math.floor(rnd() * 10)] + word.slice(i + 1);
}

/** 200 queries: title beginnings, usernames, public people's names (as typed, with or without accents), single words, typos. */
function makeQueries(stories: StoryRef[], people: Person[], rnd: () => number): string[] {
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const named = people.filter((p) => !p.isPrivate && p.firstName && p.lastName);
  const queries: string[] = [];
  const add = (q: string) => {
    if (q.trim() !== '') queries.push(q.trim());
  };
  for (let i = 0; i < 55; i++) {
    const words = pick(stories).title.split(/\s+/);
    add(
      words
        .slice(0, Math.min(words.length, 1 + int(4)))
        .join(' ')
        .toLowerCase(),
    );
  }
  for (let i = 0; i < 45; i++) add(pick(people).username);
  for (let i = 0; i < 45 && named.length; i++) {
    const p = pick(named);
    const name = `${p.firstName} ${p.lastName}`;
    add(rnd() < 0.5 ? name.toLowerCase() : fold(name));
  }
  for (let i = 0; i < 15 && named.length; i++) add(fold(pick(named).lastName!));
  for (let i = 0; i < 10; i++) {
    const words = pick(stories)
      .title.split(/\s+/)
      .filter((w) => w.length > 3);
    if (words.length) add(fold(pick(words)).replace(/[^a-z0-9]/g, ''));
  }
  while (queries.length < 200) {
    const src =
      rnd() < 0.5 && named.length
        ? (() => {
            const p = pick(named);
            return `${p.firstName} ${p.lastName}`;
          })()
        : pick(stories).title;
    add(
      fold(src)
        .replace(/[^a-z0-9 ]/g, '')
        .split(/\s+/)
        .map((w) => (w.length >= 5 && rnd() < 0.6 ? typo(w, rnd) : w))
        .join(' ')
        .trim(),
    );
  }
  return queries.slice(0, 200);
}
