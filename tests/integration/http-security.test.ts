// Cross-site refusal, security headers, cookies, rate limits, JSON 404s and Express-style paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, person, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

describe('cross-site requests', () => {
  it('refuses state changes from a foreign Origin with 403', async () => {
    const c = t.client();
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const res = await c.post('/api/auth/register', person(), { headers });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This request came from another site and was refused.');
      const trpc = await c.post('/trpc/accounts.logout', {}, { headers });
      expect(trpc.status).toBe(403);
    }
  });

  it('accepts our own origin and requests without one', async () => {
    expect((await t.client().post('/api/auth/register', person(), { headers: { origin: 'http://localhost' } })).status).toBe(201);
    expect((await t.client().post('/api/auth/register', person())).status).toBe(201);
  });

  it('lets reads from anywhere through', async () => {
    const res = await t.client().get('/api/searches/new/5', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(200);
  });
});

describe('headers', () => {
  it('gives JSON answers the short API set: a CSP that allows nothing, nosniff, no framing, same-origin reads', async () => {
    for (const res of [
      await t.client().get('/api/searches/top/5'),
      await t.client().post('/api/stories/page', { username: 'nobody', page_number: 1 }),
      await t.client().get('/trpc/explore.top?input=%7B%7D'),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives everything else the full set, with the client’s CSP', async () => {
    const res = await t.client().get('/healthz');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, Path=/, expiring, and not Secure over plain http', async () => {
    const fields = person();
    const c = t.client();
    await c.post('/api/auth/register', fields);
    const res = await c.post('/api/auth/login', { email: fields.email, password: fields.password });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^access_token=[A-Za-z0-9_-]{22};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toContain('Secure');
  });

  it('is Secure over https', async () => {
    const fields = person();
    await t.client().post('/api/auth/register', fields);
    const res = await t.app.request('https://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fields.email, password: fields.password }),
    });
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });

  it('a forged or ended token is treated as signed out and cleared', async () => {
    const c = t.client();
    c.cookie = 'access_token=forgedforgedforgedforge';
    const res = await c.get('/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/access_token=;.*Max-Age=0/);
  });
});

describe('paths', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.client().get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/no such API endpoint/);
    expect(res.body.error).toBe(res.body.message);
    expect((await t.client().get('/api/auth/register')).status).toBe(404); // wrong method
  });

  it('answers paths with broken %-escapes with a 400 and a sentence, and logs nothing', async () => {
    const logged = t.logs.length;
    for (const path of [
      '/trpc/%ff',
      '/trpc/%',
      '/trpc/accounts.me%ZZ',
      '/trpc/explore.top%E0%A4%A?input=%7B%7D',
      '/api/%ff',
      '/API/users/profile%',
      '/media/%ff',
      '/%ff',
      '/story/%E0%A4%A',
    ]) {
      for (const method of ['GET', 'POST']) {
        const res = await t.client().send(method, path, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.message, `${method} ${path}`).toBe('The address is not valid: it has a broken %-escape.');
        expect(res.body.error).toBe(res.body.message);
      }
    }
    const page = await t.client().get('/story/%ff/page/2', { headers: { accept: 'text/html,*/*' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('The address is not valid');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(t.logs.length).toBe(logged);
    // Well-formed escapes still reach their routes.
    expect((await t.client().get('/api/searches/new/%35')).status).toBe(200);
    expect((await t.client().get('/trpc/explore.top?input=%7B%7D')).status).toBe(200);
  });

  it('matches /api paths case-insensitively and with a trailing slash', async () => {
    expect((await t.client().post('/API/Auth/Register/', person())).status).toBe(201);
    expect((await t.client().get('/api/searches/TOP/5/')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limit sign-in attempts per client with a clear 429 and Retry-After', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: 'true' } }); // 3 sign-ins per client
    try {
      const c = limited.client();
      const from = { headers: { 'x-forwarded-for': '203.0.113.7' } };
      for (let i = 0; i < 3; i++)
        expect((await c.post('/api/auth/login', { email: `x${i}@example.com`, password: 'whatever1' }, from)).status).toBe(401);
      const res = await c.post('/api/auth/login', { email: 'y@example.com', password: 'whatever1' }, from);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ (seconds|minutes)\.$/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client is not affected.
      expect(
        (
          await c.post(
            '/api/auth/login',
            { email: 'y@example.com', password: 'whatever1' },
            { headers: { 'x-forwarded-for': '198.51.100.1' } },
          )
        ).status,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });

  // Failures count per account and client (ADR 0009), so one client's failures cannot lock others out.
  it('limit failed sign-ins per account and client, not for other clients', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: 'true' } }); // 1 failure per account and client
    try {
      const c = limited.client();
      expect(
        (
          await c.post(
            '/api/auth/login',
            { email: 'Target@example.com', password: 'whatever1' },
            { headers: { 'x-forwarded-for': '10.0.0.1' } },
          )
        ).status,
      ).toBe(401);
      const res = await c.post(
        '/api/auth/login',
        { email: 'target@example.com', password: 'whatever1' },
        { headers: { 'x-forwarded-for': '10.0.0.1' } },
      );
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/for this account/);
      expect(
        (
          await c.post(
            '/api/auth/login',
            { email: 'target@example.com', password: 'whatever1' },
            { headers: { 'x-forwarded-for': '10.0.0.2' } },
          )
        ).status,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('limit registrations and comments, but never the story screen’s reads', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } }); // 1 registration, 2 comments a minute
    try {
      expect((await limited.client().post('/api/auth/register', person())).status).toBe(201);
      const second = await limited.client().post('/api/auth/register', person());
      expect(second.status).toBe(429);
      expect(second.body.message).toMatch(/Too many new accounts/);

      const [author] = await limited.deps.db.selectFrom('users').select(['id', 'username']).execute();
      const caller = limited.caller(author!.id);
      await caller.stories.publish({ title: 'Polled', text: storyHtml(1) });
      await caller.social.comment({ story_username: author!.username, text: 'one' });
      await caller.social.comment({ story_username: author!.username, text: 'two' });
      await expect(caller.social.comment({ story_username: author!.username, text: 'three' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });

      const reader = limited.client();
      for (let i = 0; i < 150; i++) {
        const res = await reader.post('/api/stories/story', { username: author!.username });
        expect(res.status).toBe(200);
      }
      expect((await reader.post('/api/comments/get', { story_username: author!.username, page: 1, limit: 50 })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('ended sessions', () => {
  it('logout ends the session on the server, not only in the browser', async () => {
    const me = await signedInPerson(t);
    const stolen = me.client.cookie;
    expect((await me.client.post('/api/auth/logout')).status).toBe(200);
    const thief = t.client();
    thief.cookie = stolen;
    expect((await thief.get('/api/users/profile')).status).toBe(401);
  });
});

describe('behind a TLS-terminating proxy', () => {
  it('accepts the https origin of the site when the proxy says the request came over https', async () => {
    const proxied = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await proxied
        .client()
        .post('/api/auth/register', person(), { headers: { origin: 'https://localhost', 'x-forwarded-proto': 'https' } });
      expect(res.status).toBe(201);
      const foreign = await proxied
        .client()
        .post('/api/auth/register', person(), { headers: { origin: 'https://evil.example', 'x-forwarded-proto': 'https' } });
      expect(foreign.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('the client', () => {
  it('serves the built assets, falls back to the app shell for client routes, and 404s missing bundles', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createApp } = await import('../../server/src/app');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-client-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js.map'), '{"version":3}');
    const app = createApp(t.deps, {
      trustProxy: false,
      publicOrigin: undefined,
      mediaPublicBaseUrl: undefined,
      legalUrl: 'https://example.org/legal',
      clientDir: dir,
    });
    try {
      const shell = await app.request('http://localhost/story/someone/page/2');
      expect(shell.status).toBe(200);
      expect(await shell.text()).toContain('<title>shell</title>');
      const asset = await app.request('http://localhost/assets/app-abc.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      // A script of the build is never a document: nosniff, same-origin reads and the referrer policy, not the
      // document-only headers (security-headers.ts; issue #32's page weight).
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(asset.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(asset.headers.get(header), header).toBeNull();
      // The app shell is a document: it gets the client's CSP, not the API's.
      expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect((await app.request('http://localhost/assets/missing.js')).status).toBe(404);
      // A debugging build's source map is never served, not even as the app shell.
      const map = await app.request('http://localhost/assets/app-abc.js.map');
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('version');
      expect((await app.request('http://localhost/api/nope')).status).toBe(404);
      // /legal is a server redirect, so a plain link or a reload both leave the site at once.
      const legal = await app.request('http://localhost/legal');
      expect(legal.status).toBe(302);
      expect(legal.headers.get('location')).toBe('https://example.org/legal');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
