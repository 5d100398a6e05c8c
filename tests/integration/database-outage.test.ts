// The database away, as operators and people see it (docs/decisions/0021-postgresql.md, "When PostgreSQL is away";
// ADR 0023, "Health"). /healthz (liveness) answers while /readyz (readiness: the database answers a query) says
// 503 with a reason; a browser asking for a page gets an HTML page with a sentence and a retry, /api and /trpc keep
// their JSON. Once PostgreSQL is back, search and the top lists follow within a second or so: the projector's
// back-off for a database failure is short, and a commit wakes it (it used to wait out up to 30 s).
// PostgreSQL is cut and restored through a loopback proxy (tests/support/cuttable-proxy.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_AWAY } from '../../server/src/db/open-postgres';
import { NOT_READY } from '../../server/src/transport/http/health-routes';
import { appWithPages } from '../support/app-with-pages';
import { type CuttablePostgres, postgresBehindCuttableProxy } from '../support/cuttable-proxy';
import { lastEventSeq, makeTestApp, postgresBaseUrl, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

const ORIGIN = 'http://localhost';

/** Waits until `done` holds, for at most `ms`; says whether it did. */
async function within(ms: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return done();
}

describe('readiness and liveness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.close());

  it('/readyz answers 200 when the database answers, under any Host name, as /healthz does', async () => {
    for (const url of [`${ORIGIN}/readyz`, 'http://app-1:3000/readyz']) {
      const res = await t.app.request(url);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect((await t.app.request(`${ORIGIN}/healthz`)).status).toBe(200);
  });

  it('/readyz answers 503 once the database fails, and a page request gets the HTML page (last: it breaks the app)', async () => {
    const pages = appWithPages(t);
    try {
      await t.deps.db.destroy(); // any query now fails
      const ready = await t.app.request(`${ORIGIN}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toEqual({ ok: false, message: NOT_READY, database: 'the query failed' });
      expect((await t.app.request(`${ORIGIN}/healthz`)).status).toBe(200);
      const page = await pages.app.request(`${ORIGIN}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('An unexpected error occurred.');
    } finally {
      pages.remove();
    }
  });
});

describe.runIf(postgresBaseUrl)('PostgreSQL away, then back', () => {
  let postgres: CuttablePostgres;
  let t: TestApp;
  let other: TestApp | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await t?.close();
    await postgres?.close();
  });

  /** Runs of the projector that fail while PostgreSQL is away: enough for the old back-off to reach its 30 s. */
  async function failedRuns(n: number) {
    for (let i = 0; i < n; i++) await expect(t.deps.projector.drain()).rejects.toThrow();
  }

  it('/readyz says 503 with a reason while /healthz stays 200; a browser gets a page to retry, /api and /trpc JSON', async () => {
    postgres = await postgresBehindCuttableProxy(postgresBaseUrl!);
    t = await makeTestApp({ env: { DATABASE_URL: postgres.url } });
    const pages = appWithPages(t);
    try {
      expect((await pages.app.request(`${ORIGIN}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
      postgres.cut();

      const ready = await t.app.request(`${ORIGIN}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ok: false, message: NOT_READY, database: 'unreachable' });
      expect((await t.app.request(`${ORIGIN}/healthz`)).status).toBe(200);

      const page = await pages.app.request(`${ORIGIN}/?from=outage`, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('retry-after')).toBe('5');
      const html = await page.text();
      expect(html).toContain(DATABASE_AWAY);
      expect(html).toContain('<meta http-equiv="refresh" content="5">');
      expect(html).toContain('<a href="/?from=outage">Try again</a>');

      const api = await pages.app.request(`${ORIGIN}/api/searches/new/5`, { headers: { accept: 'text/html' } });
      expect(api.status).toBe(503);
      expect((await api.json()).message).toBe(DATABASE_AWAY);
      const trpc = await pages.app.request(`${ORIGIN}/trpc/explore.newCount`, { headers: { accept: 'text/html' } });
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await trpc.json()).error.message).toBe(DATABASE_AWAY);

      postgres.restore();
      expect((await t.app.request(`${ORIGIN}/readyz`)).status).toBe(200);
      expect((await pages.app.request(`${ORIGIN}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
    } finally {
      pages.remove();
    }
  });

  it('folds what another instance wrote once PostgreSQL is back, without a write here (the projector’s ticks)', async () => {
    postgres = await postgresBehindCuttableProxy(postgresBaseUrl!);
    t = await makeTestApp({ env: { DATABASE_URL: postgres.url } });
    t.deps.projector.start();
    const ann = await signedInPerson(t);
    expect((await ann.client.post('/api/stories/save', { title: 'Before the outage', text: storyHtml(1) })).status).toBe(201);
    await t.deps.projector.drain();

    postgres.cut();
    await failedRuns(8);
    postgres.restore();

    // Another instance (straight to the database; its own projector stopped) writes a story.
    other = await makeTestApp({ env: { DATABASE_URL: postgres.directUrl } });
    await other.deps.projector.stop();
    const bo = await signedInPerson(other);
    expect((await bo.client.post('/api/stories/save', { title: 'Written elsewhere', text: storyHtml(1) })).status).toBe(201);
    const written = await lastEventSeq(other);
    // Before: up to 30 s of back-off. Now a tick or two (0.5 s back-off, 1 s ticks); 5 s leaves room for a busy machine.
    expect(await within(5000, async () => (await t.deps.projector.checkpoint()) >= written)).toBe(true);
    const hits = await t.deps.search.search({ text: 'elsewhere', kind: 'all', limit: 5 });
    expect(hits.length).toBeGreaterThan(0);
  });

  it('a commit here wakes the projector at once once PostgreSQL is back', async () => {
    postgres = await postgresBehindCuttableProxy(postgresBaseUrl!);
    t = await makeTestApp({ env: { DATABASE_URL: postgres.url } });
    t.deps.projector.start(3_600_000); // no tick in this test: only the commit can wake it
    const ann = await signedInPerson(t);
    await t.deps.projector.drain();

    postgres.cut();
    await failedRuns(8);
    postgres.restore();

    expect((await ann.client.post('/api/stories/save', { title: 'Back again', text: storyHtml(1) })).status).toBe(201);
    const written = await lastEventSeq(t);
    expect(await within(5000, async () => (await t.deps.projector.checkpoint()) >= written)).toBe(true);
    expect(t.logs.join('\n')).not.toContain('Error');
  });
});
