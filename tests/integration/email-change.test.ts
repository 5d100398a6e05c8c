import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_UNCHANGED } from '../../server/src/contract/accounts';
import { EMAIL_NOT_SENT } from '../../server/src/core/accounts/email-change';
import { DAY, FakeClock } from '../support/fake-clock';
import { from } from '../support/limited-app';
import { startSmtpServer } from '../support/smtp-server';
import { makeTestApp, ORIGIN, signedInPerson, type TestApp, type TestClient } from '../support/test-app';
import { mailTo } from '../support/outbox';

const tokenIn = (m: ParsedMail) => m.text?.match(/\/confirm-email#token=([A-Za-z0-9_-]{43})/)?.[1];
const storedEmail = async (t: TestApp, id: number) =>
  (await t.deps.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const request = (c: TestClient, email: unknown, ip = '198.51.100.1') => c.post('/trpc/emailChange.request', { email }, from(ip));
const confirm = (c: TestClient, token: unknown, ip = '198.51.100.1') => c.post('/trpc/emailChange.confirm', { token }, from(ip));

describe('email change with the embedded outbox', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await makeTestApp({ clock, env: { TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => t?.close());

  it('mails a link to the new address and a notice to the old one; nothing changes until the link is opened', async () => {
    const me = await signedInPerson(t, { username: 'iris_move', email: 'iris@example.org' });
    const res = await request(me.client, 'iris.new@example.net');
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data).toEqual({
      email: 'iris.new@example.net',
      message:
        "We've sent a link to iris.new@example.net. The change takes effect when you open it; until then your account keeps its current address.",
    });
    expect(await storedEmail(t, me.id)).toBe('iris@example.org');
    expect((await me.client.get('/trpc/emailChange.pending')).body.result.data).toEqual({
      email: 'iris.new@example.net',
      expires_at: new Date(clock.now() + DAY).toISOString(),
    });

    const [link] = await mailTo(t, 'iris.new@example.net');
    expect(link!.subject).toBe('Confirm your new email address for Life Story');
    expect(link!.text).toContain('iris_move');
    expect(link!.html).toContain(`<a href="${ORIGIN}/confirm-email#token=${tokenIn(link!)}">`);
    const [notice] = await mailTo(t, 'iris@example.org');
    expect(notice!.subject).toBe('Your Life Story email address is about to change');
    expect(notice!.text).toContain('iris.new@example.net');
    expect(notice!.text).not.toContain(tokenIn(link!)!); // only its own "This wasn't me" link
    expect(notice!.text).toMatch(/\/not-me#token=/);
    // Only a keyed hash of the token is stored.
    const stored = await t.deps.db.selectFrom('email_changes').selectAll().where('user_id', '=', me.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(tokenIn(link!)!);

    // The old address still signs in; the link works signed out (another device), once.
    expect((await t.client().post('/api/auth/login', { email: 'iris@example.org', password: me.password })).status).toBe(200);
    const done = await confirm(t.client(), tokenIn(link!));
    expect(done.status, done.text).toBe(200);
    expect(done.body.result.data).toEqual({ email: 'iris.new@example.net' });
    expect(await storedEmail(t, me.id)).toBe('iris.new@example.net');
    expect((await t.client().post('/api/auth/login', { email: 'iris.new@example.net', password: me.password })).status).toBe(200);
    expect((await t.client().post('/api/auth/login', { email: 'iris@example.org', password: me.password })).status).toBe(401);
    expect((await me.client.get('/trpc/emailChange.pending')).body.result.data).toBeNull();
    const again = await confirm(t.client(), tokenIn(link!));
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(EMAIL_CHANGE_LINK_INVALID);
  });

  it('POST /api/users/edit keeps its answer, and a new address there waits for its link too', async () => {
    const me = await signedInPerson(t, { username: 'olga_move', email: 'olga@example.org' });
    const res = await me.client.post(
      '/api/users/edit',
      { first_name: 'Olga', last_name: 'Renamed', email: 'olga.new@example.net', dob: '1950-02-03', is_private: 0 },
      from('198.51.100.2'),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Successfully updated user profile information' });
    const profile = (await me.client.get('/api/users/profile')).body.data;
    expect(profile).toMatchObject({ first_name: 'Olga', last_name: 'Renamed', email: 'olga@example.org' });
    const [link] = await mailTo(t, 'olga.new@example.net');
    expect((await mailTo(t, 'olga@example.org')).map((m) => m.subject)).toEqual(['Your Life Story email address is about to change']);
    // A newer request replaces the older link.
    await request(me.client, 'olga.newer@example.net', '198.51.100.2');
    const old = await confirm(t.client(), tokenIn(link!), '198.51.100.2');
    expect(old.status).toBe(400);
    const [newer] = await mailTo(t, 'olga.newer@example.net');
    expect((await confirm(t.client(), tokenIn(newer!), '198.51.100.2')).status).toBe(200);
    expect(await storedEmail(t, me.id)).toBe('olga.newer@example.net');
  });

  it('refuses a taken address at once, and at the link when someone took it meanwhile; a changed case needs no link', async () => {
    const me = await signedInPerson(t, { username: 'paul_move', email: 'paul@example.org' });
    const other = await signedInPerson(t, { username: 'quinn_move', email: 'quinn@example.org' });
    const taken = await request(me.client, 'QUINN@example.org', '198.51.100.3');
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Email is already taken.');
    const same = await request(me.client, 'paul@example.org', '198.51.100.3');
    expect(same.status).toBe(400);
    expect(same.body.error.data.fieldErrors.email).toBe(EMAIL_UNCHANGED);
    const cased = await request(me.client, 'Paul@Example.org', '198.51.100.3');
    expect(cased.status).toBe(200);
    expect(await storedEmail(t, me.id)).toBe('Paul@Example.org');

    await request(me.client, 'shared@example.net', '198.51.100.3');
    await request(other.client, 'shared@example.net', '198.51.100.4');
    const [first, second] = await mailTo(t, 'shared@example.net');
    expect((await confirm(t.client(), tokenIn(second!), '198.51.100.4')).status).toBe(200);
    const late = await confirm(t.client(), tokenIn(first!), '198.51.100.3');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Email is already taken.');
    expect(await storedEmail(t, me.id)).toBe('Paul@Example.org');
  });

  it('a link older than 24 hours, a made-up one and a malformed one are refused with 400; guessing is limited', async () => {
    const me = await signedInPerson(t, { username: 'rita_move', email: 'rita@example.org' });
    await request(me.client, 'rita.new@example.net', '198.51.100.5');
    const [link] = await mailTo(t, 'rita.new@example.net');
    clock.advance(DAY + 60_000);
    for (const bad of [tokenIn(link!), 'A'.repeat(43), 'short', 42, null]) {
      const res = await confirm(t.client(), bad, '198.51.100.6');
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.message).toBe(EMAIL_CHANGE_LINK_INVALID);
    }
    expect(await storedEmail(t, me.id)).toBe('rita@example.org');
    for (let i = 0; i < 20; i++) expect((await confirm(t.client(), 'B'.repeat(43), '198.51.100.7')).status).toBe(400);
    const limited = await confirm(t.client(), 'B'.repeat(43), '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/^Too many attempts to confirm an email address from your network\./);
    // Visitors cannot ask for a change.
    expect((await request(t.client(), 'x@example.net')).status).toBe(401);
  });
});

it('sends the link and the notice through a real SMTP server', async () => {
  const smtp = await startSmtpServer();
  const t = await makeTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Life Story <stories@example.org>' } });
  try {
    const me = await signedInPerson(t, { username: 'sam_move', email: 'sam@example.org' });
    expect((await request(me.client, 'sam.new@example.net')).status).toBe(200);
    expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(['sam.new@example.net', 'sam@example.org']);
    const link = smtp.messages.find((m) => m.envelopeTo[0] === 'sam.new@example.net')!;
    expect((await confirm(t.client(), tokenIn(link))).status).toBe(200);
    expect(await storedEmail(t, me.id)).toBe('sam.new@example.net');
  } finally {
    await t.close();
    await smtp.stop();
  }
});

it('says so when the link cannot be sent, and leaves the address and nothing pending', async () => {
  const sent: string[] = [];
  const t = await makeTestApp({
    mailer: {
      name: 'failing',
      send: async (m) => {
        if (m.subject.startsWith('Confirm')) throw new Error('mail server down');
        sent.push(m.to);
      },
      close: async () => undefined,
    },
  });
  try {
    const me = await signedInPerson(t, { username: 'tina_move', email: 'tina@example.org' });
    const res = await request(me.client, 'tina.new@example.net');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(EMAIL_NOT_SENT);
    const rest = await me.client.post('/api/users/edit', {
      first_name: 'T',
      last_name: 'M',
      email: 'tina.new@example.net',
      dob: '1950-01-01',
      is_private: 0,
    });
    expect(rest.status).toBe(503);
    expect(rest.body.message).toBe(EMAIL_NOT_SENT);
    expect(await storedEmail(t, me.id)).toBe('tina@example.org');
    expect((await me.client.get('/trpc/emailChange.pending')).body.result.data).toBeNull();
    expect((await me.client.get('/api/users/profile')).body.data.first_name).toBe('Ada'); // nothing else saved either
  } finally {
    await t.close();
  }
});
