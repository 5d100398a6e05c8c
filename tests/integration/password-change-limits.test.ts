// Guessing the current password through a password change is limited like sign-in: wrong current
// passwords per account, every attempt per client, through /api and /trpc alike, and every call of a
// tRPC batch counts (the red-team run: 200 wrong guesses in 4 batches of 50, never a 429).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, from, makeLimitedApp, personFrom, trpcBatch } from '../support/limited-app';
import type { TestApp } from '../support/test-app';

const WRONG = 'Your current password is incorrect.';
const PER_ACCOUNT = /^Too many wrong current passwords\. Please try again in 15 minutes\.$/;
const PER_CLIENT = /^Too many password changes\. Please try again in \d+ minutes\.$/;

describe('password change limits (RATE_LIMIT_SCALE=1: 10 wrong per account, 30 attempts per client, per 15 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeLimitedApp('1');
  });
  afterAll(async () => t.close());

  it('counts each call of a tRPC batch: of 50 wrong guesses in batches, 10 are judged and 40 refused', async () => {
    const me = await personFrom(t);
    const guesses = Array.from({ length: 50 }, (_, i) => ({ password: 'brand new password', current_password: `guess number ${i}` }));
    // A request holds at most 20 calls (issue #23 §5): the 50 go as batches of 20, 20 and 10.
    const codes: Record<string, number> = {};
    const items: unknown[] = [];
    let res = await trpcBatch(me.client, 'accounts.changePassword', guesses.slice(0, 20), me.ip);
    for (let from = 0; from < guesses.length; from += 20) {
      if (from > 0) res = await trpcBatch(me.client, 'accounts.changePassword', guesses.slice(from, from + 20), me.ip);
      for (const [code, n] of Object.entries(codesOf(res))) codes[code] = (codes[code] ?? 0) + n;
      items.push(...(res.body as unknown[]));
    }
    expect(codes).toEqual({ FORBIDDEN: 10, TOO_MANY_REQUESTS: 40 });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const refusals = (items as { error?: { message: string; data: { code: string } } }[]).filter(
      (r) => r.error?.data.code === 'TOO_MANY_REQUESTS',
    );
    for (const r of refusals) expect(r.error!.message).toMatch(new RegExp(`${PER_ACCOUNT.source}|${PER_CLIENT.source}`));

    // The account's budget is spent for both transports and every address, the right password included
    // (judging it would tell the guesser when they were right).
    const rest = await me.client.post(
      '/api/users/password',
      { password: 'brand new password', current_password: me.password },
      from('198.51.100.20'),
    );
    expect(rest.status).toBe(429);
    expect(rest.body.message).toMatch(PER_ACCOUNT);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(60);
    // Nothing changed: the old password still signs in.
    expect((await t.client().post('/api/auth/login', { email: me.email, password: me.password }, from('198.51.100.21'))).status).toBe(200);
  });

  it('answers the 11th guess over /api with 429, Retry-After and a sentence, and /trpc agrees', async () => {
    const me = await personFrom(t);
    for (let i = 0; i < 10; i++) {
      const res = await me.client.post(
        '/api/users/password',
        { password: 'brand new password', current_password: `wrong ${i}` },
        from(me.ip),
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(WRONG);
    }
    const refused = await me.client.post(
      '/api/users/password',
      { password: 'brand new password', current_password: me.password },
      from(me.ip),
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: refused.body.message, error: refused.body.message });
    expect(refused.body.message).toMatch(PER_ACCOUNT);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);

    const viaTrpc = await me.client.post(
      '/trpc/accounts.changePassword',
      { password: 'brand new password', current_password: me.password },
      from('198.51.100.30'),
    );
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(viaTrpc.body.error.message).toMatch(PER_ACCOUNT);
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(60);

    // A sign-in minutes ago still lets its owner change the password without the current one: that is not a guess.
    const fresh = t.client();
    expect((await fresh.post('/api/auth/login', { email: me.email, password: me.password }, from('198.51.100.31'))).status).toBe(200);
    expect((await fresh.post('/api/users/password', { password: 'brand new password' }, from('198.51.100.31'))).status).toBe(200);
  });

  it('does not count right current passwords against the account', async () => {
    const me = await personFrom(t);
    let password = me.password;
    for (let i = 0; i < 12; i++) {
      const next = `rotated password ${i}`;
      const res = await me.client.post('/trpc/accounts.changePassword', { password: next, current_password: password }, from(me.ip));
      expect(res.status, res.text).toBe(200);
      password = next;
    }
  });
});

describe('password change limits per client (RATE_LIMIT_SCALE=0.1: 1 wrong per account, 3 attempts per client)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeLimitedApp('0.1');
  });
  afterAll(async () => t.close());

  it('count one client’s attempts across accounts and both transports', async () => {
    const [a, b, c, d] = [await personFrom(t), await personFrom(t), await personFrom(t), await personFrom(t)];
    const shared = '203.0.113.50';
    const guess = { password: 'brand new password', current_password: 'not it at all' };
    expect((await a.client.post('/api/users/password', guess, from(shared))).status).toBe(403);
    expect((await b.client.post('/trpc/accounts.changePassword', guess, from(shared))).status).toBe(403);
    expect((await c.client.post('/api/users/password', guess, from(shared))).status).toBe(403);
    const refused = await d.client.post('/trpc/accounts.changePassword', guess, from(shared));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(PER_CLIENT);
    const rest = await d.client.post('/api/users/password', guess, from(shared));
    expect(rest.status).toBe(429);
    expect(rest.body.message).toMatch(PER_CLIENT);
    // The same account from another address is judged.
    expect((await d.client.post('/api/users/password', guess, from('198.51.100.40'))).status).toBe(403);
  });
});
