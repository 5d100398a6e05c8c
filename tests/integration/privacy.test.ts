// A private account's names, birth date, age and picture reach no one but its owner: not in story data,
// comments, lists or search results, and searching by them finds nothing. Both transports.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageInYears } from '../../server/src/core/shared/dates';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const FIRST = 'Zephyrine';
const LAST = 'Quillfeather';
const DOB = '1987-11-23';
const USERNAME = 'quiet_writer';

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let secret: Person; // the private author
let host: Person; // a public author the private one comments on
let reader: Person; // another signed-in person
let picture: string;
let banner: string;

async function uploadPng(client: TestClient, background: string): Promise<string> {
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const res = await client.post('/api/upload', form);
  expect(res.status, res.text).toBe(201);
  return res.body.data as string;
}

async function setPrivate(isPrivate: boolean) {
  const res = await secret.client.post('/api/users/edit', {
    first_name: FIRST,
    last_name: LAST,
    email: secret.email,
    dob: DOB,
    is_private: isPrivate,
  });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  t = await makeTestApp();
  secret = await signedInPerson(t, { username: USERNAME, first_name: FIRST, last_name: LAST, dob: DOB });
  host = await signedInPerson(t, { username: 'open_host', first_name: 'Harriet', last_name: 'Host' });
  reader = await signedInPerson(t, { username: 'curious_reader' });

  picture = await uploadPng(secret.client, '#c33');
  expect((await secret.client.post('/api/users/upload', { image: picture })).status).toBe(200);
  banner = await uploadPng(secret.client, '#33c');
  expect((await secret.client.post('/api/stories/save', { title: 'Letters from the lighthouse', text: storyHtml(12) })).status).toBe(201);
  expect((await secret.client.post('/api/stories/upload', { image: banner })).status).toBe(200);
  expect((await host.client.post('/api/stories/save', { title: 'Harbour tales', text: storyHtml(1) })).status).toBe(201);
  await setPrivate(true);

  expect(
    (
      await secret.client.post('/api/comments/create', {
        data: { story_username: 'open_host', text: 'What a harbour.' },
        withCredentials: true,
      })
    ).status,
  ).toBe(201);
  expect(
    (await secret.client.post('/api/users/like', { data: { liked: false, story_username: 'open_host' }, withCredentials: true })).status,
  ).toBe(201);
  expect(
    (await reader.client.post('/api/users/like', { data: { liked: false, story_username: USERNAME }, withCredentials: true })).status,
  ).toBe(201);
  expect(
    (await reader.client.post('/api/users/save', { data: { saved: false, story_username: USERNAME }, withCredentials: true })).status,
  ).toBe(201);
  expect((await reader.client.post('/api/comments/create', { story_username: USERNAME, text: 'Beautiful.' })).status).toBe(201);
  await t.deps.projector.drain();
});
afterAll(async () => t.close());

/** Every form of the private facts that must not appear in a body someone else gets. */
function secrets(): string[] {
  const [y, m, d] = DOB.split('-');
  return [
    FIRST.toLowerCase(),
    LAST.toLowerCase(),
    DOB,
    `${y}${m}${d}`,
    `${d}/${m}/${y}`,
    `${m}/${d}/${y}`,
    `${d}.${m}.${y}`,
    String(Date.UTC(Number(y), Number(m) - 1, Number(d))),
    picture.toLowerCase(),
    picture.replace(/\.png$/, ''),
  ];
}

function expectNoLeak(label: string, body: unknown) {
  const text = JSON.stringify(body ?? null).toLowerCase();
  for (const s of secrets()) expect(text.includes(s), `${label} leaks ${s}: ${text.slice(0, 400)}`).toBe(false);
  const age = ageInYears(DOB, t.deps.clock.now());
  expect(text.includes(`"age":${age}`), `${label} leaks the age`).toBe(false);
  // Whatever describes the private person carries no personal field.
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o.username === USERNAME) {
      for (const key of ['first_name', 'last_name', 'dob', 'age', 'user_image']) {
        expect(o[key] ?? null, `${label}: ${key} of the private person`).toBeNull();
      }
      if ('comment_id' in o) expect(o.image, `${label}: comment picture`).toBeNull();
    }
    Object.values(o).forEach(walk);
  };
  walk(body);
}

const SEARCH_TERMS = () => [USERNAME, 'quiet', FIRST, LAST, 'zephyr', 'quill', `${FIRST} ${LAST}`, 'Zephyrin', 'Quilfeather'];
const trpcUrl = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

/** Every body the given client (and the matching tRPC caller) can get that touches the private person. */
async function collect(client: TestClient, userId: number | null): Promise<[string, unknown][]> {
  const out: [string, unknown][] = [];
  const rest = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = method === 'GET' ? await client.get(path) : await client.post(path, body);
    expect(res.status, `${method} ${path}`).toBeLessThan(500);
    out.push([`${method} ${path} ${JSON.stringify(body ?? '')}`, res.body]);
    return res;
  };
  const story = await rest('POST', '/api/stories/story', { username: USERNAME });
  expect(story.body.data.title).toBe('Letters from the lighthouse'); // the probe reaches the story
  await rest('POST', '/api/stories/page', { username: USERNAME, page_number: 1 });
  await rest('POST', '/api/stories/page', { username: USERNAME, page_number: 2 });
  await rest('POST', '/api/stories/page', { username: USERNAME, page_number: 99 });
  const comments = await rest('POST', '/api/comments/get', { story_username: 'open_host' });
  expect(comments.body.data.map((c: { username: string }) => c.username)).toContain(USERNAME);
  await rest('POST', '/api/comments/get', { story_username: USERNAME });
  await rest('POST', '/api/comments/count', { story_username: 'open_host' });
  for (const term of SEARCH_TERMS()) {
    for (const path of ['/api/searches/all', '/api/searches/story', '/api/searches/user']) await rest('POST', path, { searchTerm: term });
  }
  for (const path of ['/api/searches/top', '/api/searches/top/monthly', '/api/searches/top/yearly', '/api/searches/new']) {
    await rest('POST', path, { page: 1, limit: 50 });
  }
  for (const path of [
    '/api/searches/top/5',
    '/api/searches/top/monthly/5',
    '/api/searches/top/yearly/5',
    '/api/searches/new/5',
    '/api/searches/stories/count',
  ]) {
    await rest('GET', path);
  }
  await rest('POST', '/api/searches/saved', { data: { page: 1, limit: 50 } });
  await rest('POST', '/api/searches/saved/5');
  await rest('GET', '/api/users/liked');
  await rest('GET', '/api/users/saved');

  // tRPC in process...
  const caller = t.caller(userId);
  const call = async (label: string, fn: () => Promise<unknown>) => {
    try {
      out.push([label, await fn()]);
    } catch (err) {
      out.push([label, { error: (err as Error).message }]);
    }
  };
  await call('trpc stories.get', () => caller.stories.get({ username: USERNAME }));
  await call('trpc stories.page', () => caller.stories.page({ username: USERNAME, page_number: 1 }));
  await call('trpc social.comments host', () => caller.social.comments({ story_username: 'open_host', page: 1, limit: 50 }));
  await call('trpc social.comments own', () => caller.social.comments({ story_username: USERNAME, page: 1, limit: 50 }));
  await call('trpc social.flags', () => caller.social.flags({ story_username: USERNAME }));
  for (const text of SEARCH_TERMS()) {
    for (const kind of ['all', 'stories', 'users'] as const)
      await call(`trpc explore.search ${kind} ${text}`, () => caller.explore.search({ text, kind }));
  }
  for (const window of ['all', 'month', 'year'] as const)
    await call(`trpc explore.top ${window}`, () => caller.explore.top({ page: 1, limit: 50, window }));
  await call('trpc explore.new', () => caller.explore.new({ page: 1, limit: 50 }));
  await call('trpc explore.bookmarks', () => caller.explore.bookmarks({ page: 1, limit: 50 }));

  // ...and over the wire.
  for (const [path, input] of [
    ['stories.get', { username: USERNAME }],
    ['social.comments', { story_username: 'open_host', page: 1, limit: 50 }],
    ['explore.search', { text: FIRST, kind: 'all' }],
    ['explore.search', { text: LAST, kind: 'users' }],
    ['explore.top', { page: 1, limit: 50, window: 'all' }],
    ['explore.new', { page: 1, limit: 50 }],
    ['explore.bookmarks', { page: 1, limit: 50 }],
  ] as const) {
    await rest('GET', trpcUrl(path, input));
  }
  return out;
}

describe('a private account', () => {
  it('leaks nothing to another signed-in person', async () => {
    const bodies = await collect(reader.client, reader.id);
    expect(bodies.length).toBeGreaterThan(80);
    for (const [label, body] of bodies) expectNoLeak(`reader: ${label}`, body);
    // The reader did get the lists the private story is in (the probe is not vacuous).
    const saved = bodies.find(([l]) => l === 'trpc explore.bookmarks')![1] as { username: string }[];
    expect(saved.map((s) => s.username)).toEqual([USERNAME]);
    const top = bodies.find(([l]) => l === 'trpc explore.top month')![1] as { username: string }[];
    expect(top.map((s) => s.username)).toContain(USERNAME);
  });

  it('leaks nothing to a visitor', async () => {
    const bodies = await collect(t.client(), null);
    for (const [label, body] of bodies) expectNoLeak(`visitor: ${label}`, body);
  });

  it('the probe would notice: the owner’s own view carries the names, birth date, age and picture', async () => {
    const own = await collect(secret.client, secret.id);
    const text = JSON.stringify(own).toLowerCase();
    for (const s of [FIRST.toLowerCase(), LAST.toLowerCase(), DOB, picture]) expect(text).toContain(s);
  });

  it('cannot be found by first or last name, over either transport; the username still finds the story', async () => {
    for (const term of [FIRST, LAST, 'zephyr', 'quillf', `${FIRST} ${LAST}`]) {
      for (const path of ['/api/searches/all', '/api/searches/story', '/api/searches/user']) {
        const res = await reader.client.post(path, { searchTerm: term });
        expect(res.status).toBe(200);
        expect(res.body.data, `${path} ${term}`).toEqual([]);
      }
      for (const kind of ['all', 'stories', 'users'] as const) {
        expect(await t.caller(reader.id).explore.search({ text: term, kind }), `${kind} ${term}`).toEqual([]);
        expect(await t.caller(null).explore.search({ text: term, kind })).toEqual([]);
      }
    }
    for (const path of ['/api/searches/all', '/api/searches/story', '/api/searches/user']) {
      const res = await t.client().post(path, { searchTerm: USERNAME });
      expect(
        res.body.data.map((x: { username: string }) => x.username),
        path,
      ).toContain(USERNAME);
    }
    const byName = await t.caller(null).explore.search({ text: 'quiet_wr', kind: 'users' });
    expect(byName[0]).toMatchObject({ username: USERNAME, first_name: null, last_name: null, title: 'Letters from the lighthouse' });
    expect(byName[0]!.highlights!.every((h) => h.field === 'username')).toBe(true);
  });

  it('is not in the index by name at all', async () => {
    for (const text of [FIRST, LAST, 'zeph', 'quill']) {
      for (const kind of ['all', 'stories', 'users'] as const) {
        expect(await t.deps.search.search({ text, kind, limit: 20 }), `${kind} ${text}`).toEqual([]);
      }
    }
  });

  it('is still shown in full to its owner', async () => {
    const own = await t.caller(secret.id).stories.get({ username: USERNAME });
    expect(own).toMatchObject({
      first_name: FIRST,
      last_name: LAST,
      dob: `${DOB}T00:00:00.000`,
      age: ageInYears(DOB, t.deps.clock.now()),
      user_image: picture,
      is_private: true,
    });
    const rest = await secret.client.post('/api/stories/story', { username: USERNAME });
    // /api keeps its shape: the audience (ADR 0026) and the chapters (ADR 0029) are in the author's tRPC answer only.
    expect(rest.body.data).toEqual({ ...own, audience: undefined, chapters: undefined });
    expect(own?.audience).toBe('everyone');
    const profile = await secret.client.get('/api/users/profile');
    expect(profile.body.data).toMatchObject({
      first_name: FIRST,
      last_name: LAST,
      dob: `${DOB}T00:00:00.000`,
      image: picture,
      is_private: true,
    });
    expect(await t.caller(secret.id).accounts.me()).toMatchObject({ first_name: FIRST, last_name: LAST, image: picture });
  });

  it('becomes findable by name when public, and unfindable again when private (also before the index catches up)', async () => {
    await setPrivate(false);
    await t.deps.projector.drain();
    const found = await reader.client.post('/api/searches/user', { searchTerm: FIRST });
    expect(found.body.data.map((x: { username: string }) => x.username)).toEqual([USERNAME]);
    expect(found.body.data[0]).toMatchObject({ first_name: FIRST, last_name: LAST });
    expect((await t.caller(null).explore.search({ text: LAST, kind: 'all' })).map((x) => x.username)).toEqual([USERNAME]);
    expect((await t.deps.search.search({ text: FIRST, kind: 'all', limit: 20 })).length).toBe(1);
    expect(await t.caller(reader.id).stories.get({ username: USERNAME })).toMatchObject({
      first_name: FIRST,
      last_name: LAST,
      user_image: picture,
      is_private: false,
    });
    expect(
      (await t.caller(null).social.comments({ story_username: 'open_host', page: 1, limit: 50 })).find((c) => c.username === USERNAME)!
        .image,
    ).toBe(picture);

    // Private again, with the index held back: it still knows the names, but nobody may match them.
    const projector = t.deps.projector;
    const poke = projector.poke;
    projector.poke = () => undefined;
    try {
      await setPrivate(true);
      expect((await t.deps.search.search({ text: FIRST, kind: 'all', limit: 20 })).length).toBe(1); // the index lags
      for (const term of [FIRST, LAST]) {
        for (const kind of ['all', 'stories', 'users'] as const) {
          expect(await t.caller(reader.id).explore.search({ text: term, kind }), `lagging ${kind} ${term}`).toEqual([]);
        }
        expect((await reader.client.post('/api/searches/all', { searchTerm: term })).body.data).toEqual([]);
      }
      const lagging = await collect(reader.client, reader.id);
      for (const [label, body] of lagging) expectNoLeak(`lagging index: ${label}`, body);
    } finally {
      projector.poke = poke;
    }

    await t.deps.projector.drain();
    expect(await t.deps.search.search({ text: FIRST, kind: 'all', limit: 20 })).toEqual([]);
    expect(await t.deps.search.search({ text: LAST, kind: 'users', limit: 20 })).toEqual([]);
    expect((await reader.client.post('/api/searches/user', { searchTerm: FIRST })).body.data).toEqual([]);
    for (const [label, body] of await collect(t.client(), null)) expectNoLeak(`private again: ${label}`, body);
  });
});

describe('the private author’s own comments', () => {
  it('show their picture to them, and to no one else', async () => {
    const body = { story_username: 'open_host', page: 1, limit: 50 };
    const mine = (await secret.client.post('/api/comments/get', body)).body.data.find((c: { username: string }) => c.username === USERNAME);
    expect(mine.image).toBe(picture);
    const theirs = (await reader.client.post('/api/comments/get', body)).body.data.find(
      (c: { username: string }) => c.username === USERNAME,
    );
    expect(theirs.image).toBeNull();
    const visitor = (await t.client().post('/api/comments/get', body)).body.data.find((c: { username: string }) => c.username === USERNAME);
    expect(visitor.image).toBeNull();
  });
});
