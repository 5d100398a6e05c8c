import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedSearchIndex } from '../../server/src/adapters/search/embedded/embedded-search-index';
import { tokenize } from '../../server/src/adapters/search/embedded/normalize-text';
import { parseQuery } from '../../server/src/adapters/search/embedded/query-words';
import { boundedDistance, typoCandidates, typoCode, VocabularyCache } from '../../server/src/adapters/search/embedded/typo-candidates';
import type { SearchKind, StoryDoc, UserDoc } from '../../server/src/ports/search-index';
import { runSearchIndexContract, story, user } from './search-index.case';

const dirs: string[] = [];

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  dirs.push(dir);
  return path.join(dir, 'app.sqlite');
}

function removeDirs(): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

runSearchIndexContract('embedded', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  const index = new EmbeddedSearchIndex(path.join(dir, 'app.sqlite'));
  return {
    index,
    cleanup: async () => {
      await index.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('EmbeddedSearchIndex specifics', () => {
  let file: string;
  let index: EmbeddedSearchIndex;

  beforeEach(async () => {
    file = tempFile();
    index = new EmbeddedSearchIndex(file);
    await index.init();
  });

  afterEach(async () => {
    await index.close();
    removeDirs();
  });

  const ids = async (text: string, kind: SearchKind = 'all', limit = 20): Promise<number[]> =>
    (await index.search({ text, kind, limit })).map((h) => h.id);

  it('counts a transposition as one typo, and never forgives the first letter', async () => {
    await index.upsertStories([story(1, 'aaa', 'Mountain stories'), story(2, 'bbb', 'Garden days')]);
    expect(await ids('mountian stories')).toEqual([1]);
    expect(await ids('stories mountian')).toEqual([1]);
    expect(await ids('harden days')).toEqual([]);
    expect(await ids('gaden days')).toEqual([2]);
  });

  it('treats the last word as complete once the text ends with a separator', async () => {
    await index.upsertUsers([user(1, 'annabel'), user(2, 'anna')]);
    expect(await ids('anna', 'users')).toEqual([2, 1]);
    expect(await ids('anna ', 'users')).toEqual([2]);
    expect(await ids('anna,', 'users')).toEqual([2]);
    expect(await ids('anna_', 'users')).toEqual([2, 1]);
  });

  it('ranks whole-word and prefix matches of a 1-2 letter last word together, by likes', async () => {
    await index.upsertUsers([user(1, 'an', null, null, 0), user(2, 'andrew', null, null, 9), user(3, 'ann', null, null, 5)]);
    expect(await ids('an', 'users')).toEqual([2, 3, 1]);
    expect(await ids('ann', 'users')).toEqual([3]);
  });

  it('folds letters that have no decomposition (ł, ø, ß, æ)', async () => {
    await index.upsertStories([story(1, 'aaa', 'Łódź nights'), story(2, 'bbb', 'Søren in Straße'), story(3, 'ccc', 'Encyclopædia')]);
    expect(await ids('lodz')).toEqual([1]);
    expect(await ids('ŁÓDŹ')).toEqual([1]);
    expect(await ids('soren strasse')).toEqual([2]);
    expect(await ids('encyclopaedia')).toEqual([3]);
  });

  it('highlights decomposed characters and ligatures in original code units', async () => {
    const title = 'Mu\u0308ller ﬁne';
    await index.upsertStories([story(1, 'aaa', title)]);
    const hit = (await index.search({ text: 'muller fi', kind: 'stories', limit: 5 }))[0]!;
    const texts = hit.matches.map((m) => title.slice(m.start, m.start + m.length));
    expect(texts).toEqual(expect.arrayContaining(['Mu\u0308ller', 'ﬁ']));
  });

  it('ranks an id in kind all by the better of its story and person hits, whichever is found first', async () => {
    // Both hits of id 1 have one typo (in different words); the person has more likes than the story.
    await index.upsertStories([story(1, 'x1', 'Martha kowal', { likes: 0 }), story(2, 'x2', 'Martha kowal', { likes: 3 })]);
    await index.upsertUsers([user(1, 'marta_kowel', null, null, 5)]);
    expect(await ids('marta kowal', 'all', 5)).toEqual([1, 2]);
    expect(await ids('marta kowal', 'stories', 5)).toEqual([2, 1]);
  });

  it('clamps the limit to 1..50', async () => {
    await index.upsertStories(Array.from({ length: 60 }, (_, i) => story(i + 1, `u${i}`, 'Same title')));
    expect(await ids('same', 'stories', 0)).toHaveLength(1);
    expect(await ids('same', 'stories', 500)).toHaveLength(50);
  });

  it('keeps its data across reopening, and init() is repeatable', async () => {
    await index.upsertStories([story(1, 'aaa', 'Winter tales', { likes: 3, likes30d: 1, likes365d: 2 })]);
    await index.close();
    index = new EmbeddedSearchIndex(file);
    await index.init();
    await index.init();
    expect(await ids('winter')).toEqual([1]);
    expect(await index.top('month', 0, 5)).toEqual([1]);
  });

  it('lives next to the application tables and only touches search_ tables', async () => {
    const other = new BetterSqlite3(file);
    other.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'x');`);
    await index.upsertStories([story(1, 'aaa', 'Winter tales')]);
    await index.clear();
    expect(other.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 1 });
    const tables = other.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
    expect(tables.filter((t) => t !== 'users').every((t) => t.startsWith('search_'))).toBe(true);
    other.close();
  });

  it('sees vocabulary written by another connection (typo candidates are cached)', async () => {
    await index.upsertStories([story(1, 'aaa', 'Mountain stories')]);
    expect(await ids('mountian')).toEqual([1]);
    const writer = new EmbeddedSearchIndex(file);
    await writer.init();
    await writer.upsertStories([story(2, 'bbb', 'Fountains')]);
    expect(await ids('fountians')).toEqual([2]);
    await writer.deleteStories([1]);
    expect(await ids('mountian')).toEqual([]);
    await writer.close();
    // Own writes keep the cache in step.
    await index.upsertStories([story(3, 'ccc', 'Lighthouse')]);
    expect(await ids('lighthuose')).toEqual([3]);
  });

  it('only rewrites likes when the text of a document did not change', async () => {
    await index.upsertStories([story(1, 'aaa', 'Winter tales', { likes: 1 }), story(2, 'bbb', 'Winter tales', { likes: 2 })]);
    const raw = new BetterSqlite3(file);
    const count = (): number => raw.prepare('SELECT count(*) FROM search_terms').pluck().get() as number;
    const before = count();
    await index.upsertStories([story(1, 'aaa', 'Winter tales', { likes: 5 })]);
    expect(count()).toBe(before);
    expect(await ids('winter')).toEqual([1, 2]);
    raw.close();
  });
});

describe('text helpers', () => {
  it('tokenizes compounds as a whole and as parts, with original offsets', () => {
    const value = 'Anna_K. and Łódź!';
    const toks = tokenize(value, true);
    expect(toks.map((t) => t.norm)).toEqual(['anna_k', 'anna', 'k', 'and', 'lodz']);
    for (const t of toks) {
      const end = t.ends[t.ends.length - 1]!;
      expect(value.slice(t.start, end).length).toBeGreaterThan(0);
    }
    expect(value.slice(toks[4]!.start, toks[4]!.ends[3])).toBe('Łódź');
  });

  it('parses the last word as a prefix unless the text ends with a separator', () => {
    expect(parseQuery('Anna kow').map((w) => [w.w, w.prefix])).toEqual([
      ['anna', false],
      ['kow', true],
    ]);
    expect(parseQuery('anna ').map((w) => w.prefix)).toEqual([false]);
    expect(parseQuery('  ')).toEqual([]);
    expect(parseQuery('grandmother').map((w) => w.maxTypos)).toEqual([2]);
    expect(parseQuery('mother').map((w) => w.maxTypos)).toEqual([1]);
    expect(parseQuery('moth').map((w) => w.maxTypos)).toEqual([0]);
  });

  it('computes a bounded Damerau (optimal string alignment) distance', () => {
    const reference = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
          d[i]![j] = v;
        }
      }
      return d[a.length]![b.length]!;
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 10 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const d = reference(a, b);
        expect(boundedDistance(a, b, max)).toBe(d > max ? max + 1 : d);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('typo candidates (the prefix automaton)', () => {
  /** Brute force: the smallest distance of `w` to the whole token or, being typed, to any proper prefix of it. */
  const bruteCode = (w: string, prefix: boolean, max: number, t: string): number => {
    let code = -1;
    const d = boundedDistance(w, t, max);
    if (d <= max) code = d * 2;
    if (prefix) {
      for (let j = 1; j < t.length; j++) {
        const dp = boundedDistance(w, t.slice(0, j), max);
        if (dp <= max && (code < 0 || dp * 2 + 1 < code)) code = dp * 2 + 1;
      }
    }
    return code;
  };

  it('finds exactly the tokens within the typos of the word, or of a prefix of them while it is typed', () => {
    const letters = fc.constantFrom('a', 'b', 'c', 'd');
    const tok = fc.string({ unit: letters, minLength: 1, maxLength: 13 }).map((t) => `a${t}`);
    fc.assert(
      fc.property(fc.uniqueArray(tok, { maxLength: 80 }), tok, fc.boolean(), (vocab, w, prefix) => {
        const maxTypos = w.length >= 9 ? 2 : w.length >= 5 ? 1 : 0;
        const cache = new VocabularyCache(
          () => 1,
          () => vocab,
        );
        const got = new Map(typoCandidates(cache, { w, head: 'a', prefix, maxTypos }));
        const want = new Map<string, number>();
        for (const t of vocab) {
          if (t === w || (prefix && t.length > w.length && t.startsWith(w))) continue;
          const code = bruteCode(w, prefix, maxTypos, t);
          if (code > 0) want.set(t, code);
          // matchCode's per-token rule agrees with the automaton.
          if (maxTypos > 0) expect(typoCode(w, prefix, maxTypos, t)).toBe(code);
        }
        expect(new Map([...got].sort())).toEqual(new Map([...want].sort()));
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * A brute-force model of the ranking the adapter implements (see server/src/adapters/search/embedded/README.md),
 * checked against the index on random documents, updates and queries. The index
 * reads ranked streams page by page and stops early; the model looks at every document.
 */
describe('EmbeddedSearchIndex against a brute-force model', () => {
  afterEach(removeDirs);

  const VOCAB = [
    'a',
    'an',
    'ann',
    'anna',
    'annabel',
    'kowal',
    'kowalska',
    'kowalski',
    'garden',
    'garten',
    'gardener',
    'grandmother',
    'grandmothar',
    'river',
    'rivers',
    'the',
    'of',
    'my',
    'life',
    'lif',
    'zofia',
    'zosia',
    'b',
    'bo',
    'bob',
    'marta',
    'martha',
    'mart',
    'Kraków',
    'krakow',
    'Łódź',
    'mountain',
    'mountian',
    'harvests',
    'harvest',
    'harbour',
    'september',
    'septembers',
    'settlement',
    'otieno',
  ];
  const cp = (s: string): number => Array.from(s).length;

  type Key = [number, number, number, number, string, number, number];
  const cmpKey = (a: Key, b: Key): number => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  type Rel = [number, number, number];
  const cmpRel = (a: Rel, b: Rel): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

  /**
   * How a token matches a query word, by brute force: (typos, prefix) or null. Typos are counted against the
   * whole token and, for the word being typed, against every proper prefix of it (the prefix rule).
   */
  function modelMatch(w: ReturnType<typeof parseQuery>[number], t: string): [number, number] | null {
    if (t === w.w) return [0, 0];
    if (w.prefix && t.length > w.w.length && t.startsWith(w.w)) return [0, cp(w.w) <= 2 ? 0 : 1];
    if (w.maxTypos === 0 || Array.from(t)[0] !== Array.from(w.w)[0]) return null;
    let best: [number, number] | null = null;
    const d = boundedDistance(w.w, t, w.maxTypos);
    if (d <= w.maxTypos) best = [d, 0];
    if (w.prefix) {
      for (let j = 1; j < t.length; j++) {
        const dp = boundedDistance(w.w, t.slice(0, j), w.maxTypos);
        if (dp <= w.maxTypos && (!best || dp < best[0])) best = [dp, 1];
      }
    }
    return best;
  }

  function modelSearch(
    stories: Map<number, StoryDoc>,
    users: Map<number, UserDoc>,
    text: string,
    kind: SearchKind,
    limit: number,
    offset = 0,
  ): number[] {
    const words = parseQuery(text);
    if (words.length === 0) return [];
    // Fields as [field class, value]: a story's author ranks as a person's names do (ADR 0011).
    const docs: Array<{
      kind: number;
      id: number;
      likes: number;
      uname: string;
      fields: Array<[number, string | null]>;
    }> = [];
    if (kind !== 'users') {
      for (const s of stories.values())
        docs.push({
          kind: 0,
          id: s.id,
          likes: s.likes,
          uname: s.username.toLowerCase(),
          fields: [
            [0, s.title],
            [1, s.username],
          ],
        });
    }
    if (kind !== 'stories') {
      for (const u of users.values()) {
        docs.push({
          kind: 1,
          id: u.id,
          likes: u.likes,
          uname: u.username.toLowerCase(),
          fields: [
            [0, u.username],
            [1, u.firstName],
            [1, u.lastName],
          ],
        });
      }
    }
    const best = new Map<number, Key>();
    for (const doc of docs) {
      const toks: Array<[number, string]> = [];
      for (const [fcl, v] of doc.fields) if (v) for (const t of tokenize(v, false)) toks.push([fcl, t.norm]);
      let r: Rel | null = [0, 0, 0];
      for (const w of words) {
        let wb: Rel | null = null;
        for (const [fcl, t] of toks) {
          const m = modelMatch(w, t);
          const c: Rel | null = m && [m[0], m[1], fcl];
          if (c && (!wb || cmpRel(c, wb) < 0)) wb = c;
        }
        if (!wb) {
          r = null;
          break;
        }
        r = [r[0] + wb[0], r[1] + wb[1], r[2] + wb[2]];
      }
      if (!r) continue;
      const key: Key = [r[0], r[1], r[2], -doc.likes, doc.uname, doc.kind, doc.id];
      const prev = best.get(doc.id);
      if (!prev || cmpKey(key, prev) < 0) best.set(doc.id, key);
    }
    const lim = Math.max(1, Math.min(50, limit));
    return [...best.values()]
      .sort(cmpKey)
      .slice(offset, offset + lim)
      .map((k) => k[6]);
  }

  const wordArb = fc.constantFrom(...VOCAB);
  const titleArb = fc.array(wordArb, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
  interface Person {
    username: string;
    title: string;
    first: string | null;
    last: string | null;
    likes: number;
    hasStory: boolean;
    hasUser: boolean;
  }
  interface Query {
    text: string;
    kind: SearchKind;
    limit: number;
    offset: number;
  }
  const personArb = (words: fc.Arbitrary<string>): fc.Arbitrary<Person> =>
    fc.record({
      username: fc
        .tuple(words, fc.constantFrom('', '_', '.'), fc.option(words, { nil: undefined }))
        .map(([a, sep, b]) => (b ? `${a}${sep}${b}` : a)),
      title: fc.array(words, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' ')),
      first: fc.option(words, { nil: null }),
      last: fc.option(words, { nil: null }),
      likes: fc.integer({ min: 0, max: 3 }),
      hasStory: fc.boolean(),
      hasUser: fc.boolean(),
    });
  /**
   * A typing error in a word of 5 letters or more, never in its first letter: a swap of neighbours, a
   * dropped letter, a doubled letter, or a letter replaced by another. `at` picks the place.
   */
  const typoed = (w: string, how: number, at: number): string => {
    if (w.length < 5) return w;
    const i = 1 + (at % (w.length - 2));
    if (how === 0) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    if (how === 1) return w.slice(0, i) + w.slice(i + 1);
    if (how === 2) return w.slice(0, i) + w[i] + w.slice(i);
    return `${w.slice(0, i)}${w[i] === 'e' ? 'r' : 'e'}${w.slice(i + 1)}`;
  };
  const queryArb = (words: fc.Arbitrary<string>, maxWords: number, maxLimit: number, maxCut: number): fc.Arbitrary<Query> =>
    fc
      .tuple(
        fc.array(fc.tuple(words, fc.nat(7), fc.nat(20)), { minLength: 1, maxLength: maxWords }),
        fc.nat(maxCut),
        fc.boolean(),
        fc.constantFrom<SearchKind>('all', 'stories', 'users'),
        fc.integer({ min: 1, max: maxLimit }),
        fc.oneof(fc.constant(0), fc.nat(12)),
      )
      .map(([ws, cut, trailing, kind, limit, offset]) => {
        const words = ws.map(([w, how, at]) => (how < 4 ? typoed(w.toLowerCase(), how, at) : w));
        const lastWord = words[words.length - 1]!;
        words[words.length - 1] = lastWord.slice(0, Math.max(1, lastWord.length - cut));
        return { text: words.join(' ') + (trailing ? ' ' : ''), kind, limit, offset };
      });
  const opArb = fc.tuple(
    fc.constantFrom('likes', 'title', 'delStory', 'delUser', 'private'),
    fc.nat(),
    fc.integer({ min: 0, max: 3 }),
    titleArb,
  );

  const check = (people: fc.Arbitrary<Person[]>, queries: fc.Arbitrary<Query[]>, numRuns: number) =>
    fc.assert(
      fc.asyncProperty(people, fc.array(opArb, { maxLength: 12 }), queries, async (people, ops, queries) => {
        const index = new EmbeddedSearchIndex(tempFile());
        await index.init();
        try {
          const stories = new Map<number, StoryDoc>();
          const users = new Map<number, UserDoc>();
          people.forEach((p, i) => {
            const id = i + 1;
            if (p.hasStory) stories.set(id, story(id, p.username, p.title, { likes: p.likes }));
            if (p.hasUser) users.set(id, user(id, p.username, p.first, p.last, p.likes));
          });
          await index.upsertStories([...stories.values()]);
          await index.upsertUsers([...users.values()]);
          for (const [op, n, likes, title] of ops) {
            const id = people.length ? (n % people.length) + 1 : 1;
            const s = stories.get(id);
            const u = users.get(id);
            if (op === 'likes') {
              if (s) stories.set(id, { ...s, likes });
              if (u) users.set(id, { ...u, likes: likes + (n % 2) });
              await index.upsertStories(s ? [stories.get(id)!] : []);
              await index.upsertUsers(u ? [users.get(id)!] : []);
            } else if (op === 'title' && s) {
              stories.set(id, { ...s, title });
              await index.upsertStories([stories.get(id)!]);
            } else if (op === 'delStory') {
              stories.delete(id);
              await index.deleteStories([id]);
            } else if (op === 'delUser') {
              users.delete(id);
              await index.deleteUsers([id]);
            } else if (op === 'private' && u) {
              users.set(id, { ...u, firstName: null, lastName: null });
              await index.upsertUsers([users.get(id)!]);
            }
          }
          for (const q of queries) {
            const got = (await index.search(q)).map((h) => h.id);
            expect({ q, got }).toEqual({ q, got: modelSearch(stories, users, q.text, q.kind, q.limit, q.offset) });
          }
        } finally {
          await index.close();
        }
      }),
      { numRuns },
    );

  it('returns exactly the ids, in the order, of the model', async () => {
    await check(
      fc.array(personArb(wordArb), { maxLength: 70, size: 'medium' }),
      fc.array(queryArb(wordArb, 3, 8, 6), { minLength: 1, maxLength: 12 }),
      60,
    );
  });

  it('agrees with the model on a tiny vocabulary (many ties between classes and fields)', async () => {
    const tiny = fc.constantFrom('anna', 'rose', 'marta', 'kowal', 'kowalska', 'bob', 'an');
    await check(
      fc.array(personArb(tiny), { minLength: 5, maxLength: 40, size: 'medium' }),
      fc.array(queryArb(tiny, 2, 3, 1), { minLength: 1, maxLength: 15 }),
      150,
    );
  });
});
