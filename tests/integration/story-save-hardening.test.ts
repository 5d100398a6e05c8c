// A story shaped to make formatting expensive (the hardening report: 80 open inline marks, then tiny
// paragraphs) is saved within bounds through both transports, over a real socket, while the server keeps
// answering others; a story over its formatting budget is refused with a sentence, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERSARIAL_STORIES } from '../../seed/adversarial-stories';
import { WorkerPoolFormatter } from '../../server/src/adapters/story-format/worker-pool-formatter';
import { createApp } from '../../server/src/app';
import { storedLengthAllowed } from '../../server/src/core/stories/format-story';
import { TOO_COMPLEX } from '../../server/src/ports/story-formatter';
import { type LoopbackServer, serveOnLoopback } from '../support/loopback-server';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

const bomb = ADVERSARIAL_STORIES['nested marks + tiny paragraphs']!();

/** What the save stored, and the bound it must keep (its blocks' directions counted apart: format-story.ts). */
async function storedAndAllowed(t: TestApp, userId: number): Promise<{ stored: number; allowed: number }> {
  const story = await t.deps.db.selectFrom('stories').select('body_html').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const pages = await t.deps.db.selectFrom('pages').select('html').where('user_id', '=', userId).execute();
  const directions = pages.reduce((n, p) => n + p.html.split(' dir="auto"').length - 1, 0);
  return {
    stored: story.body_html.length + pages.reduce((n, p) => n + p.html.length, 0),
    allowed: storedLengthAllowed(bomb.length, directions),
  };
}

describe('saving an adversarial story over a real socket', () => {
  let t: TestApp;
  let server: LoopbackServer;

  beforeAll(async () => {
    t = await makeTestApp();
    const app = createApp(t.deps, {
      trustProxy: false,
      publicOrigin: undefined,
      mediaPublicBaseUrl: undefined,
      legalUrl: t.config.legalUrl,
    });
    server = await serveOnLoopback(app);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('REST: saved within twice its size plus 1 MiB, and /healthz answers all the while', async () => {
    const me = await signedInPerson({ ...t, client: () => server.client() });
    await me.client.post('/api/stories/save', { title: 'Warm-up', text: '<p>x</p>' }); // the worker thread is up
    let settled = false;
    const save = me.client.post('/api/stories/save', { title: 'Marks', text: bomb }).finally(() => {
      settled = true;
    });
    let answeredMeanwhile = 0;
    while (!settled) {
      const res = await fetch(`${server.base}/healthz`);
      if (res.status === 200 && !settled) answeredMeanwhile++;
    }
    const res = await save;
    expect(res.status).toBe(201);
    // Formatting this story takes hundreds of milliseconds, on a worker thread: others are answered meanwhile.
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);
    const { stored, allowed } = await storedAndAllowed(t, me.id);
    expect(stored).toBeLessThanOrEqual(allowed);
  });

  it('tRPC: the same story saves within the same bound', async () => {
    const me = await signedInPerson({ ...t, client: () => server.client() });
    const res = await me.client.post('/trpc/stories.publish', { title: 'Marks', text: bomb });
    expect(res.status).toBe(200);
    const { stored, allowed } = await storedAndAllowed(t, me.id);
    expect(stored).toBeLessThanOrEqual(allowed);
  });
});

describe('a story over its formatting budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ formatter: new WorkerPoolFormatter({ budgetMs: 1 }) });
  });
  afterAll(() => t.close());

  it('is refused with a sentence by both transports, and the earlier story is kept', async () => {
    const me = await signedInPerson(t);
    const text = ADVERSARIAL_STORIES['plain prose']!();
    const rest = await me.client.post('/api/stories/save', { title: 'Too much', text });
    expect(rest.status).toBe(422);
    expect(rest.body).toMatchObject({ message: TOO_COMPLEX });
    const trpc = await me.client.post('/trpc/stories.publish', { title: 'Too much', text });
    expect(trpc.status).toBe(422);
    expect(trpc.body.error.message).toBe(TOO_COMPLEX);
    expect(trpc.body.error.data.fieldErrors).toEqual({ text: TOO_COMPLEX });
    expect(await t.deps.db.selectFrom('stories').select('title').where('user_id', '=', me.id).executeTakeFirst()).toBeUndefined();
  });
});
