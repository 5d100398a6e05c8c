// Changing one's email answers 409 for a taken address, so changes are limited per account (5 an hour)
// and per client (10 an hour), taken or not, through /api and /trpc: the red-team run tested 200
// addresses in 1.8 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, from, makeLimitedApp, personFrom, trpcBatch } from '../support/limited-app';
import type { TestApp } from '../support/test-app';

const TAKEN = 'Email is already taken.';
const PER_ACCOUNT = /^Too many email address changes\. Please try again in 60 minutes\.$/;
const PER_CLIENT = /^Too many email address changes from your network\. Please try again in 60 minutes\.$/;

let t: TestApp;
beforeAll(async () => {
  t = await makeLimitedApp('1');
});
afterAll(async () => t.close());

const edit = (email: string, first_name = 'Same') => ({ first_name, last_name: 'Person', email, dob: '1990-04-12', is_private: false });
const storedEmail = async (id: number) =>
  (await t.deps.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

describe('email change limits (RATE_LIMIT_SCALE=1)', () => {
  it('count the 409s: five probes, then 429 with Retry-After through both transports', async () => {
    const me = await personFrom(t);
    const neighbour = await personFrom(t);
    for (let i = 0; i < 2; i++) {
      const res = await me.client.post('/api/users/edit', edit(neighbour.email), from(me.ip));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TAKEN);
    }
    // A tRPC batch is counted call by call.
    const batch = await trpcBatch(
      me.client,
      'accounts.edit',
      Array.from({ length: 5 }, () => edit(neighbour.email.toUpperCase())),
      me.ip,
    );
    expect(codesOf(batch)).toEqual({ CONFLICT: 3, TOO_MANY_REQUESTS: 2 });

    const rest = await me.client.post('/api/users/edit', edit('free.address@example.com'), from(me.ip));
    expect(rest.status).toBe(429);
    expect(rest.body.message).toMatch(PER_ACCOUNT);
    expect(rest.body.error).toBe(rest.body.message);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(60 * 59);
    const trpc = await me.client.post('/trpc/accounts.edit', edit('free.address@example.com'), from('198.51.100.60'));
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.message).toMatch(PER_ACCOUNT);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(60 * 59);
    expect(await storedEmail(me.id)).toBe(me.email);

    // Other profile edits, keeping the address, are not limited.
    const names = await me.client.post('/api/users/edit', edit(me.email, 'Renamed'), from(me.ip));
    expect(names.status, names.text).toBe(200);
  });

  it('count successful changes too', async () => {
    const me = await personFrom(t);
    for (let i = 0; i < 5; i++) {
      const path = i % 2 ? '/trpc/accounts.edit' : '/api/users/edit';
      expect((await me.client.post(path, edit(`moved.${me.id}.${i}@example.com`), from(me.ip))).status).toBe(200);
    }
    const refused = await me.client.post('/api/users/edit', edit(`moved.${me.id}.5@example.com`), from(me.ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(PER_ACCOUNT);
    // Each change waits for its link (ADR 0019): the account keeps its address, the newest request is pending.
    expect(await storedEmail(me.id)).toBe(me.email);
    expect(await t.caller(me.id).emailChange.pending()).toMatchObject({ email: `moved.${me.id}.4@example.com` });
  });

  it('limit one client across accounts, so more accounts do not buy more probes', async () => {
    const [a, b, c] = [await personFrom(t), await personFrom(t), await personFrom(t)];
    const shared = '203.0.113.70';
    for (const [who, n] of [
      [a, 5],
      [b, 5],
    ] as const) {
      for (let i = 0; i < n; i++)
        expect((await who.client.post('/api/users/edit', edit(`p${who.id}.${i}@example.com`), from(shared))).status).toBe(200);
    }
    const refused = await c.client.post('/trpc/accounts.edit', edit(`p${c.id}@example.com`), from(shared));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(PER_CLIENT);
    expect((await c.client.post('/api/users/edit', edit(`p${c.id}@example.com`), from('198.51.100.70'))).status).toBe(200);
  });
});
