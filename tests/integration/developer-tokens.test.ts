// Issue #29, "Tokens": personal access tokens on both transports (docs/decisions/0039-personal-access-tokens.md).
// Made, listed and revoked with the session cookie only; `Authorization: Bearer` on /trpc and /api with the token's
// scopes, never an account change; every refusal; a budget per token; the end of every token with the account, a
// password change or reset, and a suspension. Runs on SQLite (server) and PostgreSQL (server-pg).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedToken,
  missingScopeMessage,
  TOKEN_MESSAGES,
  TOKEN_PATTERN,
  type TokenScope,
} from '../../server/src/contract/developer-tokens';
import { restRouter } from '../../server/src/transport/rest/rest-router';
import { TOKEN_NEEDS } from '../../server/src/transport/http/token-scopes';
import { appRouter } from '../../server/src/transport/trpc/app-router';
import { makeAdmin } from '../support/admin';
import { FakeClock, DAY } from '../support/fake-clock';
import { makeLimitedApp } from '../support/limited-app';
import { settle } from '../support/outbox';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient, type TestResponse } from '../support/test-app';

type Person = Awaited<ReturnType<typeof signedInPerson>>;

const bearer = (token: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${token}`, ...extra } });
/** The tRPC code of a non-batched answer, or OK. */
const codeOf = (res: TestResponse): string => res.body?.error?.data?.code ?? 'OK';
const messageOf = (res: TestResponse): string => res.body?.error?.message ?? res.body?.message;

async function makeToken(
  p: { client: TestClient },
  scopes: TokenScope[],
  expiresInDays: 7 | 30 | 90 | 365 | null = null,
  name = 'My script',
) {
  const res = await p.client.post('/trpc/developerTokens.create', { name, scopes, expiresInDays });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.result.data as CreatedToken;
}

describe('developer tokens', () => {
  let t: TestApp;
  const clock = new FakeClock();
  let owner: Person;
  let writer: Person;
  /** A client with no cookie: a script. */
  let script: TestClient;

  beforeAll(async () => {
    t = await makeTestApp({ clock });
    owner = await signedInPerson(t, { username: 'token_owner' });
    writer = await signedInPerson(t, { username: 'token_writer' });
    await t.caller(writer.id).stories.publish({ title: 'The orchard', text: storyHtml(1) });
    await t.caller(owner.id).drafts.autosave({ title: 'Not yet', text: '<p>OWNER-DRAFT-WORDS</p>', base_version: 0, draft_version: 0 });
    script = t.client();
  });
  afterAll(async () => t?.close());

  it('every tRPC procedure and every /api route has a decided entry in the one table, and no entry names nothing', () => {
    const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
    const routes = restRouter(t.deps)
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} /api${r.path}`.toLowerCase());
    expect(procedures.filter((p) => !(p in TOKEN_NEEDS))).toEqual([]);
    expect(routes.filter((r) => !Object.keys(TOKEN_NEEDS).some((k) => k.toLowerCase() === r))).toEqual([]);
    const known = new Set([...procedures, ...routes]);
    expect(Object.keys(TOKEN_NEEDS).filter((k) => !known.has(k.includes(' ') ? k.toLowerCase() : k))).toEqual([]);
    expect(procedures.filter((p) => p.startsWith('developerTokens.') && TOKEN_NEEDS[p] !== 'session')).toEqual([]);
  });

  it('is made with the session cookie, shown once, listed by name, scopes and hint, and never stored as itself', async () => {
    const made = await makeToken(owner, ['write', 'read'], 30, 'Backup script');
    expect(made.token).toMatch(TOKEN_PATTERN);
    expect(made.summary).toMatchObject({
      name: 'Backup script',
      scopes: ['read', 'write'],
      hint: made.token.slice(4, 12),
      lastUsedAt: null,
    });
    expect(made.summary.expiresAt).toBe(clock.now() + 30 * DAY);
    const list = await owner.client.get('/trpc/developerTokens.list');
    expect(list.status).toBe(200);
    expect(list.body.result.data.find((s: { id: number }) => s.id === made.summary.id)).toEqual(made.summary);
    expect(list.text).not.toContain(made.token);
    const rows = await t.deps.db.selectFrom('developer_tokens').selectAll().where('user_id', '=', owner.id).execute();
    expect(JSON.stringify(rows)).not.toContain(made.token);
    expect(JSON.stringify(rows)).not.toContain(made.token.slice(4));
    // Another person's list does not hold it, and they cannot revoke it.
    const theirs = await writer.client.get('/trpc/developerTokens.list');
    expect(theirs.body.result.data.map((s: { id: number }) => s.id)).not.toContain(made.summary.id);
    expect((await writer.client.post('/trpc/developerTokens.revoke', { id: made.summary.id })).status).toBe(404);
    // A visitor is refused.
    expect((await script.get('/trpc/developerTokens.list')).status).toBe(401);
  });

  it('refuses a token without a name, without scopes, or with another expiry', async () => {
    for (const bad of [
      { name: '', scopes: ['read'], expiresInDays: null },
      { name: 'x'.repeat(61), scopes: ['read'], expiresInDays: null },
      { name: 'ok', scopes: [], expiresInDays: null },
      { name: 'ok', scopes: ['admin'], expiresInDays: null },
      { name: 'ok', scopes: ['read'], expiresInDays: 8 },
    ]) {
      const res = await owner.client.post('/trpc/developerTokens.create', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('reads the person’s draft and profile with read, on tRPC and /api, without a cookie', async () => {
    const { token } = await makeToken(owner, ['read']);
    const draft = await script.get('/trpc/drafts.get', bearer(token));
    expect(draft.status).toBe(200);
    expect(draft.text).toContain('OWNER-DRAFT-WORDS');
    const me = await script.get('/trpc/accounts.me', bearer(token));
    expect(me.body.result.data.username).toBe(owner.username);
    const profile = await script.get('/api/users/profile', bearer(token));
    expect(profile.status).toBe(200);
    expect(profile.body.data.username).toBe(owner.username);
    const page = await script.post('/api/stories/page', { username: writer.username, page_number: 1 }, bearer(token));
    expect(page.status).toBe(200);
  });

  it('likes with social, and the same-origin check does not apply to a bearer request', async () => {
    const { token } = await makeToken(owner, ['social']);
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' };
    const like = await script.post('/trpc/social.like', { story_username: writer.username, on: true }, bearer(token, crossSite));
    expect(like.status).toBe(200);
    expect(like.body.result.data).toEqual({ on: true, changed: true });
    const rest = await script.post(
      '/api/users/save',
      { data: { story_username: writer.username, saved: false } },
      bearer(token, crossSite),
    );
    expect(rest.status).toBe(201);
    expect((await t.caller(owner.id).social.flags({ story_username: writer.username })).bookmarked).toBe(true);
    // The same request with the cookie and no token is still refused.
    const cookie = await owner.client.post('/trpc/social.like', { story_username: writer.username, on: false }, { headers: crossSite });
    expect(cookie.status).toBe(403);
  });

  it('writes the draft and publishes with write, on tRPC and /api', async () => {
    const { token } = await makeToken(writer, ['write', 'read']);
    const before = (await script.get('/trpc/drafts.get', bearer(token))).body.result.data;
    const saved = await script.post(
      '/trpc/drafts.autosave',
      { title: 'The orchard', text: '<p>A chapter from a script.</p>', base_version: 1, draft_version: before.draft_version },
      bearer(token),
    );
    expect(saved.status).toBe(200);
    const published = await script.post('/api/stories/save', { title: 'The orchard', text: storyHtml(2) }, bearer(token));
    expect(published.status).toBe(201);
  });

  it('refuses a call the token has no scope for with a 403 that names the scope', async () => {
    const { token } = await makeToken(owner, ['read']);
    const like = await script.post('/trpc/social.like', { story_username: writer.username, on: true }, bearer(token));
    expect([like.status, codeOf(like), messageOf(like)]).toEqual([403, 'FORBIDDEN', missingScopeMessage('social')]);
    const rest = await script.post('/api/users/like', { data: { story_username: writer.username, liked: false } }, bearer(token));
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ message: missingScopeMessage('social'), error: missingScopeMessage('social') });
    const publish = await script.post('/trpc/stories.publish', { title: 'x', text: '<p>x</p>' }, bearer(token));
    expect([publish.status, messageOf(publish)]).toEqual([403, missingScopeMessage('write')]);
    const social = (await makeToken(owner, ['social'])).token;
    const read = await script.get('/trpc/drafts.get', bearer(social));
    expect([read.status, messageOf(read)]).toEqual([403, missingScopeMessage('read')]);
  });

  it('never changes the account: email, password, deletion, sign-in, settings, tokens (403, sign in)', async () => {
    const { token } = await makeToken(owner, ['read', 'write', 'social']);
    const calls: [string, string, unknown][] = [
      ['POST', '/trpc/accounts.changePassword', { password: 'a new password here', current_password: owner.password }],
      ['POST', '/trpc/accounts.deleteAccount', { current_password: owner.password }],
      ['POST', '/trpc/accounts.edit', { first_name: 'X' }],
      ['POST', '/trpc/accounts.logout', {}],
      ['POST', '/trpc/emailChange.request', { email: 'new@example.org', current_password: owner.password }],
      ['POST', '/trpc/notifications.updateSettings', {}],
      ['POST', '/trpc/developerTokens.create', { name: 'another', scopes: ['read'], expiresInDays: null }],
      ['GET', '/trpc/developerTokens.list', undefined],
      ['POST', '/trpc/developerTokens.revoke', { id: 1 }],
      ['POST', '/trpc/moderation.suspend', { username: writer.username, reason: 'no' }],
      ['POST', '/api/users/password', { password: 'a new password here', current_password: owner.password }],
      ['DELETE', '/api/users/delete', {}],
      ['POST', '/api/users/edit', { first_name: 'X' }],
      ['POST', '/api/auth/logout', undefined],
      ['POST', '/api/auth/login', { email: owner.email, password: owner.password }],
    ];
    for (const [method, url, body] of calls) {
      const res = await script.send(method, url, body, bearer(token));
      expect([url, res.status, messageOf(res)]).toEqual([url, 403, TOKEN_MESSAGES.needsSignIn]);
      if (url.startsWith('/trpc/')) expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect(await t.userId(owner.username)).toBe(owner.id);
  });

  it('refuses an unknown, a malformed, a revoked and an expired token with a 401 on both transports, never as a visitor', async () => {
    const expect401 = async (header: string, message: string) => {
      const init = { headers: { authorization: header } };
      const trpc = await script.get('/trpc/explore.newCount', init);
      expect([header, trpc.status, codeOf(trpc), messageOf(trpc)]).toEqual([header, 401, 'UNAUTHORIZED', message]);
      const post = await script.post('/trpc/social.like', { story_username: writer.username, on: true }, init);
      expect([post.status, messageOf(post)]).toEqual([401, message]);
      const rest = await script.get('/api/searches/stories/count', init);
      expect([rest.status, rest.body]).toEqual([401, { message, error: message }]);
      expect(rest.headers.get('www-authenticate')).toBe('Bearer');
    };
    await expect401(`Bearer lst_${randomBytes(32).toString('base64url')}`, TOKEN_MESSAGES.unknown);
    for (const bad of ['Bearer', 'Bearer abc', 'Basic dXNlcjpwYXNz', `Bearer lst_${'a'.repeat(42)}`, `Token lst_${'a'.repeat(43)}`]) {
      await expect401(bad, TOKEN_MESSAGES.malformed);
    }
    const revoked = await makeToken(owner, ['read', 'social']);
    expect((await owner.client.post('/trpc/developerTokens.revoke', { id: revoked.summary.id })).status).toBe(200);
    await expect401(`Bearer ${revoked.token}`, TOKEN_MESSAGES.unknown);
    const short = await makeToken(owner, ['read', 'social'], 7);
    expect((await script.get('/trpc/explore.newCount', bearer(short.token))).status).toBe(200);
    clock.advance(7 * DAY);
    await expect401(`Bearer ${short.token}`, TOKEN_MESSAGES.expired);
    // Still listed, to be revoked by hand.
    const list = (await owner.client.get('/trpc/developerTokens.list')).body.result.data as { id: number }[];
    expect(list.map((s) => s.id)).toContain(short.summary.id);
  });

  it('with a cookie and a token both, the token alone counts: its person, its scopes, its refusal', async () => {
    const theirs = await makeToken(writer, ['read']);
    const both = bearer(theirs.token);
    const me = await owner.client.get('/trpc/accounts.me', both);
    expect(me.body.result.data.username).toBe(writer.username);
    const profile = await owner.client.get('/api/users/profile', both);
    expect(profile.body.data.username).toBe(writer.username);
    const like = await owner.client.post('/trpc/social.like', { story_username: writer.username, on: true }, both);
    expect([like.status, messageOf(like)]).toEqual([403, missingScopeMessage('social')]);
    const bad = await owner.client.get('/trpc/accounts.me', { headers: { authorization: 'Bearer nonsense' } });
    expect([bad.status, messageOf(bad)]).toEqual([401, TOKEN_MESSAGES.malformed]);
    // The cookie was not touched: it still signs the owner in alone.
    expect((await owner.client.get('/trpc/accounts.me')).body.result.data.username).toBe(owner.username);
  });

  it('writes its last use at most once a minute', async () => {
    const { token, summary } = await makeToken(owner, ['read']);
    const lastUsed = async () =>
      (await t.deps.db.selectFrom('developer_tokens').select('last_used_at').where('id', '=', summary.id).executeTakeFirstOrThrow())
        .last_used_at;
    const first = clock.now();
    await script.get('/trpc/explore.newCount', bearer(token));
    expect(await lastUsed()).toBe(first);
    clock.advance(30_000);
    await script.get('/trpc/explore.newCount', bearer(token));
    await script.get('/api/users/profile', bearer(token));
    expect(await lastUsed()).toBe(first);
    clock.advance(30_000);
    await script.get('/api/users/profile', bearer(token));
    expect(await lastUsed()).toBe(first + 60_000);
  });

  it('holds at most 20 tokens per person', async () => {
    const p = await signedInPerson(t, { username: 'many_tokens' });
    for (let i = 0; i < 20; i++) await makeToken(p, ['read']);
    const over = await p.client.post('/trpc/developerTokens.create', { name: 'one more', scopes: ['read'], expiresInDays: null });
    expect([over.status, messageOf(over)]).toEqual([409, TOKEN_MESSAGES.tooMany]);
  });
});

describe('the end of every token of an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const works = async (token: string) => (await t.client().get('/api/users/profile', bearer(token))).status;
  const tokensOf = async (id: number) =>
    (await t.deps.db.selectFrom('developer_tokens').select('id').where('user_id', '=', id).execute()).length;

  it('on a password change', async () => {
    const p = await signedInPerson(t);
    const { token } = await makeToken(p, ['read']);
    expect(await works(token)).toBe(200);
    const changed = await p.client.post('/trpc/accounts.changePassword', {
      password: 'a brand new password',
      current_password: p.password,
    });
    expect(changed.status).toBe(200);
    expect(await works(token)).toBe(401);
    expect(await tokensOf(p.id)).toBe(0);
  });

  it('on a password reset', async () => {
    const p = await signedInPerson(t, { email: 'token.reset@example.org' });
    const { token } = await makeToken(p, ['read']);
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: p.email });
    const [mail] = await settle(t, p.email, 1);
    const link = mail?.text?.match(/\/reset-password#token=([A-Za-z0-9_-]{43})/)?.[1];
    const reset = await t.client().post('/trpc/accounts.resetPassword', { token: link, password: 'reset to this one' });
    expect(reset.status).toBe(200);
    expect(await works(token)).toBe(401);
  });

  it('on a suspension', async () => {
    const admin = await makeAdmin(t, await signedInPerson(t));
    const p = await signedInPerson(t);
    const { token } = await makeToken(p, ['read']);
    await t.caller(admin.id).moderation.suspend({ username: p.username, reason: 'Spam from a script.' });
    expect(await works(token)).toBe(401);
    expect(await tokensOf(p.id)).toBe(0);
  });

  it('when the owner stops an email change with “This wasn’t me” (the account was taken over)', async () => {
    const p = await signedInPerson(t, { email: 'token.notme@example.org' });
    const { token } = await makeToken(p, ['read']);
    expect((await p.client.post('/trpc/emailChange.request', { email: 'token.thief@example.net' })).status).toBe(200);
    const notice = (await settle(t, p.email, 1)).find((m) => m.text?.includes('/not-me#token='));
    const link = notice?.text?.match(/\/not-me#token=([A-Za-z0-9_-]{43})/)?.[1];
    expect((await t.client().post('/trpc/emailChange.cancel', { token: link })).status).toBe(200);
    expect(await works(token)).toBe(401);
  });

  it('with the account', async () => {
    const p = await signedInPerson(t);
    const { token } = await makeToken(p, ['read']);
    const gone = await p.client.post('/trpc/accounts.deleteAccount', { current_password: p.password });
    expect(gone.status).toBe(200);
    expect(await works(token)).toBe(401);
    expect(await tokensOf(p.id)).toBe(0);
  });
});

describe('a budget per token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeLimitedApp();
  });
  afterAll(async () => t?.close());

  it('refuses a token past its budget with a 429 and Retry-After on both transports; another token of the person goes on', async () => {
    const p = await signedInPerson(t, {}); // from the app's one address: registering spends its own budget, not the token's
    const spent = await makeToken(p, ['read']);
    const other = await makeToken(p, ['read']);
    const budget = t.config.rateLimits.requestsPerToken.points;
    const script = t.client();
    for (let i = 0; i < budget; i++) {
      const res = await script.get('/api/users/profile', bearer(spent.token));
      if (res.status !== 200) throw new Error(`request ${i + 1} of ${budget}: ${res.status} ${res.text}`);
    }
    const rest = await script.get('/api/users/profile', bearer(spent.token));
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rest.body.message).toMatch(/^Too many requests with this token\./);
    const trpc = await script.get('/trpc/accounts.me', bearer(spent.token));
    expect([trpc.status, codeOf(trpc)]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await script.get('/api/users/profile', bearer(other.token))).status).toBe(200);
    // The person's own session is not held back by their script.
    expect((await p.client.get('/api/users/profile')).status).toBe(200);
  });
});
