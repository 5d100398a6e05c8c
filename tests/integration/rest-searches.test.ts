// The /api contract, searches and lists: /api/searches/* (docs/rest-contract.md; ADR 0004).
// The top lists and search read the index, which the projector fills asynchronously: drain before reading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock } from '../support/fake-clock';
import {
  bodyless,
  expectCount,
  expectError,
  expectFieldError,
  expectOk,
  ISO_UTC,
  NO_SESSION,
  registerMany,
  wrapped,
} from '../support/rest-contract';
import { makeTestApp, signedInPerson, type TestApp, type TestClient, type TestResponse } from '../support/test-app';

interface Item {
  username: string;
  title: string;
  image: string | null;
  timestamp?: string | null;
  like_count?: number;
  first_name?: string | null;
  last_name?: string | null;
}

const TOP = {
  list: 'Successfully fetched top stories of all time.',
  five: 'Successfully fetched top 5 stories of all time.',
  count: 'Successfully fetched total number of stories made.',
};
const MONTHLY = {
  list: 'Successfully fetched top monthly stories.',
  five: 'Successfully fetched 5 top monthly stories.',
  count: 'Successfully fetched number of stories made in past 30 days.',
};
const YEARLY = {
  list: 'Successfully fetched top yearly stories.',
  five: 'Successfully fetched 5 top yearly stories.',
  count: 'Successfully fetched number of stories made in past year.',
};
const NEW = { list: 'Successfully fetched new stories.', five: 'Successfully fetched 5 newest stories.' };
const STORIES_COUNT = 'Successfully fetched total number of stories made.';

/** A list answer: 200, the message, an array whose items carry username, title and image (string or null). */
function items(res: TestResponse, message: string): Item[] {
  expectOk(res, 200, message);
  expect(Array.isArray(res.body.data)).toBe(true);
  for (const item of res.body.data as Item[]) {
    expect(typeof item.username).toBe('string');
    expect(typeof item.title).toBe('string');
    expect(item).toHaveProperty('image');
    expect(item.image === null || typeof item.image === 'string').toBe(true);
  }
  return res.body.data;
}
const names = (list: Item[]) => list.map((i) => i.username);

const mustSave = async (t: TestApp, userId: number, title: string) => {
  await t.caller(userId).stories.publish({ title, text: `<p>${title}</p>` });
};

// ---------------------------------------------------------------------------------------------------------
describe('search: /api/searches/all, /story and /user', () => {
  const clock = new FakeClock();
  let t: TestApp;
  let ids: Map<string, number>;
  let fern: Awaited<ReturnType<typeof signedInPerson>>;
  const search = async (kind: 'all' | 'story' | 'user', searchTerm: unknown) => {
    const message = {
      all: 'Successfully fetched results.',
      story: 'Successfully fetched story results.',
      user: 'Successfully fetched user results.',
    }[kind];
    return items(await t.client().post(`/api/searches/${kind}`, searchTerm === undefined ? {} : { searchTerm }), message);
  };

  beforeAll(async () => {
    t = await makeTestApp({ clock });
    ids = await registerMany(t, [
      { username: 'garden_lover', first_name: 'Marigold', last_name: 'Fernsby' },
      { username: 'quiet.one', first_name: 'Zephyrine', last_name: 'Quillfeather' },
      { username: 'a_bob' },
      { username: 'axbob' },
      ...Array.from({ length: 25 }, (_, i) => ({ username: `crowd${String(i + 1).padStart(2, '0')}` })),
    ]);
    fern = await signedInPerson(t, { username: 'fern.t', first_name: 'Hollyhock', last_name: 'Tansy' });
    await mustSave(t, ids.get('garden_lover')!, 'My Garden Years');
    await mustSave(t, ids.get('quiet.one')!, 'Silent Waters');
    await mustSave(t, ids.get('a_bob')!, 'Percent 100% real');
    await mustSave(t, ids.get('axbob')!, 'Other tale');
    for (let i = 1; i <= 25; i++) await mustSave(t, ids.get(`crowd${String(i).padStart(2, '0')}`)!, `Crowded harbour ${i}`);
    const quiet = ids.get('quiet.one')!;
    await t.caller(quiet).accounts.edit({
      first_name: 'Zephyrine',
      last_name: 'Quillfeather',
      email: 'quiet.one@example.com',
      dob: '1990-04-12',
      is_private: true,
    });
    await t.deps.projector.drain();
  });
  afterAll(async () => t.close());

  it('/all finds as you type (a prefix), with title, image and username, one entry per person', async () => {
    const res = await search('all', 'gard');
    const hit = res.filter((i) => i.username === 'garden_lover');
    expect(hit).toHaveLength(1);
    expect(hit[0]).toMatchObject({ username: 'garden_lover', title: 'My Garden Years', image: null });
  });

  it('/story: the prefix of the last word, after whole earlier words; one typo in a 5+ letter word', async () => {
    expect(names(await search('story', 'my garden ye'))[0]).toBe('garden_lover');
    expect(names(await search('story', 'silent wat'))).toEqual(['quiet.one']);
    expect(names(await search('story', 'gardon'))).toContain('garden_lover');
    expect(names(await search('story', 'Harbor'))).toHaveLength(20); // "harbour" with one letter missing
  });

  it('/user: usernames and public names, never story titles', async () => {
    expect(names(await search('user', 'garden_lo'))).toEqual(['garden_lover']);
    const byName = await search('user', 'marigold');
    expect(names(byName)).toEqual(['garden_lover']);
    expect(byName[0]).toMatchObject({ first_name: 'Marigold', last_name: 'Fernsby' });
    expect(names(await search('user', 'fernsb'))).toEqual(['garden_lover']);
    expect(await search('user', 'silent')).toEqual([]);
  });

  it('a private account’s first and last names never match and never appear; its story is still found', async () => {
    for (const kind of ['all', 'user', 'story'] as const) {
      expect(await search(kind, 'zephyrine')).toEqual([]);
      expect(await search(kind, 'Quillfeather')).toEqual([]);
      expect(await search(kind, 'zephyr')).toEqual([]);
    }
    for (const kind of ['all', 'user'] as const) {
      const res = await t.client().post(`/api/searches/${kind}`, { searchTerm: 'quiet' });
      expect(names(res.body.data)).toContain('quiet.one');
      expect(res.text).not.toMatch(/zephyrine|quillfeather/i);
      const entry = (res.body.data as Item[]).find((i) => i.username === 'quiet.one')!;
      expect(entry.first_name ?? null).toBeNull();
      expect(entry.last_name ?? null).toBeNull();
    }
    expect(names(await search('story', 'silent'))).toEqual(['quiet.one']);
  });

  it('a person who turns private (through /api/users/edit) stops matching by name', async () => {
    expect(names(await search('user', 'hollyhock'))).toEqual(['fern.t']);
    const profile = (await fern.client.get('/api/users/profile')).body.data;
    expect((await fern.client.post('/api/users/edit', { ...profile, is_private: 1 })).status).toBe(200);
    await t.deps.projector.drain();
    expect(await search('user', 'hollyhock')).toEqual([]);
    expect(await search('all', 'tansy')).toEqual([]);
    const res = await t.client().post('/api/searches/user', { searchTerm: 'fern.t' });
    expect(names(res.body.data)).toEqual(['fern.t']);
    expect(res.text).not.toMatch(/hollyhock|tansy/i);
  });

  it('% and _ are ordinary characters, not wildcards', async () => {
    for (const term of ['%', '_', '%%', '%_%', '__', '%a%']) {
      const all = await search('all', term);
      expect(all.length, term).toBeLessThan(20);
      expect(
        names(all).filter((n) => n.startsWith('crowd')),
        term,
      ).toEqual([]);
    }
    const underscore = names(await search('all', 'a_b'));
    expect(underscore).toContain('a_bob');
    expect(underscore).not.toContain('axbob');
    expect(names(await search('story', '100%'))).toEqual(['a_bob']);
  });

  it('an empty, blank or missing term answers at most 20 entries, where tRPC answers []', async () => {
    for (const kind of ['all', 'story', 'user'] as const) {
      for (const term of ['', '   ', '\t\n', undefined])
        expect(await search(kind, term), `${kind} ${JSON.stringify(term)}`).toHaveLength(20);
    }
    expect(await t.caller().explore.search({ text: '', kind: 'all' })).toEqual([]);
    expect(await t.caller().explore.search({ text: '  ', kind: 'users' })).toEqual([]);
  });

  it('a term that is not text is still a 400, blank or not', async () => {
    for (const searchTerm of [0, [' '], { a: '' }, null]) {
      const res = await t.client().post('/api/searches/all', { searchTerm });
      expectError(res, 400, 'The search term must be text.');
    }
  });

  it('answers at most 20 results', async () => {
    expect(await search('all', 'crowd')).toHaveLength(20);
    expect(await search('user', 'crowd')).toHaveLength(20);
    expect(await search('story', 'crowded')).toHaveLength(20);
    expect(await search('story', 'crowded harbour')).toHaveLength(20);
  });

  it('pages with page and limit, so every match can be reached; tRPC explore.searchPage pages with a cursor (ADR 0011)', async () => {
    const page = async (body: Record<string, unknown>) =>
      items(await t.client().post('/api/searches/story', { searchTerm: 'crowded', ...body }), 'Successfully fetched story results.');
    const first = names(await page({ page: 1, limit: 10 }));
    const all = [...first, ...names(await page({ page: 2, limit: 10 })), ...names(await page({ page: 3, limit: 10 }))];
    expect(first).toHaveLength(10);
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    expect(names(await page({ page: 2 }))).toEqual(all.slice(20));
    expect(names(await page({ limit: 50 }))).toEqual(all);
    expect(await page({ page: 4, limit: 10 })).toEqual([]);
    // Without page or limit, the first 20 as before.
    expect(names(await search('story', 'crowded'))).toEqual(all.slice(0, 20));
    for (const [body, field, message] of [
      [{ page: 0.5 }, 'page', 'page must be a whole number.'],
      [{ limit: 51 }, 'limit', 'limit must be at most 50.'],
      [{ page: 'x' }, 'page', 'page must be a whole number.'],
    ] as const) {
      expectFieldError(await t.client().post('/api/searches/story', { searchTerm: 'crowded', ...body }), field, message);
    }

    const caller = t.caller(null).explore;
    const seen: string[] = [];
    let cursor: number | null = 0;
    for (let i = 0; cursor !== null && i < 10; i++) {
      const got: { items: Item[]; nextCursor: number | null } = await caller.searchPage({
        text: 'crowded',
        kind: 'stories',
        cursor,
        limit: 10,
      });
      seen.push(...names(got.items));
      cursor = got.nextCursor;
    }
    expect(seen).toEqual(all);
    expect(cursor).toBeNull();
    expect(await caller.searchPage({ text: 'crowded', kind: 'stories', limit: 25 })).toMatchObject({ nextCursor: null });
    expect((await caller.searchPage({ text: 'crowded', kind: 'stories', limit: 20 })).nextCursor).toBe(20);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('search with an empty term: the newest entries (ADR 0004)', () => {
  const clock = new FakeClock();
  let t: TestApp;
  const search = async (kind: 'all' | 'story' | 'user', searchTerm: string) => {
    const message = {
      all: 'Successfully fetched results.',
      story: 'Successfully fetched story results.',
      user: 'Successfully fetched user results.',
    }[kind];
    return items(await t.client().post(`/api/searches/${kind}`, { searchTerm }), message);
  };

  beforeAll(async () => {
    t = await makeTestApp({ clock });
    // Sign-ups in this order, one minute apart; stories written in another order, also a minute apart.
    const ids = new Map<string, number>();
    for (const [username, first_name] of [
      ['u_first', 'Ada'],
      ['u_private', 'Hidden'],
      ['u_nostory', 'Nora'],
      ['u_last', 'Lena'],
    ]) {
      clock.advance(60_000);
      for (const [k, v] of await registerMany(t, [{ username, first_name, last_name: 'Example' }])) ids.set(k, v);
    }
    for (const username of ['u_last', 'u_private', 'u_first']) {
      clock.advance(60_000);
      await mustSave(t, ids.get(username)!, `Story of ${username}`);
    }
    await t
      .caller(ids.get('u_private')!)
      .accounts.edit({ first_name: 'Hidden', last_name: 'Example', email: 'u_private@example.com', dob: '1990-04-12', is_private: true });
    await t.deps.projector.drain();
  });
  afterAll(async () => t.close());

  it('/all and /story: the newest stories first, like /api/searches/new', async () => {
    for (const kind of ['all', 'story'] as const) {
      const list = await search(kind, '');
      expect(names(list)).toEqual(['u_first', 'u_private', 'u_last']);
      expect(list[0]).toMatchObject({ title: 'Story of u_first', first_name: 'Ada', last_name: 'Example' });
    }
    const fresh = items(await t.client().post('/api/searches/new', { page: 1, limit: 50 }), NEW.list);
    expect(names(await search('story', ' '))).toEqual(names(fresh));
  });

  it('/user: the newest people, those without a story too; a private account’s names stay hidden', async () => {
    const list = await search('user', '  ');
    expect(names(list)).toEqual(['u_last', 'u_nostory', 'u_private', 'u_first']);
    expect(list.find((i) => i.username === 'u_nostory')).toMatchObject({ title: '', first_name: 'Nora' });
    const hidden = list.find((i) => i.username === 'u_private')!;
    expect([hidden.first_name, hidden.last_name]).toEqual([null, null]);
    expect(JSON.stringify(list)).not.toContain('Hidden');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('saved: /api/searches/saved, /saved/5 and /saved/count', () => {
  const clock = new FakeClock();
  let t: TestApp;
  let saver: TestClient;
  let other: TestClient;
  const order = ['s1_story', 's2_story', 's3_story', 's4_story', 's5_story', 's6_story'];

  beforeAll(async () => {
    t = await makeTestApp({ clock });
    const ids = await registerMany(
      t,
      order.map((username) => ({ username })),
    );
    for (const u of order) await mustSave(t, ids.get(u)!, `Title of ${u}`);
    const [s, o] = await Promise.all([signedInPerson(t, { username: 'saver' }), signedInPerson(t, { username: 'other' })]);
    saver = s.client;
    other = o.client;
    for (const u of order) {
      clock.advance(1000);
      expect((await saver.post('/api/users/save', wrapped({ saved: false, story_username: u }))).status).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('all three need a session: 401 "Access denied, no token provided."', async () => {
    const visitor = t.client();
    expectError(await visitor.post('/api/searches/saved', wrapped({ page: 1, limit: 50 })), 401, NO_SESSION);
    expectError(await visitor.post('/api/searches/saved/5', { withCredentials: true }), 401, NO_SESSION);
    expectError(await bodyless(visitor, 'POST', '/api/searches/saved/count'), 401, NO_SESSION);
  });

  it('/saved reads {data:{page,limit}, withCredentials}: newest saved first, with the save time', async () => {
    const list = items(await saver.post('/api/searches/saved', wrapped({ page: 1, limit: 50 })), 'Successfully fetched saved stories.');
    expect(names(list)).toEqual([...order].reverse());
    expect(list[0]).toMatchObject({ username: 's6_story', title: 'Title of s6_story', image: null });
    for (const item of list) expect(item.timestamp).toMatch(ISO_UTC);
    expect(list.map((i) => Date.parse(i.timestamp!))).toEqual([6, 5, 4, 3, 2, 1].map((s) => new FakeClock().t + s * 1000));
  });

  it('/saved also reads the top-level shape, and pages stably', async () => {
    const all = items(await saver.post('/api/searches/saved', { page: 1, limit: 50 }), 'Successfully fetched saved stories.');
    expect(names(all)).toEqual([...order].reverse());
    const pages: string[] = [];
    for (const page of [1, 2, 3, 4])
      pages.push(
        ...names(items(await saver.post('/api/searches/saved', wrapped({ page, limit: 2 })), 'Successfully fetched saved stories.')),
      );
    expect(pages).toEqual(names(all));
  });

  it('/saved/5 ignores its {withCredentials:true} body and gives the 5 newest', async () => {
    const five = items(await saver.post('/api/searches/saved/5', { withCredentials: true }), 'Successfully fetched 5 saved stories.');
    expect(names(five)).toEqual([...order].reverse().slice(0, 5));
    expect(names(items(await bodyless(saver, 'POST', '/api/searches/saved/5'), 'Successfully fetched 5 saved stories.'))).toHaveLength(5);
  });

  it('/saved/count takes a bodyless POST and counts what /saved pages through; unsaving lowers it', async () => {
    expectCount(await bodyless(saver, 'POST', '/api/searches/saved/count'), 'Successfully fetched number of stories saved by user.', 6);
    expect((await saver.post('/api/users/save', wrapped({ saved: true, story_username: 's3_story' }))).status).toBe(200);
    expectCount(await bodyless(saver, 'POST', '/api/searches/saved/count'), 'Successfully fetched number of stories saved by user.', 5);
    expect(
      names(items(await saver.post('/api/searches/saved', wrapped({ page: 1, limit: 50 })), 'Successfully fetched saved stories.')),
    ).not.toContain('s3_story');
  });

  it('each person sees only their own saves', async () => {
    expect(items(await other.post('/api/searches/saved', wrapped({ page: 1, limit: 50 })), 'Successfully fetched saved stories.')).toEqual(
      [],
    );
    expect(items(await other.post('/api/searches/saved/5', { withCredentials: true }), 'Successfully fetched 5 saved stories.')).toEqual(
      [],
    );
    expectCount(await bodyless(other, 'POST', '/api/searches/saved/count'), 'Successfully fetched number of stories saved by user.', 0);
  });

  it('bounded paging: limit 51 and page -1 are 400', async () => {
    expectError(await saver.post('/api/searches/saved', wrapped({ page: 1, limit: 51 })), 400);
    expectError(await saver.post('/api/searches/saved', wrapped({ page: -1, limit: 50 })), 400);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('new and all-time top lists over more than one page', () => {
  const clock = new FakeClock();
  let t: TestApp;
  const N = 60;
  const stories: { username: string; id: number; created: number; likes: number }[] = [];
  const LIKES: Record<string, string[]> = {
    story05: ['liker1', 'liker2', 'liker3'],
    story10: ['liker1', 'liker2'],
    story20: ['liker1', 'liker3'], // as many likes as story10 but newer: ranks above it
    story29: ['liker2'], // story29 and story30: same likes, same creation time: username decides
    story30: ['liker3'],
    story55: ['liker1'],
  };

  beforeAll(async () => {
    t = await makeTestApp({ clock });
    const usernames = Array.from({ length: N }, (_, i) => `story${String(i + 1).padStart(2, '0')}`);
    const ids = await registerMany(
      t,
      [...usernames, 'liker1', 'liker2', 'liker3'].map((username) => ({ username })),
    );
    // Stories are created two per minute, so pairs share their creation time.
    for (let i = 0; i < N; i++) {
      if (i % 2 === 0) clock.advance(60_000);
      const username = usernames[i]!;
      await mustSave(t, ids.get(username)!, `The life of ${username}`);
      stories.push({ username, id: ids.get(username)!, created: clock.now(), likes: LIKES[username]?.length ?? 0 });
    }
    for (const [story, likers] of Object.entries(LIKES)) {
      for (const liker of likers) await t.caller(ids.get(liker)!).social.like({ story_username: story, on: true });
    }
    await t.deps.projector.drain();
  });
  afterAll(async () => t.close());

  const expectedTop = () =>
    [...stories].sort((a, b) => b.likes - a.likes || b.created - a.created || (a.username < b.username ? -1 : 1)).map((s) => s.username);
  // Ties in creation time go by the author's id: the order of the stories_new index (no sort step).
  const expectedNew = () => [...stories].sort((a, b) => b.created - a.created || a.id - b.id).map((s) => s.username);

  it('GET /api/searches/stories/count and /top/count count every story, as numbers', async () => {
    expectCount(await t.client().get('/api/searches/stories/count'), STORIES_COUNT, N);
    expectCount(await t.client().get('/api/searches/top/count'), TOP.count, N);
  });

  it('POST /api/searches/top: likes, then the newer story, then the username; 50 a page; like_count a number', async () => {
    const p1 = items(await t.client().post('/api/searches/top', { page: 1, limit: 50 }), TOP.list);
    const p2 = items(await t.client().post('/api/searches/top', { page: 2, limit: 50 }), TOP.list);
    expect(p1).toHaveLength(50);
    expect(p2).toHaveLength(N - 50);
    expect([...names(p1), ...names(p2)]).toEqual(expectedTop());
    expect(names(p1).slice(0, 7)).toEqual(['story05', 'story20', 'story10', 'story55', 'story29', 'story30', 'story59']);
    for (const item of [...p1, ...p2]) {
      expect(typeof item.like_count).toBe('number');
      expect(item.like_count).toBe(LIKES[item.username]?.length ?? 0);
    }
    expect(items(await t.client().post('/api/searches/top', { page: 3, limit: 50 }), TOP.list)).toEqual([]);
  });

  it('paging is stable: any page size walks the same order without gaps or repeats; defaults are page 1 of 50', async () => {
    const walked: string[] = [];
    for (let page = 1; page <= 7; page++)
      walked.push(...names(items(await t.client().post('/api/searches/top', { page, limit: 9 }), TOP.list)));
    expect(walked).toEqual(expectedTop());
    expect(names(items(await t.client().post('/api/searches/top', {}), TOP.list))).toEqual(expectedTop().slice(0, 50));
    expect(names(items(await t.client().post('/api/searches/top', { page: '2', limit: '50' }), TOP.list))).toEqual(expectedTop().slice(50));
    expectError(await t.client().post('/api/searches/top', { page: 1, limit: 51 }), 400);
    expectError(await t.client().post('/api/searches/top', { page: -1, limit: 50 }), 400);
  });

  it('GET /api/searches/top/5 previews the first five', async () => {
    expect(names(items(await t.client().get('/api/searches/top/5'), TOP.five))).toEqual(expectedTop().slice(0, 5));
  });

  it("POST /api/searches/new: newest story first (the author's id on ties), with the creation time; 50 a page", async () => {
    const p1 = items(await t.client().post('/api/searches/new', { page: 1, limit: 50 }), NEW.list);
    const p2 = items(await t.client().post('/api/searches/new', { page: 2, limit: 50 }), NEW.list);
    expect(p1).toHaveLength(50);
    expect([...names(p1), ...names(p2)]).toEqual(expectedNew());
    expect(names(p1).slice(0, 2).sort()).toEqual(['story59', 'story60']); // the newest pair, in their authors' order
    const byName = new Map(stories.map((s) => [s.username, s.created]));
    for (const item of [...p1, ...p2]) {
      expect(item.timestamp).toMatch(ISO_UTC);
      expect(Date.parse(item.timestamp!)).toBe(byName.get(item.username));
    }
    const walked: string[] = [];
    for (let page = 1; page <= 5; page++)
      walked.push(...names(items(await t.client().post('/api/searches/new', { page, limit: 13 }), NEW.list)));
    expect(walked).toEqual(expectedNew());
  });

  it('GET /api/searches/new/5 previews the five newest', async () => {
    expect(names(items(await t.client().get('/api/searches/new/5'), NEW.five))).toEqual(expectedNew().slice(0, 5));
  });

  it('re-saving a story keeps its place in the new list (creation time is kept)', async () => {
    const id = await t.userId('story01');
    clock.advance(60_000);
    await mustSave(t, id, 'The life of story01, revised');
    const p2 = items(await t.client().post('/api/searches/new', { page: 2, limit: 50 }), NEW.list);
    expect(names(p2)).toEqual(expectedNew().slice(50)); // story01 and story02 still share the oldest creation time
    expect(p2.find((i) => i.username === 'story01')!.title).toBe('The life of story01, revised');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('monthly and yearly top lists rank the likes given in the last 30 / 365 days', () => {
  const clock = new FakeClock();
  let t: TestApp;
  let ids: Map<string, number>;
  const like = (liker: string, story: string, on = true) => t.caller(ids.get(liker)!).social.like({ story_username: story, on });
  const read = async () => {
    await t.deps.projector.drain();
    const c = t.client();
    return {
      month: names(items(await c.post('/api/searches/top/monthly', { page: 1, limit: 50 }), MONTHLY.list)),
      year: names(items(await c.post('/api/searches/top/yearly', { page: 1, limit: 50 }), YEARLY.list)),
      all: names(items(await c.post('/api/searches/top', { page: 1, limit: 50 }), TOP.list)),
      monthCount: (await c.get('/api/searches/top/monthly/count')).body.data.count as number,
      yearCount: (await c.get('/api/searches/top/yearly/count')).body.data.count as number,
    };
  };

  beforeAll(async () => {
    t = await makeTestApp({ clock });
    ids = await registerMany(
      t,
      ['old_story', 'mid_story', 'fresh_story', 'liker1', 'liker2', 'liker3'].map((username) => ({ username })),
    );
    // All three stories are old: the windows rank likes by when they were given, not by story age.
    for (const s of ['old_story', 'mid_story', 'fresh_story']) {
      await mustSave(t, ids.get(s)!, `Story ${s}`);
      clock.advance(1000);
    }
    clock.advance(400 * DAY);
  });
  afterAll(async () => t.close());

  it('the messages, the {data:{count}} shape and the /5 previews', async () => {
    await like('liker1', 'old_story');
    await t.deps.projector.drain();
    expectCount(await t.client().get('/api/searches/top/monthly/count'), MONTHLY.count, 1);
    expectCount(await t.client().get('/api/searches/top/yearly/count'), YEARLY.count, 1);
    expect(names(items(await t.client().get('/api/searches/top/monthly/5'), MONTHLY.five))).toEqual(['old_story']);
    expect(names(items(await t.client().get('/api/searches/top/yearly/5'), YEARLY.five))).toEqual(['old_story']);
  });

  it('only stories liked inside the window are listed, ranked by those likes; counts match what the lists hold', async () => {
    // old_story: 1 like at day 0. Ten days later mid_story gets 2.
    clock.advance(10 * DAY);
    await like('liker1', 'mid_story');
    await like('liker2', 'mid_story');
    let now = await read();
    expect(now.month).toEqual(['mid_story', 'old_story']);
    expect(now.year).toEqual(['mid_story', 'old_story']);
    expect(now.all).toEqual(['mid_story', 'old_story', 'fresh_story']);
    expect([now.monthCount, now.yearCount]).toEqual([2, 2]);

    // Day 35: old_story's like has left the month, not the year.
    clock.advance(25 * DAY);
    now = await read();
    expect(now.month).toEqual(['mid_story']);
    expect(now.year).toEqual(['mid_story', 'old_story']);
    expect([now.monthCount, now.yearCount]).toEqual([1, 2]);

    // A new like for fresh_story: in both windows, ranked by in-window likes.
    await like('liker3', 'fresh_story');
    await like('liker2', 'fresh_story');
    await like('liker1', 'fresh_story');
    now = await read();
    expect(now.month).toEqual(['fresh_story', 'mid_story']);
    expect(now.year).toEqual(['fresh_story', 'mid_story', 'old_story']);

    // Taking a like back removes it from the windows too.
    await like('liker3', 'fresh_story', false);
    await like('liker2', 'fresh_story', false);
    await like('liker1', 'fresh_story', false);
    now = await read();
    expect(now.month).toEqual(['mid_story']);
    expect(now.monthCount).toBe(1);

    // Day 380: every remaining like is over a year old. The all-time list still ranks by all likes.
    clock.advance(345 * DAY);
    now = await read();
    expect(now.month).toEqual([]);
    expect(now.year).toEqual([]);
    expect([now.monthCount, now.yearCount]).toEqual([0, 0]);
    expect(now.all).toEqual(['mid_story', 'old_story', 'fresh_story']);
    expect(names(items(await t.client().get('/api/searches/top/monthly/5'), MONTHLY.five))).toEqual([]);
    expect(names(items(await t.client().get('/api/searches/top/yearly/5'), YEARLY.five))).toEqual([]);
  });

  it('the window lists page like the all-time list', async () => {
    await like('liker1', 'fresh_story');
    await like('liker2', 'old_story');
    await like('liker3', 'old_story');
    await t.deps.projector.drain();
    const c = t.client();
    const month = [
      ...names(items(await c.post('/api/searches/top/monthly', { page: 1, limit: 1 }), MONTHLY.list)),
      ...names(items(await c.post('/api/searches/top/monthly', { page: 2, limit: 1 }), MONTHLY.list)),
      ...names(items(await c.post('/api/searches/top/monthly', { page: 3, limit: 1 }), MONTHLY.list)),
    ];
    expect(month).toEqual(['old_story', 'fresh_story']);
    expectCount(await c.get('/api/searches/top/monthly/count'), MONTHLY.count, 2);
    expectError(await c.post('/api/searches/top/yearly', { page: 1, limit: 51 }), 400);
  });
});
