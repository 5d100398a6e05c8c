// A draft save as the browser's batch link sends it, over a real socket (@hono/node-server): the answer keeps
// its body, its security headers and its own X-Request-Id, which app.ts now sets on the answer's headers in
// place (docs/performance.md, "Autosave against story-page reads"); a stale save still gets its 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, serveOnLoopback } from '../support/loopback-server';
import { makeTestApp, person, type TestApp } from '../support/test-app';

let t: TestApp;
let server: LoopbackServer;

beforeAll(async () => {
  t = await makeTestApp();
  server = await serveOnLoopback(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('drafts.autosave over a real socket', () => {
  it('answers with the new counter, headers and a request id of its own; a stale save gets 409', async () => {
    const c = server.client();
    const fields = person();
    expect((await c.post('/api/auth/register', fields)).status).toBe(201);
    expect((await c.post('/api/auth/login', { email: fields.email, password: fields.password })).status).toBe(200);

    const text = `<p>${'word '.repeat(1600)}</p>`; // ~8 KB, as an autosave of a long story
    const save = (draft_version: number) =>
      c.post('/trpc/drafts.autosave?batch=1', { 0: { title: 'My life', text, base_version: 0, draft_version } });
    const first = await save(0);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([{ result: { data: { draft_version: 1, saved_at: expect.any(String) } } }]);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const second = await save(1);
    expect(second.status).toBe(200);
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/\S/);
    expect(ids[1]).toMatch(/\S/);
    expect(ids[0]).not.toBe(ids[1]);

    const stale = await save(1);
    expect(stale.status).toBe(409);
    expect(stale.headers.get('x-request-id')).toMatch(/\S/);
    const row = await t.deps.db.selectFrom('drafts').select(['draft_version', 'unsafe_html']).executeTakeFirstOrThrow();
    expect(row).toEqual({ draft_version: 2, unsafe_html: text });
  });
});
