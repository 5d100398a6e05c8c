import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LINK_INVALID, VERIFY_LINK_RESENT } from '../../server/src/contract/accounts';
import { makeUser } from '../../server/src/demo/make';
import { DAY, FakeClock } from '../support/fake-clock';
import { from } from '../support/limited-app';
import { startSmtpServer } from '../support/smtp-server';
import { makeTestApp, ORIGIN, person, type TestApp, type TestClient } from '../support/test-app';
import { outbox, toAddress, mailTo, settle } from '../support/outbox';

const tokenIn = (m: ParsedMail) => m.text?.match(/\/verify-email#token=([A-Za-z0-9_-]{43})/)?.[1];
const login = (c: TestClient, f: { email: string; password: string }, ip = '198.51.100.1') =>
  c.post('/api/auth/login', { email: f.email, password: f.password }, from(ip));
const verify = (c: TestClient, token: unknown, ip = '198.51.100.1') => c.post('/trpc/emailVerification.verify', { token }, from(ip));
const resend = (c: TestClient, email: unknown, ip = '198.51.100.1') => c.post('/trpc/emailVerification.resend', { email }, from(ip));
const refusal = (email: string) =>
  `Please confirm your email address first: we sent a link to ${email.slice(0, 1)}…${email.slice(email.indexOf('@'))}. Send it again?`;

describe('with REQUIRE_EMAIL_VERIFICATION off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  it('registers and signs in as before, sends no email, and keeps the answers unchanged', async () => {
    expect(t.config.requireEmailVerification).toBe(false);
    const f = person();
    const reg = await t.client().post('/api/auth/register', f);
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ message: 'User successfully created.' });
    expect((await login(t.client(), f)).status).toBe(200);
    const g = person();
    expect(await t.caller().accounts.register(g)).toEqual({ username: g.username });
    expect((await login(t.client(), g)).status).toBe(200);
    expect(await outbox(t)).toEqual([]);
    // Accounts made while it is off count as verified, so turning it on later locks nobody out.
    const row = await t.deps.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('username', '=', f.username)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).toEqual(expect.any(Number));
    // "Send the link again" still answers, and sends nothing.
    expect((await resend(t.client(), f.email)).body.result.data).toEqual({ message: VERIFY_LINK_RESENT });
    await new Promise((r) => setTimeout(r, 50));
    expect(await outbox(t)).toEqual([]);
  });
});

describe('with REQUIRE_EMAIL_VERIFICATION on, through the outbox', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await makeTestApp({ clock, env: { REQUIRE_EMAIL_VERIFICATION: 'true', TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => t?.close());

  it('REST: register -> sign-in refused with a 403 -> open the link -> sign-in works', async () => {
    const f = person({ email: 'rosa.verify@example.org' });
    const c = t.client();
    const reg = await c.post('/api/auth/register', f, from('198.51.100.10'));
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ message: 'User successfully created.' }); // the wire shape is unchanged
    const [mail] = await mailTo(t, f.email);
    expect(mail!.subject).toBe('Confirm your email address for Life Story');
    expect(mail!.text).toContain(f.username);
    expect(mail!.text).toContain('48 hours');
    const token = tokenIn(mail!)!;
    expect(mail!.html).toContain(`<a href="${ORIGIN}/verify-email#token=${token}">`);

    const refused = await login(c, f);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(refusal(f.email));
    expect(refused.body.message).toBe('Please confirm your email address first: we sent a link to r…@example.org. Send it again?');
    expect(refused.headers.get('set-cookie')).toBeNull();
    // A wrong password still gets the usual 401: the 403 tells only the person who knows the password.
    expect((await login(c, { email: f.email, password: 'wrong wrong wrong' })).status).toBe(401);

    const ok = await verify(c, token);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.data).toEqual({ email: f.email });
    const signedIn = await login(c, f);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user_info.username).toBe(f.username);
  });

  it('tRPC: register says where the link went; login refuses with FORBIDDEN until the link is opened', async () => {
    const f = person();
    const visitor = t.caller();
    expect(await visitor.accounts.register(f)).toEqual({ username: f.username, verification_sent_to: f.email });
    await expect(visitor.accounts.login({ email: f.email, password: f.password })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: refusal(f.email),
    });
    const [mail] = await mailTo(t, f.email);
    expect(await visitor.emailVerification.verify({ token: tokenIn(mail!)! })).toEqual({ email: f.email });
    const session = await visitor.accounts.login({ email: f.email, password: f.password });
    expect(session.user_info.username).toBe(f.username);
  });

  it('a link works once, only for 48 hours, and a malformed one gets a clear 400', async () => {
    const f = person();
    const c = t.client();
    await c.post('/api/auth/register', f, from('198.51.100.11'));
    const [first] = await mailTo(t, f.email);
    const token = tokenIn(first!)!;
    clock.advance(2 * DAY + 1000);
    const expired = await verify(c, token);
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(VERIFY_LINK_INVALID);
    expect((await login(c, f)).status).toBe(403);

    // A new link, opened within its time, works once; the replay is refused and changes nothing.
    expect((await resend(c, f.email, '198.51.100.12')).status).toBe(200);
    const mails = await settle(t, f.email, 2);
    expect(mails).toHaveLength(2);
    const fresh = tokenIn(mails[1]!)!;
    expect(fresh).not.toBe(token);
    clock.advance(2 * DAY - 60_000);
    expect((await verify(c, fresh)).status).toBe(200);
    const replay = await verify(c, fresh);
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe(VERIFY_LINK_INVALID);
    expect((await login(c, f)).status).toBe(200);

    for (const bad of ['', 'short', 'x'.repeat(43), `${fresh}x`, `${'a'.repeat(42)}!`, 42, null]) {
      const res = await verify(t.client(), bad, '198.51.100.13');
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.message, String(bad)).toBe(VERIFY_LINK_INVALID);
    }
  });

  it('"Send the link again": the same answer for unknown, verified and waiting addresses; limited per address and per client', async () => {
    const waiting = person();
    await t.client().post('/api/auth/register', waiting, from('198.51.100.20'));
    await settle(t, waiting.email, 1);
    const answers = [];
    for (const email of [waiting.email, 'nobody.here@example.net', 'rosa.verify@example.org']) {
      const res = await resend(t.client(), email, '198.51.100.21');
      answers.push([res.status, res.body.result?.data]);
    }
    expect(answers).toEqual([
      [200, { message: VERIFY_LINK_RESENT }],
      [200, { message: VERIFY_LINK_RESENT }],
      [200, { message: VERIFY_LINK_RESENT }],
    ]);
    // Only the waiting account gets a new link; nothing goes to a verified or unknown address.
    expect(await settle(t, waiting.email, 2)).toHaveLength(2);
    expect(await mailTo(t, 'nobody.here@example.net')).toEqual([]);
    expect(await mailTo(t, 'rosa.verify@example.org')).toHaveLength(1);

    // Per address: three an hour, from any client, whether or not the address is anyone's.
    for (const ip of ['198.51.100.22', '198.51.100.23', '198.51.100.24'])
      expect((await resend(t.client(), 'nobody.else@example.net', ip)).status).toBe(200);
    const fourth = await resend(t.client(), 'nobody.else@example.net', '198.51.100.25');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.message).toMatch(/^Too many new confirmation links for this address\. Please try again in \d+ minutes\.$/);
    // Per client: ten an hour, whatever the addresses.
    for (let i = 0; i < 10; i++) expect((await resend(t.client(), `spray${i}@example.net`, '198.51.100.26')).status).toBe(200);
    expect((await resend(t.client(), 'spray10@example.net', '198.51.100.26')).status).toBe(429);
    // Bad input: a field error, never a 500.
    const bad = await resend(t.client(), 'not an address', '198.51.100.27');
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.fieldErrors.email).toBeTruthy();
  });

  it('a confirmed email change counts as verified', async () => {
    const f = person();
    await t.client().post('/api/auth/register', f, from('198.51.100.30'));
    const id = await t.userId(f.username);
    // A person who cannot sign in has no session; the change is asked for as they would once signed in.
    const me = t.caller(id, { signedInAt: clock.now() });
    await me.emailChange.request({ email: 'changed.verified@example.net' });
    const [link] = await mailTo(t, 'changed.verified@example.net');
    const token = link!.text!.match(/\/confirm-email#token=([A-Za-z0-9_-]{43})/)![1]!;
    await t.caller().emailChange.confirm({ token });
    expect((await login(t.client(), { email: 'changed.verified@example.net', password: f.password })).status).toBe(200);
  });
});

describe('turning REQUIRE_EMAIL_VERIFICATION on for a site that has people', () => {
  it('locks out nobody who registered before, nor the demo people', async () => {
    const before = await makeTestApp();
    const f = person();
    expect((await before.client().post('/api/auth/register', f)).status).toBe(201);
    await before.deps.close();
    const t = await makeTestApp({ dataDir: before.dataDir, env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    try {
      expect((await login(t.client(), f)).status).toBe(200);
      // Demo people are made through the same core as the seed makes them: verified, and no email goes out.
      const demo = person();
      await makeUser(t.deps, demo);
      expect((await login(t.client(), demo)).status).toBe(200);
      // A newcomer now needs the link.
      const g = person();
      expect((await t.client().post('/api/auth/register', g)).status).toBe(201);
      expect((await login(t.client(), g)).status).toBe(403);
      expect((await outbox(t)).map(toAddress)).toEqual([g.email]);
    } finally {
      await t.close();
    }
  });
});

describe('with REQUIRE_EMAIL_VERIFICATION on, through a real SMTP server', () => {
  it('delivers the link, which verifies the account', async () => {
    const smtp = await startSmtpServer();
    const t = await makeTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: '1', SMTP_URL: smtp.url } });
    try {
      const f = person();
      const c = t.client();
      expect((await c.post('/api/auth/register', f)).status).toBe(201);
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail!.envelopeTo).toEqual([f.email]);
      expect(mail!.subject).toBe('Confirm your email address for Life Story');
      expect((await login(c, f)).status).toBe(403);
      expect((await verify(c, tokenIn(mail!))).status).toBe(200);
      expect((await login(c, f)).status).toBe(200);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});
