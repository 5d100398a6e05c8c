// The two ways of reading a class (ADR 0015): loading its postings with the documents' current likes, and
// walking the documents in likes order. The SearchIndex contract suite and its brute-force model run on small
// indexes, where every class is loaded; here the same index is read with each way forced (and with a walk that
// gives up after a page and loads the rest), on enough documents that short prefixes match hundreds, and every
// answer must be the same, through likes changes, text changes and deletes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchKind, StoryDoc, UserDoc } from '../../../ports/search-index';
import { DEFAULT_TUNING, type ReadTuning } from './class-postings';
import { EmbeddedSearchIndex } from './embedded-search-index';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-read-'));
  dirs.push(dir);
  return path.join(dir, 'app.sqlite');
}

const TUNINGS: Record<string, ReadTuning> = {
  load: { alwaysLoad: Number.POSITIVE_INFINITY, walkBias: 1, walkBudget: 1 },
  walk: { alwaysLoad: 0, walkBias: Number.POSITIVE_INFINITY, walkBudget: Number.POSITIVE_INFINITY },
  walkThenLoad: { alwaysLoad: 0, walkBias: Number.POSITIVE_INFINITY, walkBudget: 0.01 },
  default: DEFAULT_TUNING,
};

const WORDS = ['anna', 'ann', 'an', 'andrew', 'annabel', 'rose', 'rosa', 'river', 'rivers', 'marta', 'martha', 'garden', 'gardener', 'bob'];

describe('reading a class by loading or by walking the documents in likes order', () => {
  it('gives the same answers whichever way a class is read', async () => {
    const word = fc.constantFrom(...WORDS);
    const person = fc.record({
      name: fc.tuple(word, fc.constantFrom('', '_', '.')),
      title: fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' ')),
      first: fc.option(word, { nil: null }),
      likes: fc.integer({ min: 0, max: 6 }),
    });
    const query = fc.record({
      words: fc.array(word, { minLength: 1, maxLength: 2 }),
      cut: fc.nat(5),
      typo: fc.boolean(),
      kind: fc.constantFrom<SearchKind>('all', 'stories', 'users'),
      limit: fc.integer({ min: 1, max: 50 }),
      offset: fc.oneof(fc.constant(0), fc.nat(30)),
    });
    const change = fc.tuple(fc.constantFrom('likes', 'title', 'delete'), fc.nat(), fc.integer({ min: 0, max: 9 }), word);
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 250, maxLength: 400 }),
        fc.array(change, { maxLength: 40 }),
        fc.array(query, { minLength: 5, maxLength: 10 }),
        async (people, changes, queries) => {
          const file = tempFile();
          const writer = new EmbeddedSearchIndex(file);
          await writer.init();
          const readers = Object.entries(TUNINGS).map(([name, tuning]) => [name, new EmbeddedSearchIndex(file, tuning)] as const);
          try {
            const stories: StoryDoc[] = [];
            const users: UserDoc[] = [];
            people.forEach((p, i) => {
              const id = i + 1;
              const username = `${p.name[0]}${p.name[1]}${id}`;
              stories.push({ id, username, title: p.title, likes: p.likes, likes30d: 0, likes365d: 0, createdAt: id });
              users.push({ id, username, firstName: p.first, lastName: null, likes: p.likes + (id % 2) });
            });
            await writer.upsertStories(stories);
            await writer.upsertUsers(users);
            for (const [what, n, likes, w] of changes) {
              const i = n % people.length;
              if (what === 'likes') {
                await writer.upsertStories([{ ...stories[i]!, likes }]);
                await writer.upsertUsers([{ ...users[i]!, likes }]);
              } else if (what === 'title') {
                await writer.upsertStories([{ ...stories[i]!, title: `${w} ${stories[i]!.title}` }]);
              } else {
                await writer.deleteStories([i + 1]);
              }
            }
            for (const [, reader] of readers) await reader.init();
            for (const q of queries) {
              const words = q.words.map((w) => (q.typo && w.length >= 5 ? `${w[0]}${w.slice(2)}` : w));
              const last = words[words.length - 1]!;
              words[words.length - 1] = last.slice(0, Math.max(1, last.length - q.cut));
              const search = { text: words.join(' '), kind: q.kind, limit: q.limit, offset: q.offset };
              const answers = new Map<string, number[]>();
              for (const [name, reader] of readers)
                answers.set(
                  name,
                  (await reader.search(search)).map((h) => h.id),
                );
              const loaded = answers.get('load')!;
              for (const [name, ids] of answers) expect({ search, name, ids }).toEqual({ search, name, ids: loaded });
            }
          } finally {
            for (const [, reader] of readers) await reader.close();
            await writer.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a like rewrites no posting', async () => {
    const file = tempFile();
    const index = new EmbeddedSearchIndex(file);
    await index.init();
    const doc = (likes: number): StoryDoc => ({
      id: 1,
      username: 'anna_k',
      title: 'Forty Harvests',
      likes,
      likes30d: likes,
      likes365d: likes,
      createdAt: 1,
    });
    await index.upsertStories([doc(1)]);
    const raw = new BetterSqlite3(file, { readonly: true });
    const postings = () => raw.prepare('SELECT * FROM search_terms ORDER BY term, kind, fc, exact, id').all();
    const before = postings();
    await index.upsertStories([doc(7)]);
    expect(postings()).toEqual(before);
    expect(raw.prepare('SELECT likes FROM search_stories WHERE id = 1').pluck().get()).toBe(7);
    raw.close();
    await index.close();
  });

  it('drops an index of the layout with likes in the posting keys, to be rebuilt', async () => {
    const file = tempFile();
    const old = new BetterSqlite3(file);
    old.exec(`CREATE TABLE search_terms (term TEXT NOT NULL, kind INTEGER NOT NULL, fc INTEGER NOT NULL, exact INTEGER NOT NULL,
      nlikes INTEGER NOT NULL, uname TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (term, kind, fc, exact, nlikes, uname, id)) WITHOUT ROWID;
      INSERT INTO search_terms VALUES ('anna', 0, 0, 1, -3, 'anna', 1);
      CREATE TABLE search_stories (id INTEGER PRIMARY KEY, username TEXT NOT NULL, uname TEXT NOT NULL, title TEXT NOT NULL,
      likes INTEGER NOT NULL, likes30d INTEGER NOT NULL, likes365d INTEGER NOT NULL, created_at INTEGER NOT NULL, terms TEXT NOT NULL);
      INSERT INTO search_stories VALUES (1, 'anna', 'anna', 'Anna', 3, 0, 0, 1, '01anna');
      CREATE TABLE search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO search_meta VALUES ('vocab', 4);`);
    old.close();
    const index = new EmbeddedSearchIndex(file);
    await index.init();
    expect(await index.countTop('all')).toBe(0);
    await index.upsertStories([{ id: 2, username: 'anna', title: 'Anna', likes: 1, likes30d: 0, likes365d: 0, createdAt: 1 }]);
    expect((await index.search({ text: 'ann', kind: 'stories', limit: 5 })).map((h) => h.id)).toEqual([2]);
    await index.close();
  });
});
