// Issue #23 §7: drafts and publishing under load. What autosave accepted always reads back, however busy the
// formatter; publishing has a budget; revisions are thinned and stored without repeating unchanged text; an
// over-limit draft save is refused before its body is read (docs/decisions/0012-drafts-revisions-and-versions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerPoolFormatter } from '../../server/src/adapters/story-format/worker-pool-formatter';
import { EXPORT_FOLDER } from '../../server/src/core/export/export-schema';
import { formatStory } from '../../server/src/core/stories/format-story';
import { FakeClock } from '../support/fake-clock';
import { readZip } from '../support/read-zip';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

// ~250 KB: far more than the 1 ms budget below allows, and quick enough on a busy test machine.
const prose = '<p>The summer we moved to the coast, my father built a boat. It had <b>no name</b>.</p>'.repeat(3000);

describe('a large draft under a busy formatter', () => {
  let t: TestApp;
  // A budget far below what this story costs: as if every moment on the thread counted while others ran.
  beforeAll(async () => {
    t = await makeTestApp({ formatter: new WorkerPoolFormatter({ budgetMs: 1 }) });
  });
  afterAll(() => t.close());

  it('reads back, sanitized, on both transports: what autosave accepted is never refused for time', async () => {
    const me = await signedInPerson(t);
    const save = await me.client.post('/trpc/drafts.autosave', { title: 'Long', text: prose, base_version: 0, draft_version: 0 });
    expect(save.status, save.text).toBe(200);
    const res = await me.client.get('/trpc/drafts.get');
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.result.data.draft.text).toBe(formatStory(prose).body);
    expect(res.body.result.data.draft_version).toBe(1);
  });
});

describe('publishing budget (RATE_LIMIT_SCALE=0.1: 3 an hour)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
  });
  afterAll(() => t.close());

  it('refuses the publish past the budget with 429 and a sentence on both transports, and keeps what was published', async () => {
    const me = await signedInPerson(t);
    for (let i = 1; i <= 3; i++) {
      const res = await me.client.post('/trpc/stories.publish', { title: `Take ${i}`, text: `<p>take ${i}</p>` });
      expect(res.status, res.text).toBe(200);
    }
    const trpc = await me.client.post('/trpc/stories.publish', { title: 'Take 4', text: '<p>take 4</p>' });
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.message).toMatch(/^Too many publishes of your story\. Please try again in \d+ minutes\.$/);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(60);
    const rest = await me.client.post('/api/stories/save', { title: 'Take 4', text: '<p>take 4</p>' });
    expect(rest.status).toBe(429);
    expect(rest.body.message).toMatch(/^Too many publishes of your story\./);
    const story = await t.deps.db.selectFrom('stories').select(['title', 'version']).where('user_id', '=', me.id).executeTakeFirst();
    expect(story).toEqual({ title: 'Take 3', version: 3 });
    expect(await t.deps.db.selectFrom('story_revisions').select('id').where('user_id', '=', me.id).execute()).toHaveLength(3);
  });
});

describe('revisions: kept as a person would want, stored without repeating unchanged text', () => {
  let t: TestApp;
  const clock = new FakeClock(Date.UTC(2026, 0, 10, 9));
  beforeAll(async () => {
    t = await makeTestApp({ clock });
  });
  afterAll(() => t.close());

  const long = Array.from({ length: 3000 }, (_, i) => `<p>Chapter ${i}: the year we spent by the sea, and what it taught us.</p>`).join('');
  const storedChars = async (userId: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom('story_revision_chunks')
          .select((eb) => eb.fn.sum<number>(eb.fn('length', ['html'])).as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ten publishes of a long story with small edits store it about once, and each version reads back exactly', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    const published: string[] = [];
    for (let i = 0; i < 10; i++) {
      await api.stories.publish({ title: `Take ${i}`, text: long.replace(`Chapter ${i * 300}:`, `Chapter ${i * 300}, revised ${i}:`) });
      published.push((await api.stories.get({ username: me.username }))?.text ?? '');
    }
    // Ten whole copies before; now the story once, plus the pieces around each edit (~12 K characters each).
    expect(await storedChars(me.id)).toBeLessThan(long.length * 3);
    const list = await api.revisions.list();
    expect(list).toHaveLength(10);
    for (const [i, r] of [...list].reverse().entries()) expect((await api.revisions.get({ id: r.id })).text).toBe(published[i]);
    // The data export writes each text a piece at a time: the same JSON, the same texts.
    const zip = await t.app.request('http://localhost/account/my-data.zip', { headers: { cookie: me.client.cookie ?? '' } });
    expect(zip.status).toBe(200);
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    const json = entries.find((e) => e.name === `${EXPORT_FOLDER}/revisions.json`)!.data.toString('utf8');
    const exported = JSON.parse(json) as { id: number; title: string; body_html: string; word_count: number }[];
    expect(exported.map((r) => r.body_html)).toEqual(published);
    expect(json).toBe(`[\n${exported.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`);
    // Restoring one still makes its exact text the draft.
    await api.revisions.restore({ id: list[9]!.id });
    expect((await api.drafts.get()).draft?.text).toBe(published[0]);
  });

  it('keeps every revision of the last 30 days, then the last of each day, then the last of each month', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    const publish = async (title: string) => {
      await api.stories.publish({ title, text: `<p>${title}</p>` });
    };
    clock.t = Date.UTC(2026, 0, 10, 9);
    await publish('Jan 10 morning');
    clock.advance(3 * 60 * 60 * 1000);
    await publish('Jan 10 noon');
    clock.t = Date.UTC(2026, 0, 20, 9);
    await publish('Jan 20');
    clock.t = Date.UTC(2026, 2, 1, 9);
    await publish('Mar 1 morning');
    clock.advance(60 * 1000);
    await publish('Mar 1 later');
    // 30 days on: March 1's first revision goes; Jan 10's first too (one a day).
    clock.t = Date.UTC(2026, 2, 31, 10);
    await publish('Mar 31');
    expect((await api.revisions.list()).map((r) => r.title)).toEqual(['Mar 31', 'Mar 1 later', 'Jan 20', 'Jan 10 noon']);
    // Over a year on: one a month; the newest always.
    clock.t = Date.UTC(2027, 1, 15, 10);
    await publish('Feb 15, a year on');
    expect((await api.revisions.list()).map((r) => r.title)).toEqual(['Feb 15, a year on', 'Mar 31', 'Mar 1 later', 'Jan 20']);
    const kept = await api.revisions.list();
    expect((await api.revisions.get({ id: kept[3]!.id })).text).toBe('<p>Jan 20</p>');
    // Pieces no revision holds any more are gone.
    const chunks = await t.deps.db.selectFrom('story_revision_chunks').select('html').where('user_id', '=', me.id).execute();
    expect(chunks.map((c) => c.html).sort()).toEqual(['<p>Feb 15, a year on</p>', '<p>Jan 20</p>', '<p>Mar 1 later</p>', '<p>Mar 31</p>']);
    clock.t = Date.UTC(2026, 0, 10, 9);
  });
});

/** A draft save whose body is `bytes` long, made as it is read; `pulled()` says how much of it was read. */
function streamedSave(t: TestApp, cookie: string | null, bytes: number, headers: Record<string, string> = {}) {
  const head = '{"title":"","base_version":0,"draft_version":0,"text":"<p>';
  const tail = '</p>"}';
  let sent = 0;
  const piece = new TextEncoder().encode('x'.repeat(64 * 1024));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        sent += head.length;
        controller.enqueue(new TextEncoder().encode(head));
      } else if (sent + piece.length + tail.length < bytes) {
        sent += piece.length;
        controller.enqueue(piece);
      } else {
        sent += tail.length;
        controller.enqueue(new TextEncoder().encode(tail));
        controller.close();
      }
    },
  });
  const res = t.app.request('http://localhost/trpc/drafts.autosave', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return { res, pulled: () => sent };
}

describe('a draft save refused before its body is read (RATE_LIMIT_SCALE=0.05: 6 saves a minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.05' } });
  });
  afterAll(() => t.close());

  it('past the autosave budget: 429 with its sentence, and the 5 MB body is not read', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    for (let i = 0; i < 6; i++) await api.drafts.autosave({ title: '', text: `<p>${i}</p>`, base_version: 0, draft_version: i });
    const save = streamedSave(t, me.client.cookie, 5_000_000);
    const res = await save.res;
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body.error.message).toMatch(/^Too many draft saves\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(save.pulled()).toBeLessThan(200 * 1024);
    expect((await api.drafts.get()).draft?.text).toBe('<p>5</p>');
  });

  it('without a session: 401, and the body is not read', async () => {
    const save = streamedSave(t, null, 5_000_000);
    const res = await save.res;
    expect(res.status).toBe(401);
    expect(save.pulled()).toBeLessThan(200 * 1024);
  });
});

describe('large drafts (RATE_LIMIT_SCALE=0.1: one save over 1 MB a minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
  });
  afterAll(() => t.close());

  it('past that budget a large save gets 429 before its body is read; small saves go on', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    const big = `<p>${'word '.repeat(300_000)}</p>`; // 1.5 MB
    expect((await api.drafts.autosave({ title: '', text: big, base_version: 0, draft_version: 0 })).draft_version).toBe(1);
    const save = streamedSave(t, me.client.cookie, 5_000_000);
    const res = await save.res;
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toMatch(/^Too many saves of a draft this long\. Please try again in \d+ seconds\.$/);
    expect(save.pulled()).toBeLessThan(200 * 1024);
    expect((await api.drafts.autosave({ title: '', text: '<p>short</p>', base_version: 0, draft_version: 1 })).draft_version).toBe(2);
  });
});

describe('a draft save over the size limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('over the size limit: 413 from Content-Length at once, and a streamed body is cut as soon as it passes', async () => {
    const me = await signedInPerson(t);
    const declared = streamedSave(t, me.client.cookie, 20_000_000, { 'content-length': '20000000' });
    expect((await declared.res).status).toBe(413);
    expect(declared.pulled()).toBeLessThan(200 * 1024);
    const chunked = streamedSave(t, me.client.cookie, 20_000_000);
    const res = await chunked.res;
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/^The request is larger than 6 MB\.$/);
    expect(chunked.pulled()).toBeLessThan(7 * 1024 * 1024);
  });
});
