// Bad input to every /api endpoint and tRPC procedure: always a 4xx with a message, never a 500. The answers' statuses
// and bodies are also held to the OpenAPI document (TestClient, tests/support/openapi-answers.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/src/transport/rest/openapi-document';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

/** Every /api route, from the OpenAPI document (which a unit test holds to the router; ADR 0040). */
const ENDPOINTS: [string, string][] = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
  Object.keys(item).map((method): [string, string] => [method.toUpperCase(), path]),
);

const BAD_BODIES: [string, string][] = [
  ['malformed JSON', '{"username": '],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  [
    'wrong types',
    JSON.stringify({
      username: 42,
      page_number: { x: 1 },
      story_username: [1],
      email: 7,
      password: false,
      dob: 123,
      first_name: 5,
      title: {},
      text: 9,
      data: 'x',
      page: 'abc',
      limit: -3,
      searchTerm: { $ne: 1 },
      comment_id: 'drop table',
      image: 5,
      is_private: 'maybe',
      liked: 'x',
    }),
  ],
  [
    'negative paging',
    JSON.stringify({ page: -1, limit: -50, data: { page: -1, limit: 10_000 }, story_username: 'x', username: 'x', page_number: -2 }),
  ],
  [
    'huge numbers',
    JSON.stringify({ page: 1e308, limit: 1e308, page_number: 1e308, comment_id: 1e308, data: { page: 1e308, limit: 1e308 } }),
  ],
];

let t: TestApp;
let signedIn: TestClient;

beforeAll(async () => {
  t = await makeTestApp();
  const me = await signedInPerson(t, { username: 'x' + 'abc' });
  await me.client.post('/api/stories/save', { title: 'Story', text: storyHtml(2) });
  signedIn = me.client;
});
afterAll(async () => t.close());

function expectClientError(res: { status: number; body: { message?: unknown } }, label: string) {
  expect(res.status, label).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.message, label).toBe('string');
    expect((res.body.message as string).length, label).toBeGreaterThan(0);
  }
}

describe.each([['a visitor'], ['a signed-in person']])('as %s', (who) => {
  for (const [method, path] of ENDPOINTS) {
    it(`${method} ${path} never answers bad bodies with a 500`, async () => {
      const client = who === 'a visitor' ? t.client() : signedIn;
      // Signing out or deleting the account would end the signed-in pass; visitors cover those.
      if (who !== 'a visitor' && (path === '/api/auth/logout' || path === '/api/users/delete')) return;
      if (method === 'GET') {
        expectClientError(await client.get(`${path}?page=-1&limit=abc`), `${method} ${path}`);
        return;
      }
      for (const [label, raw] of BAD_BODIES) {
        const res = await client.send(method, path, raw, { raw: true, headers: { 'content-type': 'application/json' } });
        expectClientError(res, `${method} ${path} with ${label}`);
      }
    });
  }
});

describe('bodies too large', () => {
  it('answers 413 with a message for a JSON body over the limit', async () => {
    const huge = JSON.stringify({ title: 'x', text: 'a'.repeat(7 * 1024 * 1024) });
    const res = await signedIn.send('POST', '/api/stories/save', huge, { raw: true, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than/);
  });

  it('answers 400 for a story just over 5 MB that fits the JSON limit', async () => {
    const res = await signedIn.post('/api/stories/save', { title: 'x', text: `<p>${'a '.repeat(2.7 * 1024 * 1024)}</p>` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The story is longer than 5 MB.');
  });
});

describe('tRPC', () => {
  it('answers malformed and mistyped input with 400 and a readable message', async () => {
    const bad = await signedIn.send('POST', '/trpc/stories.publish', '{nope', {
      raw: true,
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const typed = await signedIn.post('/trpc/stories.publish', { title: 5, text: '<p>fine</p>' });
    expect(typed.status).toBe(400);
    expect(typed.body.error.message).toBe('The title must be text.');
    expect(typed.body.error.data.fieldErrors.title).toBe('The title must be text.');
    const page = await t
      .client()
      .get(`/trpc/stories.page?input=${encodeURIComponent(JSON.stringify({ username: 'xabc', page_number: -1 }))}`);
    expect(page.status).toBe(400);
    const unknown = await t.client().get('/trpc/nothing.here');
    expect(unknown.status).toBe(404);
  });
});

describe('limits that bound work', () => {
  it('refuses a story with an absurd amount of markup, with a clear message', async () => {
    const res = await signedIn.post('/api/stories/save', { title: 'Tags', text: '<b>x</b>'.repeat(100_001) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The story has too much markup (more than 200,000 tags).');
  });

  it('applies the upload body limit whatever the path’s case, and a JSON limit to /trpc', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(7 * 1024 * 1024)], { type: 'image/png' }), 'x.png');
    const upload = await signedIn.post('/API/Upload/', form);
    expect(upload.status).toBe(415); // read in full (under 11 MB), then refused by content
    const trpc = await signedIn.send('POST', '/trpc/stories.publish', JSON.stringify({ title: 'x', text: 'a'.repeat(7 * 1024 * 1024) }), {
      raw: true,
      headers: { 'content-type': 'application/json' },
    });
    expect(trpc.status).toBe(413);
  });
});
