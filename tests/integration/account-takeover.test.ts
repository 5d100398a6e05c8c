// Issue #23 §1: an account taken over through an email change with only a stolen session cookie, and what now stops
// it: the current password (or a recent sign-in) for a new address, deleting the account and downloading all data,
// counted as sign-in guesses; every emailed link ended by a password change or reset, and refused when made before
// it; and "This wasn't me" in the notice to the old address (docs/decisions/0014-account-recovery.md).
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_LINK_INVALID,
  EMAIL_CHANGE_LINK_INVALID,
  RESET_LINK_INVALID,
  VERIFY_LINK_INVALID,
} from '../../server/src/contract/accounts';
import { passwordNeeded, WRONG_CURRENT_PASSWORD } from '../../server/src/core/accounts/reauthenticate';
import { FakeClock } from '../support/fake-clock';
import { from } from '../support/limited-app';
import { mailTo, settle } from '../support/outbox';
import { makeTestApp, ORIGIN, signedInPerson, type TestApp, TestClient } from '../support/test-app';

const MINUTE = 60_000;
const tokenIn = (m: ParsedMail | undefined, page: string) => m?.text?.match(new RegExp(`/${page}#token=([A-Za-z0-9_-]{43})`))?.[1];
const storedEmail = async (t: TestApp, id: number) =>
  (await t.deps.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const sessionsOf = async (t: TestApp, id: number) =>
  (await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).length;

/** A second client with the same cookie: what an attacker holding a stolen cookie sends. */
function stolen(t: TestApp, victim: { client: TestClient }): TestClient {
  const thief = t.client();
  thief.cookie = victim.client.cookie;
  return thief;
}

describe('a stolen session cookie', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await makeTestApp({ clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('cannot change the address, delete the account or download its data without the password, on either transport', async () => {
    const victim = await signedInPerson(t, { username: 'vic_cookie', email: 'vic@example.org' });
    const thief = stolen(t, victim);
    clock.advance(11 * MINUTE); // past the ten minutes after signing in

    const trpc = await thief.post('/trpc/emailChange.request', { email: 'thief@example.net' });
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.message).toBe(passwordNeeded('change your email address'));
    expect(trpc.body.error.data.fieldErrors.current_password).toBe(passwordNeeded('change your email address'));
    const profile = { first_name: 'V', last_name: 'C', email: 'thief@example.net', dob: '1950-01-01', is_private: false };
    expect((await thief.post('/trpc/accounts.edit', profile)).status).toBe(403);
    const rest = await thief.post('/api/users/edit', profile);
    expect(rest.status).toBe(403);
    expect(rest.body.error).toBe(passwordNeeded('change your email address'));
    expect(await mailTo(t, 'thief@example.net')).toHaveLength(0);

    const del = await thief.post('/trpc/accounts.deleteAccount', {});
    expect(del.status).toBe(403);
    expect(del.body.error.message).toBe(passwordNeeded('delete your account'));
    const restDel = await thief.delete('/api/users/delete');
    expect(restDel.status).toBe(403);
    expect(restDel.body.error).toBe(passwordNeeded('delete your account'));
    const zip = await thief.get('/account/my-data.zip');
    expect(zip.status).toBe(403);
    expect(zip.text).toBe(passwordNeeded('download your data'));

    const wrong = await thief.post('/trpc/emailChange.request', { email: 'thief@example.net', current_password: 'a guess at it' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.data.fieldErrors.current_password).toBe(WRONG_CURRENT_PASSWORD);
    expect((await thief.post('/trpc/accounts.reauthenticate', { current_password: 'another guess' })).status).toBe(403);
    expect(await storedEmail(t, victim.id)).toBe('vic@example.org');
    expect((await victim.client.get('/api/users/profile')).status).toBe(200); // nothing was deleted

    // The owner, who knows the password, can do all three.
    const mine = await victim.client.post('/trpc/emailChange.request', { email: 'vic.new@example.net', current_password: victim.password });
    expect(mine.status, mine.text).toBe(200);
    expect((await victim.client.post('/trpc/accounts.reauthenticate', { current_password: victim.password })).status).toBe(200);
    const data = await victim.client.get('/account/my-data.zip');
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toBe('application/zip');
  });

  it('loses the account to nobody: the victim changes the password, and the link the attacker asked for is refused', async () => {
    const victim = await signedInPerson(t, { username: 'vic_link', email: 'vic.link@example.org' });
    // A cookie stolen within ten minutes of signing in still asks for a change without the password.
    const thief = stolen(t, victim);
    expect((await thief.post('/trpc/emailChange.request', { email: 'thief.link@example.net' })).status).toBe(200);
    const [link] = await mailTo(t, 'thief.link@example.net');
    const token = tokenIn(link, 'confirm-email');
    expect(token).toBeDefined();

    // As the notice advises, the victim changes the password: the stolen session ends, and so does the link.
    clock.advance(MINUTE);
    const changed = await victim.client.post('/trpc/accounts.changePassword', {
      password: 'a new secret pass',
      current_password: victim.password,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await thief.get('/api/users/profile')).status).toBe(401);
    const opened = await t.client().post('/trpc/emailChange.confirm', { token });
    expect(opened.status).toBe(400);
    expect(opened.body.error.message).toBe(EMAIL_CHANGE_LINK_INVALID);
    expect(await storedEmail(t, victim.id)).toBe('vic.link@example.org');

    // Even a link that something failed to end is refused: it was made before the password changed.
    await t.deps.db.updateTable('email_changes').set({ used_at: null }).where('user_id', '=', victim.id).execute();
    expect((await t.client().post('/trpc/emailChange.confirm', { token })).status).toBe(400);
    expect(await storedEmail(t, victim.id)).toBe('vic.link@example.org');
    const signIn = await t.client().post('/api/auth/login', { email: 'vic.link@example.org', password: 'a new secret pass' });
    expect(signIn.status).toBe(200);
  });

  it('a password reset ends every emailed link of the account too: email changes, other resets, verifications', async () => {
    const victim = await signedInPerson(t, { username: 'vic_reset', email: 'vic.reset@example.org' });
    expect((await victim.client.post('/trpc/emailChange.request', { email: 'elsewhere@example.net' })).status).toBe(200);
    const [change] = await mailTo(t, 'elsewhere@example.net');
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'vic.reset@example.org' });
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'vic.reset@example.org' });
    const resets = (await settle(t, 'vic.reset@example.org', 3)).filter((m) => tokenIn(m, 'reset-password'));
    expect(resets).toHaveLength(2);
    clock.advance(MINUTE);
    const reset = await t
      .client()
      .post('/trpc/accounts.resetPassword', { token: tokenIn(resets[1], 'reset-password'), password: 'reset to this one' });
    expect(reset.status, reset.text).toBe(200);
    const other = await t
      .client()
      .post('/trpc/accounts.resetPassword', { token: tokenIn(resets[0], 'reset-password'), password: 'and then this one' });
    expect(other.body.error.message).toBe(RESET_LINK_INVALID);
    expect((await t.client().post('/trpc/emailChange.confirm', { token: tokenIn(change, 'confirm-email') })).status).toBe(400);
    expect(await storedEmail(t, victim.id)).toBe('vic.reset@example.org');
  });
});

describe('"This wasn\'t me" in the notice to the old address', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await makeTestApp({ clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('says what happened and what to do, with the link and the way to a new password', async () => {
    const me = await signedInPerson(t, { username: 'nm_words', email: 'nm.words@example.org' });
    await me.client.post('/trpc/emailChange.request', { email: 'nm.words.new@example.net' });
    const [notice] = await mailTo(t, 'nm.words@example.org');
    expect(notice!.text).toContain('asked to change its email address to nm.words.new@example.net');
    expect(notice!.text).toContain('It stops the change, or puts this address back if the change already went through');
    expect(notice!.text).toContain('signs your account out on every device');
    expect(notice!.html).toContain(`<a href="${ORIGIN}/not-me#token=${tokenIn(notice, 'not-me')}">`);
    expect(notice!.text).toContain(`${ORIGIN}/forgot-password`);
    // Not the confirmation link of the new address.
    const [link] = await mailTo(t, 'nm.words.new@example.net');
    expect(notice!.text).not.toContain(tokenIn(link, 'confirm-email'));
  });

  it('stops a pending change and signs out everywhere, signed out and once', async () => {
    const me = await signedInPerson(t, { username: 'nm_pending', email: 'nm.pending@example.org' });
    const other = await t.client().post('/api/auth/login', { email: 'nm.pending@example.org', password: me.password });
    expect(other.status).toBe(200);
    await me.client.post('/trpc/emailChange.request', { email: 'nm.intruder@example.net' });
    const [notice] = await mailTo(t, 'nm.pending@example.org');
    const [link] = await mailTo(t, 'nm.intruder@example.net');

    const res = await t.client().post('/trpc/emailChange.cancel', { token: tokenIn(notice, 'not-me') });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data.message).toBe(
      'The change of email address is stopped, and your account is signed out on every device. Now choose a new password with “Forgot your password?”: the link will come to nm.pending@example.org.',
    );
    expect(await sessionsOf(t, me.id)).toBe(0);
    expect((await me.client.get('/api/users/profile')).status).toBe(401);
    expect((await t.client().post('/trpc/emailChange.confirm', { token: tokenIn(link, 'confirm-email') })).status).toBe(400);
    expect(await storedEmail(t, me.id)).toBe('nm.pending@example.org');
    const again = await t.client().post('/trpc/emailChange.cancel', { token: tokenIn(notice, 'not-me') });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(CANCEL_LINK_INVALID);
    for (const bad of ['A'.repeat(43), 'short', 7])
      expect((await t.client().post('/trpc/emailChange.cancel', { token: bad })).status).toBe(400);
  });

  it('puts the address back when the intruder already confirmed it, even after they reset the password', async () => {
    const me = await signedInPerson(t, { username: 'nm_done', email: 'nm.done@example.org' });
    const thief = stolen(t, me);
    await thief.post('/trpc/emailChange.request', { email: 'nm.thief@example.net' });
    const [link] = await mailTo(t, 'nm.thief@example.net');
    expect((await t.client().post('/trpc/emailChange.confirm', { token: tokenIn(link, 'confirm-email') })).status).toBe(200);
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'nm.thief@example.net' });
    const [, reset] = await settle(t, 'nm.thief@example.net', 2);
    clock.advance(MINUTE);
    expect(
      (await t.client().post('/trpc/accounts.resetPassword', { token: tokenIn(reset, 'reset-password'), password: 'the thief chose it' }))
        .status,
    ).toBe(200);
    // The intruder asks for another reset link, to keep a way in.
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'nm.thief@example.net' });
    const [, , spare] = await settle(t, 'nm.thief@example.net', 4).then((m) => m.filter((x) => tokenIn(x, 'reset-password')));
    const thiefAgain = t.client();
    expect((await thiefAgain.post('/api/auth/login', { email: 'nm.thief@example.net', password: 'the thief chose it' })).status).toBe(200);

    const [notice] = await mailTo(t, 'nm.done@example.org');
    clock.advance(MINUTE);
    const res = await t.client().post('/trpc/emailChange.cancel', { token: tokenIn(notice, 'not-me') });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data.message).toMatch(/^Your account uses nm\.done@example\.org again, and it is signed out on every device\./);
    expect(await storedEmail(t, me.id)).toBe('nm.done@example.org');
    expect((await thiefAgain.get('/api/users/profile')).status).toBe(401);
    expect(
      (await t.client().post('/trpc/accounts.resetPassword', { token: tokenIn(spare, 'reset-password'), password: 'thief once more' }))
        .status,
    ).toBe(400);
    // The owner takes the account back through their own address.
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'nm.done@example.org' });
    const mine = (await settle(t, 'nm.done@example.org', 2)).find((m) => tokenIn(m, 'reset-password'));
    expect(
      (await t.client().post('/trpc/accounts.resetPassword', { token: tokenIn(mine, 'reset-password'), password: 'mine again now' }))
        .status,
    ).toBe(200);
    expect((await t.client().post('/api/auth/login', { email: 'nm.done@example.org', password: 'mine again now' })).status).toBe(200);
  });
});

describe('a wrong current password is a sign-in guess (RATE_LIMIT_SCALE=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => t?.close());

  it('spends the sign-in budget of the account and client, and the account’s wrong-current-password budget', async () => {
    const victim = await signedInPerson(t, { username: 'vic_guess', email: 'vic.guess@example.org' });
    const thief = stolen(t, victim);
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const res = await thief.post('/trpc/accounts.deleteAccount', { current_password: `guess ${i}` }, from(ip));
      expect(res.status).toBe(403);
    }
    const refused = await thief.post('/trpc/emailChange.request', { email: 'x@example.net', current_password: victim.password }, from(ip));
    expect(refused.status).toBe(429);
    // The same client at the sign-in form has no guesses left on this account either.
    const login = await t.client().post('/api/auth/login', { email: 'vic.guess@example.org', password: victim.password }, from(ip));
    expect(login.status).toBe(429);
    expect(login.body.error).toMatch(/^Too many failed sign-in attempts for this account\./);
  });
});

describe('"Send the link again" for email verification', () => {
  it('ends the older link', async () => {
    const t = await makeTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    try {
      const client = new TestClient(t.app);
      const fields = { username: 'vera_again', email: 'vera@example.org', password: 'long enough pass', dob: '1950-01-01' };
      expect((await client.post('/api/auth/register', fields)).status).toBe(201);
      await client.post('/trpc/emailVerification.resend', { email: 'vera@example.org' });
      const [first, second] = await settle(t, 'vera@example.org', 2);
      const old = await client.post('/trpc/emailVerification.verify', { token: tokenIn(first, 'verify-email') });
      expect(old.status).toBe(400);
      expect(old.body.error.message).toBe(VERIFY_LINK_INVALID);
      expect((await client.post('/trpc/emailVerification.verify', { token: tokenIn(second, 'verify-email') })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
