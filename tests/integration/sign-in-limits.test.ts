// Sign-in limits keep their protection without handing strangers a lockout (docs/decisions/0009-sign-in-and-account-change-limits.md):
// failures count per (account, client); past a per-account ceiling, clients that have failed on the
// account are slowed to a few attempts a minute, while a client without failures on it still signs in.
// Every answer is the same whether or not the email has an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, from, makeLimitedApp, personFrom, trpcBatch } from '../support/limited-app';
import type { TestApp, TestResponse } from '../support/test-app';

const FAILED = 'Incorrect email or password.';
const PAIR_SPENT = /^Too many failed sign-in attempts for this account\. Please try again in 15 minutes\.$/;
const SLOWED = /^Too many sign-in attempts for this account\. Please try again in \d+ seconds\.$/;

const messageOf = (res: TestResponse): string => res.body?.message ?? res.body?.error?.message;

describe('sign-in limits (RATE_LIMIT_SCALE=1: 10 failures per account and client, 30 attempts per client)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeLimitedApp('1');
  });
  afterAll(async () => t.close());

  it('a stranger’s failures lock out only the stranger: the owner signs in from elsewhere', async () => {
    const owner = await personFrom(t);
    const stranger = t.client();
    for (let i = 0; i < 10; i++) {
      const path = i % 2 ? '/trpc/accounts.login' : '/api/auth/login';
      expect((await stranger.post(path, { email: owner.email, password: `guess ${i}` }, from('203.0.113.66'))).status).toBe(401);
    }
    // Spent for this client, even with the right password: judging it would tell the guesser.
    const refused = await stranger.post(
      '/api/auth/login',
      { email: owner.email.toUpperCase(), password: owner.password },
      from('203.0.113.66'),
    );
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(PAIR_SPENT);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    const viaTrpc = await stranger.post('/trpc/accounts.login', { email: owner.email, password: owner.password }, from('203.0.113.66'));
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.error.message).toMatch(PAIR_SPENT);
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(60);

    for (const path of ['/api/auth/login', '/trpc/accounts.login']) {
      expect((await t.client().post(path, { email: owner.email, password: owner.password }, from('198.51.100.7'))).status).toBe(200);
    }
  });

  it('only failures count: right passwords never spend the budget', async () => {
    const owner = await personFrom(t);
    const ip = '198.51.100.8';
    for (let i = 0; i < 12; i++)
      expect((await t.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from(ip))).status).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await t.client().post('/api/auth/login', { email: owner.email, password: 'mistyped' }, from(ip))).status).toBe(401);
    expect((await t.client().post('/trpc/accounts.login', { email: owner.email, password: owner.password }, from(ip))).status).toBe(200);
    expect((await t.client().post('/api/auth/login', { email: owner.email, password: 'mistyped' }, from(ip))).status).toBe(401); // the 10th failure
    expect(messageOf(await t.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from(ip)))).toMatch(
      PAIR_SPENT,
    );
  });

  it('counts an IPv6 /64 as one client, so new addresses from it are no fresh budget', async () => {
    const owner = await personFrom(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.client().post('/api/auth/login', { email: owner.email, password: `guess ${i}` }, from(`2001:db8:1:2::${i + 1}`))).status,
      ).toBe(401);
    }
    expect(
      messageOf(await t.client().post('/api/auth/login', { email: owner.email, password: 'another' }, from('2001:DB8:1:2:abcd::beef'))),
    ).toMatch(PAIR_SPENT);
    expect(
      (await t.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from('2001:db8:1:3::1'))).status,
    ).toBe(200);
  });

  it('counts each call of a tRPC batch', async () => {
    const owner = await personFrom(t);
    const guesses = Array.from({ length: 14 }, (_, i) => ({ email: owner.email, password: `guess ${i}` }));
    const res = await trpcBatch(t.client(), 'accounts.login', guesses, '203.0.113.67');
    expect(codesOf(res)).toEqual({ UNAUTHORIZED: 10, TOO_MANY_REQUESTS: 4 });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
  });
});

describe('the per-account ceiling (RATE_LIMIT_SCALE=0.2: 2 failures per account and client, 10 per account, then 1 a minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeLimitedApp('0.2');
  });
  afterAll(async () => t.close());

  /** One attacker's run against `email`; returns what every attempt answered. */
  async function attack(email: string, tag: string): Promise<string[]> {
    const seen: string[] = [];
    const attempt = async (ip: string, password = 'a wrong guess') => {
      const res = await t.client().post('/api/auth/login', { email, password }, from(ip));
      seen.push(`${res.status} ${messageOf(res)}`);
      return res;
    };
    // Five clients spend their two failures each: the account reaches its ceiling of 10.
    for (let c = 0; c < 5; c++) for (let i = 0; i < 2; i++) await attempt(`10.${tag}.0.${c}`);
    // Two more clients fail once each; a client without failures on the account is not slowed.
    await attempt(`10.${tag}.1.1`);
    await attempt(`10.${tag}.1.2`);
    // Their second attempts share the account's slow lane: one a minute.
    await attempt(`10.${tag}.1.1`);
    const slowed = await attempt(`10.${tag}.1.2`);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    return seen;
  }

  it('slows clients that failed on the account, lets a clean client with the right password in, and answers unknown emails alike', async () => {
    const owner = await personFrom(t, '192.0.2.200');
    const real = await attack(owner.email, '1');
    expect(real.slice(0, 13)).toEqual(Array(13).fill(`401 ${FAILED}`));
    expect(real[13]).toMatch(/^429 /);
    expect(real[13]!.slice(4)).toMatch(SLOWED);

    // A slowed client is refused before its password is judged, the right one included.
    const slowedOwnerGuess = await t.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from('10.1.1.2'));
    expect(slowedOwnerGuess.status).toBe(429);
    expect(slowedOwnerGuess.body.message).toMatch(SLOWED);
    // The owner, from a client without failures on the account, signs in at once, through both transports.
    expect((await t.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from('198.51.100.9'))).status).toBe(
      200,
    );
    expect(
      (await t.client().post('/trpc/accounts.login', { email: owner.email, password: owner.password }, from('198.51.100.10'))).status,
    ).toBe(200);

    // The same run against an address with no account answers exactly the same.
    expect(await attack('nobody.at.all@example.com', '2')).toEqual(real);
  });
});
