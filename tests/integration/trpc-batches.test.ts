// Issue #23 §5: a tRPC request holds at most LIMITS.trpcBatchMax calls, its answers fit a byte cap (a clear 413
// rather than tRPC's 500 when one JSON string would pass V8's limit), and each query spends the client's read budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/contract/limits';
import { codesOf, from, makeLimitedApp, personFrom, trpcBatch } from '../support/limited-app';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

/** A GET batch, as the client's httpBatchLink sends queries. */
function getBatch(client: TestClient, path: string, inputs: unknown[], init?: RequestInit) {
  const input = encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((v, i) => [String(i), v]))));
  return client.get(`/trpc/${inputs.map(() => path).join(',')}?batch=1&input=${input}`, init);
}

describe('batch size and answer bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a batch of more calls than the cap with a 400 that says how many, and answers one at the cap', async () => {
    const visitor = t.client();
    const over = await getBatch(
      visitor,
      'explore.top',
      Array.from({ length: LIMITS.trpcBatchMax + 1 }, () => ({ window: 'all' })),
    );
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain(`A request may hold at most ${LIMITS.trpcBatchMax} calls. Please send fewer at a time.`);
    const big = await getBatch(
      visitor,
      'explore.top',
      Array.from({ length: 170 }, () => ({ window: 'all' })),
    );
    expect(big.status).toBe(400);
    const at = await getBatch(
      visitor,
      'explore.top',
      Array.from({ length: LIMITS.trpcBatchMax }, () => ({ window: 'all' })),
    );
    expect(at.status).toBe(200);
    expect(codesOf(at)).toEqual({ OK: LIMITS.trpcBatchMax });
  });

  it('refuses answers past the byte cap with 413 and a sentence, never a 500; a single large answer is always given', async () => {
    const author = await signedInPerson(t);
    expect((await author.client.post('/api/stories/save', { title: 'Long', text: '<p>Short for now.</p>' })).status).toBe(201);
    // A 5 MB story, the largest there can be, written straight into its row (saving one takes seconds).
    const text = `<p>${'All work and no play. '.repeat(Math.floor((5 * 1024 * 1024 - 7) / 22))}</p>`;
    await t.deps.db.updateTable('stories').set({ body_html: text }).where('user_id', '=', author.id).execute();

    const one = await getBatch(author.client, 'stories.get', [{ username: author.username }]);
    expect(one.status).toBe(200);
    expect(one.body[0].result.data.text).toHaveLength(text.length);

    const many = await getBatch(
      author.client,
      'stories.get',
      Array.from({ length: 8 }, () => ({ username: author.username })),
    );
    expect(many.status).not.toBe(500);
    const codes = codesOf(many);
    expect(codes.OK).toBeGreaterThanOrEqual(1);
    expect(codes.OK).toBeLessThanOrEqual(4); // 24 MB of 5 MB answers
    expect(codes.PAYLOAD_TOO_LARGE).toBe(8 - codes.OK!);
    const refused = (many.body as { error?: { message: string; data: { httpStatus: number } } }[]).find((item) => item.error);
    expect(refused?.error).toMatchObject({
      message: 'These answers together are larger than 24 MB. Please ask for fewer at a time.',
      data: { httpStatus: 413 },
    });
  }, 30_000);
});

describe('the read budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeLimitedApp('1');
  });
  afterAll(async () => t.close());

  it('counts every query of a batch per client and answers 429 with Retry-After once it is spent; other clients still read', async () => {
    const reader = t.client();
    const inputs = Array.from({ length: LIMITS.trpcBatchMax }, () => ({ username: 'nobody-here' }));
    const budget = t.config.rateLimits.readsPerClient.points;
    for (let spent = 0; spent + LIMITS.trpcBatchMax <= budget; spent += LIMITS.trpcBatchMax) {
      const ok = await getBatch(reader, 'stories.get', inputs, from('203.0.113.7'));
      expect(codesOf(ok)).toEqual({ OK: LIMITS.trpcBatchMax });
    }
    const past = await getBatch(reader, 'stories.get', inputs, from('203.0.113.7'));
    const left = budget % LIMITS.trpcBatchMax;
    expect(codesOf(past)).toEqual({ ...(left ? { OK: left } : {}), TOO_MANY_REQUESTS: LIMITS.trpcBatchMax - left });
    expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
    const refused = (past.body as { error?: { message: string } }[]).find((item) => item.error);
    expect(refused?.error?.message).toMatch(/^Too many requests from your network\. Please try again in \d+ seconds\.$/);

    const other = await getBatch(t.client(), 'stories.get', inputs.slice(0, 1), from('203.0.113.8'));
    expect(codesOf(other)).toEqual({ OK: 1 });
  });

  it('does not count writes: a signed-in person past the read budget can still save', async () => {
    const p = await personFrom(t, '203.0.113.9');
    const inputs = Array.from({ length: LIMITS.trpcBatchMax }, () => ({ username: 'nobody-here' }));
    for (let i = 0; i * LIMITS.trpcBatchMax <= t.config.rateLimits.readsPerClient.points; i++) {
      await getBatch(p.client, 'stories.get', inputs, from(p.ip));
    }
    expect((await getBatch(p.client, 'stories.get', inputs.slice(0, 1), from(p.ip))).status).toBe(429);
    const save = await trpcBatch(p.client, 'stories.publish', [{ title: 'Still here', text: '<p>Saved.</p>' }], p.ip);
    expect(codesOf(save)).toEqual({ OK: 1 });
  });
});
