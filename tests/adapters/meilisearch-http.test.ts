// The Meilisearch adapter's plumbing against a fake of the HTTP API (tests/support/fake-meilisearch.ts): what it
// sends, that a write counts only once its task succeeded, failures, outages, the rebuild swap. Search quality is
// the SearchIndex contract's business, run against a real Meilisearch where Docker exists.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MeilisearchIndex } from '../../server/src/adapters/search/meilisearch/meilisearch-index';
import { INDEX_SETTINGS } from '../../server/src/adapters/search/meilisearch/index-settings';
import { MeiliTaskError, MeiliUnavailableError } from '../../server/src/adapters/search/meilisearch/meili-errors';
import { ConfigError } from '../../server/src/config';
import { story, user } from '../ports/search-index.case';
import { FakeMeilisearch, type RecordedRequest } from '../support/fake-meilisearch';
import { makeTestApp, signedInPerson } from '../support/test-app';

const KEY = 'test-master-key-0123456789';

let fake: FakeMeilisearch;
let logs: string[];
beforeEach(async () => {
  fake = await new FakeMeilisearch().start();
  fake.key = KEY;
  logs = [];
});
afterEach(async () => fake.stop());

const adapter = (extra: Partial<ConstructorParameters<typeof MeilisearchIndex>[0]> = {}) =>
  new MeilisearchIndex({ url: fake.url, key: KEY, index: 'stories', log: (m) => logs.push(m), ...extra });

/** Resolves to whether the promise has settled, without waiting for it. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('start', () => {
  it('creates the index with the id primary key and applies the settings kept in code', async () => {
    await adapter().init();
    expect(fake.calls()).toEqual(['POST /indexes', 'PATCH /indexes/stories/settings']);
    expect(fake.requests[0]!.body).toEqual({ uid: 'stories', primaryKey: 'id' });
    expect(fake.requests[1]!.body).toEqual(JSON.parse(JSON.stringify(INDEX_SETTINGS)));
  });

  it('takes an existing index as it is, and applies the settings again', async () => {
    await adapter().init();
    await adapter().init();
    expect(fake.calls()).toEqual(['POST /indexes', 'PATCH /indexes/stories/settings', 'POST /indexes', 'PATCH /indexes/stories/settings']);
    expect(fake.tasks[2]!.outcome).toMatchObject({ status: 'failed', code: 'index_already_exists' });
  });

  it('goes on without Meilisearch when it is down, and sets the index up once it is back', async () => {
    let down = true;
    fake.handler = () =>
      down ? { status: 503, body: { message: 'overloaded', code: 'too_many_search_requests', type: 'system', link: '' } } : undefined;
    const index = adapter();
    await index.init();
    expect(logs.join('\n')).toMatch(/search: Meilisearch at http:\/\/127\.0\.0\.1:\d+ answered 503.*catches up once it is back/);
    await expect(index.upsertStories([story(1, 'aaa', 'Winter')])).rejects.toBeInstanceOf(MeiliUnavailableError);
    down = false;
    fake.requests.length = 0;
    await index.upsertStories([story(1, 'aaa', 'Winter')]);
    expect(fake.calls()).toEqual(['POST /indexes', 'PATCH /indexes/stories/settings', 'POST /indexes/stories/documents']);
  });

  it('stops with one clear line when the key is refused', async () => {
    await expect(adapter({ key: 'wrong' }).init()).rejects.toThrow(
      /^Meilisearch at http:\/\/127\.0\.0\.1:\d+ refused the API key \(MEILI_KEY\): invalid_api_key: The provided API key is invalid\.$/,
    );
    await expect(makeTestApp({ env: { MEILI_URL: fake.url, MEILI_KEY: 'wrong' } })).rejects.toSatisfy(
      (err: unknown) => err instanceof ConfigError && err.message.startsWith('Could not start search (meilisearch): Meilisearch at'),
    );
  });
});

describe('writes', () => {
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('count as done only once their task has succeeded', async () => {
    const index = adapter();
    await index.init();
    fake.autoRelease = false;
    const write = index.upsertStories([story(1, 'aaa', 'Winter tales', { likes: 2 })]);
    const task = await fake.waitForPolls(3);
    expect(task.type).toBe('documentAdditionOrUpdate');
    expect(await settled(write)).toBe(false);
    fake.releaseAll();
    await write;
    expect(fake.documents.get('stories')?.get('s-1')).toMatchObject({
      kind: 'story',
      pid: 1,
      text: ['Winter tales'],
      names: ['aaa'],
      likes: 2,
    });
  });

  it('fail with the task error when Meilisearch did not apply them', async () => {
    const index = adapter();
    await index.init();
    fake.outcomeFor = (type) =>
      type === 'documentAdditionOrUpdate' ? { status: 'failed', code: 'invalid_document_fields', message: 'Bad field.' } : undefined;
    const err = await index.upsertUsers([user(2, 'bob')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MeiliTaskError);
    expect((err as Error).message).toMatch(
      /^Meilisearch task \d+ \(documentAdditionOrUpdate\) failed: invalid_document_fields: Bad field\.$/,
    );
  });

  it('fail as unavailable when a task does not finish in time', async () => {
    const index = adapter({ taskTimeoutMs: 100 });
    await index.init();
    fake.autoRelease = false;
    await expect(index.clear()).rejects.toThrow(MeiliUnavailableError);
    await expect(index.clear()).rejects.toThrow(/Meilisearch task \d+ did not finish within 100 ms/);
  });

  it('delete by document id, once per id, and send nothing for nothing', async () => {
    const index = adapter();
    await index.init();
    fake.requests.length = 0;
    await index.deleteStories([1, 2, 2]);
    await index.deleteUsers([3]);
    await index.deleteStories([]);
    await index.upsertStories([]);
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
      ['/indexes/stories/documents/delete-batch', ['s-1', 's-2']],
      ['/indexes/stories/documents/delete-batch', ['u-3']],
    ]);
  });

  it('send one document per id, the last of a batch, and no names for a private person', async () => {
    const index = adapter();
    await index.init();
    await index.upsertUsers([user(5, 'zed', 'Zed', 'Old'), user(5, 'zed', null, null), user(6, 'amy', 'Amy', null)]);
    const sent = fake.requests.find((r) => r.path === '/indexes/stories/documents')!.body as Array<Record<string, unknown>>;
    expect(sent).toEqual([
      { id: 'u-5', kind: 'user', pid: 5, text: ['zed'], uname: 'zed', likes: 0 },
      { id: 'u-6', kind: 'user', pid: 6, text: ['amy'], names: ['Amy', ''], uname: 'amy', likes: 0 },
    ]);
  });
});

describe('rebuild', () => {
  let index: MeilisearchIndex;
  beforeEach(async () => {
    index = adapter();
    await index.init();
    await index.upsertStories([story(1, 'old', 'Old story')]);
    fake.requests.length = 0;
  });

  it('fills a fresh index and swaps it in, then drops the old documents', async () => {
    await index.rebuild(async (writer) => {
      await writer.upsertStories([story(2, 'new', 'New story')]);
      await writer.upsertUsers([user(2, 'new')]);
      // Nothing is swapped while filling: the live index still has the old documents.
      expect([...fake.documents.get('stories')!.keys()]).toEqual(['s-1']);
    });
    expect(fake.calls()).toEqual([
      'DELETE /indexes/stories-rebuild',
      'POST /indexes',
      'PATCH /indexes/stories-rebuild/settings',
      'POST /indexes/stories-rebuild/documents',
      'POST /indexes/stories-rebuild/documents',
      'POST /swap-indexes',
      'DELETE /indexes/stories-rebuild',
    ]);
    expect(fake.requests[1]!.body).toEqual({ uid: 'stories-rebuild', primaryKey: 'id' });
    expect(fake.requests[5]!.body).toEqual([{ indexes: ['stories', 'stories-rebuild'], rename: false }]);
    expect([...fake.documents.get('stories')!.keys()].sort()).toEqual(['s-2', 'u-2']);
    expect(fake.indexes.has('stories-rebuild')).toBe(false);
  });

  it('changes nothing when the fill fails', async () => {
    await expect(
      index.rebuild(async (writer) => {
        await writer.upsertStories([story(2, 'new', 'New story')]);
        throw new Error('the event log could not be read');
      }),
    ).rejects.toThrow('the event log could not be read');
    expect(fake.calls()).not.toContain('POST /swap-indexes');
    expect(fake.calls().at(-1)).toBe('DELETE /indexes/stories-rebuild');
    expect([...fake.documents.get('stories')!.keys()]).toEqual(['s-1']);
  });

  it('changes nothing when Meilisearch does not apply the new documents', async () => {
    fake.outcomeFor = (type, uid) =>
      type === 'documentAdditionOrUpdate' && uid === 'stories-rebuild'
        ? { status: 'failed', code: 'internal', message: 'disk full' }
        : undefined;
    await expect(index.rebuild((writer) => writer.upsertStories([story(2, 'new', 'New story')]))).rejects.toThrow(
      /failed: internal: disk full/,
    );
    expect(fake.calls()).not.toContain('POST /swap-indexes');
    expect([...fake.documents.get('stories')!.keys()]).toEqual(['s-1']);
  });
});

describe('reads', () => {
  let index: MeilisearchIndex;
  let searches: RecordedRequest[];
  let answer: (body: Record<string, unknown>) => unknown[];
  beforeEach(async () => {
    index = adapter();
    await index.init();
    searches = [];
    answer = () => [];
    fake.handler = (req) => {
      if (req.path === '/indexes/stories/search') {
        searches.push(req);
        const body = req.body as Record<string, unknown>;
        return {
          status: 200,
          body: { hits: answer(body), query: body.q, processingTimeMs: 1, limit: body.limit, offset: 0, estimatedTotalHits: 0 },
        };
      }
      if (req.path === '/indexes/stories/documents/fetch') {
        searches.push(req);
        return { status: 200, body: { results: [{ pid: 4 }, { pid: 9 }], offset: 0, limit: 2, total: 17 } };
      }
      return undefined;
    };
  });

  const RETRIEVED = ['pid', 'kind', 'text', 'names'];

  it('search with every word required, match positions, the kind as a filter, and paging', async () => {
    await index.search({ text: 'Winter tal', kind: 'stories', limit: 5 });
    await index.search({ text: 'anna', kind: 'users', limit: 80 });
    await index.search({ text: '"anna" -k', kind: 'all', limit: 3 });
    await index.search({ text: 'winter', kind: 'stories', limit: 20, offset: 40 });
    await index.search({ text: 'winter', kind: 'all', limit: 20, offset: 40 });
    await index.search({ text: 'winter', kind: 'users', limit: 50, offset: 5000 });
    expect(searches.map((r) => r.body)).toEqual([
      {
        q: 'Winter tal',
        offset: 0,
        limit: 5,
        filter: 'kind = "story"',
        attributesToRetrieve: ['pid', 'kind', 'text', 'names'],
        showMatchesPosition: true,
        matchingStrategy: 'all',
      },
      {
        q: 'anna',
        offset: 0,
        limit: 50,
        filter: 'kind = "user"',
        attributesToRetrieve: ['pid', 'kind', 'text', 'names'],
        showMatchesPosition: true,
        matchingStrategy: 'all',
      },
      {
        q: ' anna   k',
        offset: 0,
        limit: 6,
        attributesToRetrieve: ['pid', 'kind', 'text', 'names'],
        showMatchesPosition: true,
        matchingStrategy: 'all',
      },
      // A page further down: Meilisearch skips the hits above it; in kind all the ids above it are read too.
      {
        q: 'winter',
        offset: 40,
        limit: 20,
        filter: 'kind = "story"',
        attributesToRetrieve: RETRIEVED,
        showMatchesPosition: true,
        matchingStrategy: 'all',
      },
      { q: 'winter', offset: 0, limit: 120, attributesToRetrieve: RETRIEVED, showMatchesPosition: true, matchingStrategy: 'all' },
      // Never deeper than SEARCH_DEPTH.
      {
        q: 'winter',
        offset: 950,
        limit: 50,
        filter: 'kind = "user"',
        attributesToRetrieve: RETRIEVED,
        showMatchesPosition: true,
        matchingStrategy: 'all',
      },
    ]);
  });

  it('ask nothing for a text without words', async () => {
    expect(await index.search({ text: '  !! ', kind: 'all', limit: 5 })).toEqual([]);
    expect(searches).toEqual([]);
  });

  it('in kind all give one hit per id, placed by its better document, with the matches of both', async () => {
    answer = (body) =>
      body.filter === undefined
        ? [
            { pid: 1, kind: 'user', text: ['anna_k'], _matchesPosition: { text: [{ start: 0, length: 4, indices: [0] }] } },
            { pid: 2, kind: 'story', text: ['Anna'], names: ['bob'], _matchesPosition: { text: [{ start: 0, length: 4, indices: [0] }] } },
            {
              pid: 1,
              kind: 'story',
              text: ["Anna's garden"],
              names: ['anna_k'],
              _matchesPosition: { text: [{ start: 0, length: 4, indices: [0] }] },
            },
            { pid: 3, kind: 'user', text: ['annabel'], _matchesPosition: { text: [{ start: 0, length: 4, indices: [0] }] } },
          ]
        : [
            {
              pid: 2,
              kind: 'user',
              text: ['bob'],
              names: ['Anna', ''],
              _matchesPosition: { names: [{ start: 0, length: 4, indices: [0] }] },
            },
          ];
    const hits = await index.search({ text: 'anna', kind: 'all', limit: 2 });
    expect(hits).toEqual([
      {
        id: 1,
        matches: [
          { field: 'title', start: 0, length: 4 },
          { field: 'username', start: 0, length: 4 },
        ],
      },
      {
        id: 2,
        matches: [
          { field: 'title', start: 0, length: 4 },
          { field: 'firstName', start: 0, length: 4 },
        ],
      },
    ]);
    // Four hits filled the page, so the other document of id 2 was looked for among its matches.
    expect((searches[1]!.body as Record<string, unknown>).filter).toBe('pid IN [2]');
    // The second page of one: the ids above it are skipped, whichever of their documents come first.
    expect((await index.search({ text: 'anna', kind: 'all', limit: 1, offset: 1 })).map((h) => h.id)).toEqual([2]);
    expect((await index.search({ text: 'anna', kind: 'all', limit: 1, offset: 2 })).map((h) => h.id)).toEqual([3]);
  });

  it('serve top lists sorted and paged from the documents, and count them exactly', async () => {
    expect(await index.top('month', 50, 2)).toEqual([4, 9]);
    expect(await index.countTop('year')).toBe(17);
    expect(await index.top('all', 0, 0)).toEqual([]);
    expect(searches.map((r) => r.body)).toEqual([
      {
        filter: 'kind = "story" AND likes30d > 0',
        sort: ['likes30d:desc', 'createdAt:desc', 'uname:asc'],
        offset: 50,
        limit: 2,
        fields: ['pid'],
      },
      { filter: 'kind = "story" AND likes365d > 0', limit: 1, fields: ['pid'] },
    ]);
  });
});

describe('with the projector', () => {
  it('moves the checkpoint only once Meilisearch has applied the documents', async () => {
    const t = await makeTestApp({ env: { MEILI_URL: fake.url, MEILI_KEY: KEY, MEILI_INDEX: 'stories' }, log: (m) => logs.push(m) });
    try {
      expect(t.deps.search.name).toBe('meilisearch');
      fake.autoRelease = false;
      await signedInPerson(t, { username: 'held_back' });
      const last = (
        await t.deps.db
          .selectFrom('events')
          .select((e) => e.fn.max('seq').as('seq'))
          .executeTakeFirstOrThrow()
      ).seq;
      const drained = t.deps.projector.drain();
      await fake.waitForPolls(3);
      expect(await t.deps.projector.checkpoint()).toBe(0);
      fake.releaseAll();
      await drained;
      expect(await t.deps.projector.checkpoint()).toBe(last);
      expect(fake.documents.get('stories')?.get(`u-${await t.userId('held_back')}`)).toMatchObject({ text: ['held_back'] });

      // A task that fails leaves the checkpoint where it was; the next catch-up applies the same batch.
      fake.autoRelease = true;
      fake.outcomeFor = (type) =>
        type === 'documentAdditionOrUpdate' ? { status: 'failed', code: 'internal', message: 'try later' } : undefined;
      await signedInPerson(t, { username: 'second_one' });
      await expect(t.deps.projector.drain()).rejects.toThrow(/failed: internal: try later/);
      expect(await t.deps.projector.checkpoint()).toBe(last);
      fake.outcomeFor = () => undefined;
      await t.deps.projector.drain();
      expect(await t.deps.projector.checkpoint()).toBeGreaterThan(last!);
      expect(fake.documents.get('stories')?.has(`u-${await t.userId('second_one')}`)).toBe(true);
    } finally {
      fake.releaseAll();
      await t.close();
    }
  });
});
