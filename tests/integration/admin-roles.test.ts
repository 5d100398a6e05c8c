// Who becomes an admin (issue #23 §2, docs/decisions/0020-moderation.md): registering never makes one, first or not,
// on a fresh site or a demo site; an ADMIN_EMAILS address counts only once an emailed link verified it, whatever
// REQUIRE_EMAIL_VERIFICATION says, and only while it is the account's address; the owner's steps are
// `npm run admin` (run here as its own process) and the one-time setup link printed at the start.
import type { ParsedMail } from 'mailparser';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_LINK_INVALID } from '../../server/src/contract/moderation';
import { offerAdminSetupLink, replaceAdminSetupLink, siteHasAdmin } from '../../server/src/core/moderation/admin-setup';
import { DAY, FakeClock } from '../support/fake-clock';
import { outbox, toAddress } from '../support/outbox';
import { serverCommand } from '../support/server-command';
import { makeTestApp, ORIGIN, person, signedInPerson, type TestApp } from '../support/test-app';

const tokenIn = (m: ParsedMail, path: string) => m.text?.match(new RegExp(`/${path}#token=([A-Za-z0-9_-]{43})`))?.[1];
const setupToken = (link: string) => link.match(/\/admin-setup#token=([A-Za-z0-9_-]{43})$/)![1]!;
const access = async (t: TestApp, id: number) => (await t.caller(id).moderation.access()).admin;

async function codeOf(p: Promise<unknown>): Promise<string | null> {
  return p.then(
    () => null,
    (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
  );
}

/** The mail to an address (any capitalisation) once it has reached the outbox: some go after the answer. */
async function settle(t: TestApp, address: string, count: number): Promise<ParsedMail[]> {
  const to = async () => (await outbox(t)).filter((m) => toAddress(m)?.toLowerCase() === address.toLowerCase());
  for (let i = 0; i < 100 && (await to()).length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return to();
}

async function lastLinkTo(t: TestApp, address: string, path: string): Promise<string> {
  const mails = (await outbox(t)).filter((m) => toAddress(m)?.toLowerCase() === address.toLowerCase() && tokenIn(m, path));
  const token = tokenIn(mails.at(-1)!, path);
  if (!token) throw new Error(`no ${path} link to ${address}`);
  return token;
}

describe('registering never makes an admin', () => {
  it('the first account on a fresh site is a member', async () => {
    const t = await makeTestApp();
    try {
      const first = await signedInPerson(t, { username: 'first_on_site' });
      expect(await access(t, first.id)).toBe(false);
      const second = await signedInPerson(t);
      expect(await access(t, second.id)).toBe(false);
      expect(await siteHasAdmin(t.deps.db, t.deps.config)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('ADMIN_EMAILS counts an address only once an emailed link verified it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ADMIN_EMAILS: 'boss@site.example,Chief@Site.Example,deputy@site.example' } });
  });
  afterAll(() => t?.close());

  it('a stranger who registers BOSS@site.example first is not an admin, and the owner takes the address back by a reset link', async () => {
    const stranger = await signedInPerson(t, { username: 'stranger_boss', email: 'BOSS@site.example' });
    expect(await access(t, stranger.id)).toBe(false);
    // The link went to the real mailbox, saying what opening it would do.
    const [mail] = await settle(t, 'BOSS@site.example', 1);
    expect(mail!.text).toContain('opening the link also makes the account stranger_boss a moderator');
    expect(mail!.text).toContain('Forgot your password?');
    // The address is taken, ignoring case: the owner cannot register it again...
    const again = await t.client().post('/api/auth/register', person({ email: 'boss@site.example' }));
    expect(again.status).toBe(409);
    // ...so they reset the password of the account that uses it: the reset link reaches only their mailbox.
    await t.caller().accounts.requestPasswordReset({ email: 'boss@site.example' });
    await settle(t, 'BOSS@site.example', 2);
    const token = await lastLinkTo(t, 'boss@site.example', 'reset-password');
    await t.caller().accounts.resetPassword({ token, password: 'the owner’s own password' });
    // The stranger is signed out, and the account, now the owner's, is the admin.
    expect((await stranger.client.get('/api/users/profile')).status).toBe(401);
    const owner = t.client();
    expect((await owner.post('/api/auth/login', { email: 'boss@site.example', password: 'the owner’s own password' })).status).toBe(200);
    expect(await access(t, stranger.id)).toBe(true);
  });

  it('an unverified listed address grants nothing; its link (mailed though REQUIRE_EMAIL_VERIFICATION is off) grants', async () => {
    expect(t.config.requireEmailVerification).toBe(false);
    const chief = await signedInPerson(t, { username: 'the_chief', email: 'chief@site.example' });
    expect(await access(t, chief.id)).toBe(false);
    await expect(codeOf(t.caller(chief.id).moderation.queue())).resolves.toBe('FORBIDDEN');
    const [mail] = await settle(t, 'chief@site.example', 1);
    await t.caller().emailVerification.verify({ token: tokenIn(mail!, 'verify-email')! });
    expect(await access(t, chief.id)).toBe(true);
    await expect(t.caller(chief.id).moderation.queue()).resolves.toEqual(expect.any(Array));
  });

  it('an account that was never mailed (made before the change) asks for a link with “send the link again”', async () => {
    const f = await signedInPerson(t, { username: 'old_listed', email: 'old.timer@example.org' });
    // As if it had been registered before the address was listed.
    const t2 = await makeTestApp({ dataDir: t.dataDir, env: { ADMIN_EMAILS: 'old.timer@example.org' } });
    try {
      expect(await access(t2, f.id)).toBe(false);
      await t2.caller().emailVerification.resend({ email: 'OLD.TIMER@example.org' });
      const [mail] = await settle(t2, 'old.timer@example.org', 1);
      expect(mail!.text).toContain('opening the link also makes the account old_listed a moderator');
      await t2.caller().emailVerification.verify({ token: tokenIn(mail!, 'verify-email')! });
      expect(await access(t2, f.id)).toBe(true);
      // Verified once: "send the link again" sends nothing more.
      await t2.caller().emailVerification.resend({ email: 'old.timer@example.org' });
      await new Promise((r) => setTimeout(r, 50));
      expect(await settle(t2, 'old.timer@example.org', 2)).toHaveLength(1);
    } finally {
      await t2.deps.close();
    }
  });

  it('an admin by address whose address changes to one not listed is no longer one; a listed address confirmed by its link is', async () => {
    const p = await signedInPerson(t, { username: 'moving_chief' });
    const recent = { signedInAt: Date.now() };
    // Moving to a listed address: the change's link goes to that mailbox, and says what opening it would do.
    await t.caller(p.id, recent).emailChange.request({ email: 'Deputy@site.example' });
    const [link] = await settle(t, 'Deputy@site.example', 1);
    expect(link!.text).toContain('opening the link also makes the account moving_chief a moderator');
    expect(await access(t, p.id)).toBe(false);
    await t.caller().emailChange.confirm({ token: tokenIn(link!, 'confirm-email')! });
    expect(await access(t, p.id)).toBe(true);
    // Moving to an address not listed ends it.
    await t.caller(p.id, recent).emailChange.request({ email: 'moved.on@example.org' });
    const [away] = await settle(t, 'moved.on@example.org', 1);
    await t.caller().emailChange.confirm({ token: tokenIn(away!, 'confirm-email')! });
    expect(await access(t, p.id)).toBe(false);
  });

  it('a link mailed to an address the account no longer has verifies nothing', async () => {
    const t3 = await makeTestApp({ env: { ADMIN_EMAILS: 'owner@site.example', REQUIRE_EMAIL_VERIFICATION: 'true' } });
    try {
      const f = person({ username: 'left_behind', email: 'owner@site.example' });
      await t3.caller().accounts.register(f);
      const [first] = await settle(t3, 'owner@site.example', 1);
      const id = await t3.userId('left_behind');
      // The account moves to another address through that address's own link...
      await t3.caller(id, { signedInAt: Date.now() }).emailChange.request({ email: 'elsewhere@example.org' });
      const [change] = await settle(t3, 'elsewhere@example.org', 1);
      await t3.caller().emailChange.confirm({ token: tokenIn(change!, 'confirm-email')! });
      // ...and the registration's link, which went to owner@…, no longer works.
      await expect(codeOf(t3.caller().emailVerification.verify({ token: tokenIn(first!, 'verify-email')! }))).resolves.toBe('BAD_REQUEST');
      const row = await t3.deps.db.selectFrom('users').select('verified_email').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.verified_email).toBe('elsewhere@example.org');
    } finally {
      await t3.close();
    }
  });

  it('with REQUIRE_EMAIL_VERIFICATION on, the registration link verifies the listed address too', async () => {
    const t4 = await makeTestApp({ env: { ADMIN_EMAILS: 'head@site.example', REQUIRE_EMAIL_VERIFICATION: 'true' } });
    try {
      await t4.caller().accounts.register(person({ username: 'head_one', email: 'Head@Site.example' }));
      const id = await t4.userId('head_one');
      expect(await access(t4, id)).toBe(false);
      const [mail] = await settle(t4, 'Head@Site.example', 1);
      await t4.caller().emailVerification.verify({ token: tokenIn(mail!, 'verify-email')! });
      expect(await access(t4, id)).toBe(true);
    } finally {
      await t4.close();
    }
  });
});

describe('npm run admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());
  const env = () => ({ DATA_DIR: t.dataDir, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) });

  it('grants the role to an existing account and takes it back, with one line and exit codes 0/1', { timeout: 120_000 }, async () => {
    const p = await signedInPerson(t, { username: 'cli_owner', email: 'cli.owner@example.org' });
    expect(await access(t, p.id)).toBe(false);
    const granted = await serverCommand('admin', env(), ['--email', 'CLI.Owner@example.org']);
    expect(granted).toMatchObject({ code: 0, stdout: 'cli_owner (cli.owner@example.org) is now an admin.\n' });
    expect(await access(t, p.id)).toBe(true);
    const listed = await serverCommand('admin', env(), ['--list']);
    expect(listed).toMatchObject({ code: 0, stdout: 'Admins: cli_owner (cli.owner@example.org).\n' });
    const revoked = await serverCommand('admin', env(), ['--email', 'cli.owner@example.org', '--revoke']);
    expect(revoked).toMatchObject({ code: 0, stdout: 'cli_owner (cli.owner@example.org) is no longer an admin.\n' });
    expect(await access(t, p.id)).toBe(false);
  });

  // Each call is a process of its own that compiles the command with tsx: seconds on a busy machine.
  it('answers 1 with a sentence for an unknown address or a wrong call', { timeout: 120_000 }, async () => {
    const unknown = await serverCommand('admin', env(), ['--email', 'nobody@example.org']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'No account has the email address nobody@example.org. Register it on the site first, then run this again.',
    );
    for (const args of [['--revoke'], ['--email', 'not-an-address']]) {
      const bad = await serverCommand('admin', env(), args);
      expect(bad.code, args.join(' ')).toBe(1);
      expect(bad.stderr, args.join(' ')).toContain('Usage: npm run admin -- --email ADDRESS');
    }
  });
});

describe('the one-time setup link', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await makeTestApp({ clock });
  });
  afterAll(() => t?.close());

  it('is made once for a site with no admin, stored only hashed, and makes one signed-in account admin, once', async () => {
    const offer = await offerAdminSetupLink(t.deps, ORIGIN);
    if (offer.kind !== 'new') throw new Error(`expected a new link, got ${offer.kind}`);
    expect(offer.link).toMatch(/^http:\/\/localhost\/admin-setup#token=[A-Za-z0-9_-]{43}$/);
    const token = setupToken(offer.link);
    const stored = await t.deps.db.selectFrom('admin_setup_links').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    // A second start (or a second instance) while it is open makes no second link.
    expect(await offerAdminSetupLink(t.deps, ORIGIN)).toEqual({ kind: 'open', createdAt: clock.now(), expiresAt: offer.expiresAt });

    const owner = await signedInPerson(t, { username: 'setup_owner' });
    const other = await signedInPerson(t, { username: 'setup_other' });
    await expect(codeOf(t.caller(null).moderation.claimSetupLink({ token }))).resolves.toBe('UNAUTHORIZED');
    // Over HTTP, as the page does.
    const res = await owner.client.post('/trpc/moderation.claimSetupLink', { token });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ admin: true, username: 'setup_owner' });
    expect(await access(t, owner.id)).toBe(true);
    // Single use.
    const reused = await other.client.post('/trpc/moderation.claimSetupLink', { token });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe(SETUP_LINK_INVALID);
    expect(await access(t, other.id)).toBe(false);
    // The site has an admin now: no more links at a start.
    expect(await offerAdminSetupLink(t.deps, ORIGIN)).toEqual({ kind: 'has-admin' });
  });

  it('expires, and a made-up or malformed token gets the same clear 400', async () => {
    const fresh = await makeTestApp({ clock });
    try {
      const offer = await offerAdminSetupLink(fresh.deps, ORIGIN);
      if (offer.kind !== 'new') throw new Error(offer.kind);
      const p = await signedInPerson(fresh);
      clock.advance(DAY + 1);
      const late = await p.client.post('/trpc/moderation.claimSetupLink', { token: setupToken(offer.link) });
      expect(late.status).toBe(400);
      expect(late.body.error.message).toBe(SETUP_LINK_INVALID);
      for (const token of ['A'.repeat(43), 'short', 42, null]) {
        const bad = await p.client.post('/trpc/moderation.claimSetupLink', { token });
        expect(bad.status, String(token)).toBe(400);
        expect(bad.body.error.message, String(token)).toBe(SETUP_LINK_INVALID);
      }
      expect(await access(fresh, p.id)).toBe(false);
      // Expired: the next start makes a new one; `npm run admin -- --setup-link` ends it and makes another.
      const next = await offerAdminSetupLink(fresh.deps, ORIGIN);
      if (next.kind !== 'new') throw new Error(next.kind);
      const replaced = await replaceAdminSetupLink(fresh.deps, ORIGIN);
      expect((await p.client.post('/trpc/moderation.claimSetupLink', { token: setupToken(next.link) })).status).toBe(400);
      expect((await p.client.post('/trpc/moderation.claimSetupLink', { token: setupToken(replaced.link) })).status).toBe(200);
      expect(await access(fresh, p.id)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('instances starting together make one link between them', async () => {
    const fresh = await makeTestApp();
    // On PostgreSQL, a second instance on the same database; SQLite has one instance, whose starts take turns.
    const second = fresh.config.databaseUrl ? await makeTestApp({ dataDir: fresh.dataDir }) : undefined;
    try {
      const offers = await Promise.all([
        ...Array.from({ length: 3 }, () => offerAdminSetupLink(fresh.deps, ORIGIN)),
        ...Array.from({ length: 3 }, () => offerAdminSetupLink((second ?? fresh).deps, ORIGIN)),
      ]);
      expect(offers.filter((o) => o.kind === 'new')).toHaveLength(1);
      expect(offers.filter((o) => o.kind === 'open')).toHaveLength(5);
      const open = await fresh.deps.db.selectFrom('admin_setup_links').select('token_hash').where('used_at', 'is', null).execute();
      expect(open).toHaveLength(1);
    } finally {
      await second?.deps.close();
      await fresh.close();
    }
  });
});
