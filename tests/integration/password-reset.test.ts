// "Forgot your password?" over HTTP: the same answer for every address, a single-use link by email (the
// embedded outbox, and a real SMTP server), every session ended, a notice to the person, and the limits.
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID, RESET_LINK_SENT } from '../../server/src/contract/accounts';
import { FakeClock } from '../support/fake-clock';
import { from } from '../support/limited-app';
import { startSmtpServer, type RunningSmtp } from '../support/smtp-server';
import { makeTestApp, ORIGIN, signedInPerson, type TestApp, type TestClient } from '../support/test-app';
import { outbox, toAddress } from '../support/outbox';

const NEW_PASSWORD = 'a-brand-new-password-9';

/** The emails written to the outbox so far, oldest first. */

const tokenIn = (m: ParsedMail) => m.text?.match(/\/reset-password#token=([A-Za-z0-9_-]{43})/)?.[1];

const ask = (client: TestClient, email: string, ip = '198.51.100.1') =>
  client.post('/trpc/accounts.requestPasswordReset', { email }, from(ip));
const reset = (client: TestClient, token: unknown, password = NEW_PASSWORD, ip = '198.51.100.1') =>
  client.post('/trpc/accounts.resetPassword', { token, password }, from(ip));

describe('password reset with the embedded outbox', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await makeTestApp({ clock, env: { TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => t?.close());

  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const me = await signedInPerson(t, { username: 'rosa_reset', email: 'Rosa@Example.org' });
    const known = await ask(t.client(), 'rosa@example.ORG', '198.51.100.10');
    const unknown = await ask(t.client(), 'nobody@example.org', '198.51.100.11');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.result.data).toEqual({ message: RESET_LINK_SENT });
    const strip = (h: Headers) => [...h].filter(([k]) => !['x-request-id', 'date'].includes(k));
    expect(strip(known.headers)).toEqual(strip(unknown.headers));

    await expect.poll(async () => (await outbox(t)).length).toBe(1);
    const [mail] = await outbox(t);
    expect(toAddress(mail!)).toBe('Rosa@example.org');
    expect(mail!.subject).toBe('Choose a new password for Life Story');
    expect(mail!.text).toContain('(rosa_reset)');
    expect(mail!.text).toContain(`${ORIGIN}/reset-password#token=`);
    expect(mail!.html).toContain(`<a href="${ORIGIN}/reset-password#token=${tokenIn(mail!)}">`);
    // Only a keyed hash of the token is stored.
    const stored = await t.deps.db.selectFrom('password_resets').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(tokenIn(mail!)!);
    expect(stored[0]!.user_id).toBe(me.id);
  });

  it('the link sets a new password once, ends every session, and tells the person', async () => {
    const me = await signedInPerson(t, { username: 'tom_reset', email: 'tom@example.org' });
    const other = t.client();
    other.cookie = me.client.cookie;
    await ask(t.client(), 'tom@example.org', '198.51.100.20');
    await expect.poll(async () => (await outbox(t)).filter((m) => toAddress(m) === 'tom@example.org').length).toBe(1);
    const token = tokenIn((await outbox(t)).find((m) => toAddress(m) === 'tom@example.org')!);

    const done = await reset(t.client(), token, NEW_PASSWORD, '198.51.100.20');
    expect(done.status).toBe(200);
    // Every session ended: the old cookie no longer works anywhere.
    expect((await other.get('/api/users/profile')).status).toBe(401);
    // The old password no longer signs in; the new one does.
    expect((await t.client().post('/api/auth/login', { email: 'tom@example.org', password: me.password })).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email: 'tom@example.org', password: NEW_PASSWORD })).status).toBe(200);
    // Used once: the same link again is refused, with the sentence and a 400.
    const again = await reset(t.client(), token, 'yet-another-password-1', '198.51.100.20');
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(RESET_LINK_INVALID);
    expect((await t.client().post('/api/auth/login', { email: 'tom@example.org', password: NEW_PASSWORD })).status).toBe(200);

    await expect.poll(async () => (await outbox(t)).filter((m) => toAddress(m) === 'tom@example.org').length).toBe(2);
    const notice = (await outbox(t)).filter((m) => toAddress(m) === 'tom@example.org')[1]!;
    expect(notice.subject).toBe('Your Life Story password was changed');
    expect(notice.text).toContain(`${ORIGIN}/forgot-password`);
    expect(notice.text).not.toMatch(/token=/);
  });

  it('a link older than 30 minutes, a made-up one, and a malformed one are refused without a 500', async () => {
    await signedInPerson(t, { username: 'ada_reset', email: 'ada@example.org' });
    await ask(t.client(), 'ada@example.org', '198.51.100.30');
    await expect.poll(async () => (await outbox(t)).some((m) => toAddress(m) === 'ada@example.org')).toBe(true);
    const token = tokenIn((await outbox(t)).find((m) => toAddress(m) === 'ada@example.org')!);
    clock.advance(31 * 60 * 1000);
    for (const bad of [token, 'A'.repeat(43), 'short', 42, null]) {
      const res = await reset(t.client(), bad, NEW_PASSWORD, '198.51.100.30');
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.message, String(bad)).toBe(RESET_LINK_INVALID);
    }
    const weak = await reset(t.client(), 'A'.repeat(43), 'short', '198.51.100.31');
    expect(weak.status).toBe(400);
    expect(weak.body.error.data.fieldErrors.password).toMatch(/at least/);
  });

  it('limits requests per address and per client, with a clear 429', async () => {
    await signedInPerson(t, { username: 'lim_reset', email: 'lim@example.org' });
    for (let i = 0; i < 3; i++) expect((await ask(t.client(), 'lim@example.org', `203.0.113.${i}`)).status).toBe(200);
    const fourth = await ask(t.client(), 'LIM@example.org', '203.0.113.99');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.message).toMatch(/^Too many password reset emails for this address\. Please try again in \d+ minutes\.$/);
    for (let i = 0; i < 10; i++) expect((await ask(t.client(), `x${i}@example.org`, '203.0.113.200')).status).toBe(200);
    expect((await ask(t.client(), 'y@example.org', '203.0.113.200')).status).toBe(429);
  });

  it('bad input gets a field error, never a 500', async () => {
    for (const email of ['', 'not-an-email', 5, null]) {
      const res = await ask(t.client(), email as string, '198.51.100.77');
      expect(res.status).toBe(400);
      expect(res.body.error.data.fieldErrors.email).toBeTruthy();
    }
  });
});

it('answers before the link is made and mailed, so a known address takes no longer than an unknown one', async () => {
  let release!: () => void;
  const sent: string[] = [];
  const t = await makeTestApp({
    mailer: {
      name: 'held',
      send: async (m) => {
        await new Promise<void>((r) => {
          release = r;
        });
        sent.push(m.to);
      },
      close: async () => undefined,
    },
  });
  try {
    await signedInPerson(t, { username: 'held_reset', email: 'held@example.org' });
    // The mail server is stuck: the answer comes anyway, and the email goes once the server takes it.
    expect((await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'held@example.org' })).status).toBe(200);
    expect(sent).toEqual([]);
    await expect.poll(() => release !== undefined).toBe(true);
    release();
    await expect.poll(() => sent).toEqual(['held@example.org']);
  } finally {
    await t.close();
  }
});

describe('password reset through a real SMTP server', () => {
  let t: TestApp;
  let smtp: RunningSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await makeTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Life Story <hello@stories.example>', PUBLIC_ORIGIN: 'https://stories.example' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('delivers the link, pointing at PUBLIC_ORIGIN, from MAIL_FROM; the link works', async () => {
    await signedInPerson(t, { username: 'sam_smtp', email: 'sam@example.org' });
    expect((await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'sam@example.org' })).status).toBe(200);
    await expect.poll(() => smtp.messages.length).toBe(1);
    const [mail] = smtp.messages;
    expect(mail!.envelopeTo).toEqual(['sam@example.org']);
    expect(mail!.from?.value[0]?.address).toBe('hello@stories.example');
    expect(mail!.text).toContain('https://stories.example/reset-password#token=');
    expect(fs.existsSync(path.join(t.dataDir, 'outbox'))).toBe(false);
    const res = await t.client().post('/trpc/accounts.resetPassword', { token: tokenIn(mail!), password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    await expect.poll(() => smtp.messages.length).toBe(2);
    expect(smtp.messages[1]!.subject).toBe('Your Life Story password was changed');
  });
});
