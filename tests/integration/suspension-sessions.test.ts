// Issue #23 §6: a sign-in in flight when moderation.suspend lands must never leave a usable session, and a session of
// a suspended account (however it came to exist) serves no request (docs/decisions/0020-moderation.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED } from '../../server/src/core/accounts/login';
import { createSession } from '../../server/src/core/accounts/sessions';
import { makeAdmin } from '../support/admin';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

describe('a suspended account has no live session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const sessionsOf = async (id: number) => (await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).length;

  it('a sign-in whose password was checked before the suspension landed gets no session', async () => {
    const admin = await makeAdmin(t, await signedInPerson(t, { username: 'mod_race', email: 'mod.race@example.org' }));
    const target = await signedInPerson(t, { username: 'racer_one', email: 'racer.one@example.org' });
    // Deterministic race: the suspension runs right after the password was judged right (sign-in gives its
    // reserved failure back then) and before the session is made.
    const limiter = t.deps.limiter;
    const refund = limiter.refund.bind(limiter);
    let armed = true;
    limiter.refund = async (...args: Parameters<typeof refund>) => {
      if (armed) {
        armed = false;
        const res = await admin.client.post('/trpc/moderation.suspend', { username: 'racer_one', reason: 'Spam in every comment.' });
        expect(res.status, res.text).toBe(200);
      }
      return refund(...args);
    };
    const racing = t.client();
    let login: Awaited<ReturnType<typeof racing.post>>;
    try {
      login = await racing.post('/api/auth/login', { email: target.email, password: target.password });
    } finally {
      limiter.refund = refund;
    }
    expect(armed).toBe(false);
    expect(login.status).toBe(403);
    expect(login.body.error).toBe(ACCOUNT_SUSPENDED);
    expect(await sessionsOf(target.id)).toBe(0);
    expect((await racing.get('/trpc/accounts.me')).body.result.data).toBeNull();
    expect((await target.client.get('/trpc/accounts.me')).body.result.data).toBeNull();
  });

  it('a session that exists for a suspended account is refused on its next request, on every path', async () => {
    const target = await signedInPerson(t, { username: 'racer_two', email: 'racer.two@example.org' });
    // What moderation.suspend does to the account: the flag, and every session of it gone.
    await t.deps.db.updateTable('users').set({ suspended_at: Date.now() }).where('id', '=', target.id).execute();
    await t.deps.db.deleteFrom('sessions').where('user_id', '=', target.id).execute();
    // As a sign-in that raced with the suspension used to leave behind (or another instance, before it saw it).
    const { token } = await createSession(t.deps, t.deps.db, target.id, Date.now());
    const client = t.client();
    client.cookie = `access_token=${token}`;
    expect((await client.get('/trpc/accounts.me')).body.result.data).toBeNull();
    client.cookie = `access_token=${token}`;
    expect((await client.get('/api/users/profile')).status).toBe(401);
    client.cookie = `access_token=${token}`;
    expect((await client.post('/trpc/social.comment', { story_username: 'racer_two', text: 'still here' })).status).toBe(401);
    client.cookie = `access_token=${token}`;
    expect((await client.get('/account/my-data.zip')).status).toBe(401);
    expect(await sessionsOf(target.id)).toBe(0);
  });
});
