// When the search index is away, people keep writing: every write succeeds, the projector's checkpoint stays
// put, and once the index is back it catches up with nothing missing or duplicated.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedSearchIndex } from '../../server/src/adapters/search/embedded/embedded-search-index';
import { closedLoopbackPort } from '../support/closed-port';
import { FlakySearchIndex } from '../support/flaky-search-index';
import { lastEventSeq, makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Every kind of write a person makes: registration, story, like, comment, profile, deletions. */
async function busyDay(t: TestApp) {
  const ann = await signedInPerson(t, { username: 'ann_w', first_name: 'Ann', last_name: 'Winter' });
  const bob = await signedInPerson(t, { username: 'bob_r', first_name: 'Bob', last_name: 'River' });
  const cy = await signedInPerson(t, { username: 'cy_gone' });
  const statuses: number[] = [];
  const send = async (p: Promise<{ status: number }>) => statuses.push((await p).status);
  await send(ann.client.post('/api/stories/save', { title: 'Winter tales', text: storyHtml(2) }));
  await send(bob.client.post('/api/stories/save', { title: 'River days', text: storyHtml(1) }));
  await send(cy.client.post('/api/stories/save', { title: 'Gone soon', text: storyHtml(1) }));
  await send(bob.client.post('/api/users/like', { data: { liked: false, story_username: 'ann_w' } }));
  await send(cy.client.post('/api/users/like', { data: { liked: false, story_username: 'ann_w' } }));
  await send(ann.client.post('/api/users/like', { data: { liked: false, story_username: 'bob_r' } }));
  await send(ann.client.post('/api/users/like', { data: { liked: true, story_username: 'bob_r' } })); // unlike
  await send(bob.client.post('/api/comments/create', { data: { story_username: 'ann_w', text: 'Lovely winter.' } }));
  await send(
    bob.client.post('/api/users/edit', { first_name: 'Bob', last_name: 'River', email: bob.email, dob: bob.dob, is_private: true }),
  );
  await send(bob.client.delete('/api/stories/delete', { story_username: 'bob_r' }));
  await send(cy.client.delete('/api/users/delete'));
  return statuses;
}

describe('Meilisearch unreachable (a closed loopback port)', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeEach(async () => {
    logs.length = 0;
    const port = await closedLoopbackPort();
    t = await makeTestApp({ env: { MEILI_URL: `http://127.0.0.1:${port}`, MEILI_KEY: 'a-master-key-of-16+' }, log: (m) => logs.push(m) });
  });
  afterEach(async () => t.close());

  it('the app starts, every write succeeds, and the checkpoint does not move', async () => {
    expect(t.deps.search.name).toBe('meilisearch');
    expect(logs.join('\n')).toMatch(/search: Meilisearch is unreachable at http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED/);

    const statuses = await busyDay(t);
    for (const s of statuses) expect(s).toBeGreaterThanOrEqual(200);
    for (const s of statuses) expect(s).toBeLessThan(300);
    expect(await lastEventSeq(t)).toBeGreaterThan(10);

    // The catch-ups the writes asked for ran (drains are chained) and failed; so does this one.
    await expect(t.deps.projector.drain()).rejects.toThrow(/unreachable.*ECONNREFUSED/);
    expect(await t.deps.projector.checkpoint()).toBe(0);
    // Only the search checkpoints stand still; notifications and followers live in the database and do not wait for the
    // index (ADR 0019, ADR 0027).
    expect(
      await t.deps.db.selectFrom('projector_checkpoints').selectAll().where('name', 'not in', ['notifications', 'followers']).execute(),
    ).toEqual([]);
    expect(logs.some((m) => /^projector: Meilisearch is unreachable .*; retrying in \d+ ms$/.test(m))).toBe(true);
    expect(unhandled).toEqual([]);
  });

  it('searches and top lists answer 503 with a sentence, never a 500', async () => {
    const visitor = t.client();
    for (const res of [
      await visitor.post('/api/searches/all', { searchTerm: 'winter' }),
      await visitor.post('/api/searches/top', { page: 1, limit: 5 }),
      await visitor.get('/api/searches/top/monthly/count'),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Search and top lists are unavailable for a moment. Please try again shortly.');
      expect(res.headers.get('retry-after')).toBe('5');
    }
    // New stories and the all-time count come from the database, not the index.
    expect((await visitor.get('/api/searches/new/5')).status).toBe(200);
    expect((await visitor.get('/api/searches/top/count')).status).toBe(200);
  });
});

describe('an index that fails, then recovers', () => {
  let t: TestApp;
  let flaky: FlakySearchIndex;
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-outage-'));
    file = path.join(dir, 'search.sqlite');
    flaky = new FlakySearchIndex(new EmbeddedSearchIndex(file));
    t = await makeTestApp({ search: flaky });
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every document as stored, the top lists and a few searches. */
  async function contents() {
    const db = new BetterSqlite3(file, { readonly: true });
    const rows = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
    const stored = {
      stories: rows('search_stories'),
      users: rows('search_users'),
      postings: db.prepare('SELECT count(*) AS n FROM search_terms').get(),
    };
    db.close();
    const top: Record<string, unknown> = {};
    for (const w of ['all', 'month', 'year'] as const) top[w] = [await t.deps.search.top(w, 0, 50), await t.deps.search.countTop(w)];
    const searches: Record<string, unknown> = {};
    for (const q of ['winter', 'river', 'ann', 'bob', 'gone', 'cy'])
      searches[q] = await t.deps.search.search({ text: q, kind: 'all', limit: 20 });
    return { ...stored, top, searches };
  }

  it('keeps the checkpoint while failing, then catches up to exactly what a rebuild gives', async () => {
    flaky.failWhen = () => true; // down
    const statuses = await busyDay(t);
    for (const s of statuses) expect(s).toBeLessThan(300);
    await expect(t.deps.projector.drain()).rejects.toThrow('search index unavailable');
    expect(await t.deps.projector.checkpoint()).toBe(0);

    // Only the story writes fail: the people documents of the batch are written, the batch as a whole is not done.
    flaky.failWhen = (_n, op) => op === 'upsertStories';
    await expect(t.deps.projector.drain()).rejects.toThrow('search index unavailable (upsertStories)');
    expect(await t.deps.projector.checkpoint()).toBe(0);

    // Flapping: every other write fails, so batches get partly applied before failing.
    flaky.failWhen = (n) => n % 2 === 0;
    for (let i = 0; i < 3; i++) {
      await t.deps.projector.drain().catch(() => undefined);
      expect(await t.deps.projector.checkpoint()).toBe(0);
    }
    expect(flaky.failures).toBeGreaterThan(3);

    flaky.failWhen = () => false; // back
    await t.deps.projector.drain();
    const last = await lastEventSeq(t);
    expect(await t.deps.projector.checkpoint()).toBe(last);
    const caughtUp = await contents();

    await t.deps.projector.rebuild();
    expect(await t.deps.projector.checkpoint()).toBe(last);
    expect(await contents()).toEqual(caughtUp);

    // And it is the right content: ann's story with one like; bob private without a story; cy gone.
    const ann = await t.userId('ann_w');
    const bob = await t.userId('bob_r');
    expect(caughtUp.top.all).toEqual([[ann], 1]);
    expect(caughtUp.stories).toEqual([expect.objectContaining({ id: ann, title: 'Winter tales', likes: 1, likes30d: 1, likes365d: 1 })]);
    expect(caughtUp.users.map((u) => (u as { id: number }).id)).toEqual([ann, bob].sort((a, b) => a - b));
    expect(caughtUp.users).toContainEqual(expect.objectContaining({ id: bob, first_name: null, last_name: null }));
    expect(caughtUp.searches.gone).toEqual([]);
    expect(caughtUp.searches.cy).toEqual([]);
    expect(await t.deps.db.selectFrom('proj_users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual({ n: 2 });
    expect(unhandled).toEqual([]);
  });
});
