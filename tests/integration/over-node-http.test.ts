// The same app served by @hono/node-server on a loopback port: request headers are read from node's own parsed
// headers there (request-header.ts), not from the web Request the in-process tests use. Sessions, cross-site
// refusal, body limits and forwarded client addresses must behave the same over a real socket.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { type LoopbackServer, serveOnLoopback } from '../support/loopback-server';
import { makeTestApp, person, type TestApp } from '../support/test-app';

let t: TestApp;
let server: LoopbackServer;
let base: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
  const app = createApp(t.deps, {
    trustProxy: true,
    publicOrigin: undefined,
    mediaPublicBaseUrl: undefined,
    legalUrl: t.config.legalUrl,
    log: (m) => t.logs.push(m),
  });
  server = await serveOnLoopback(app);
  base = server.base;
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const overHttp = () => server.client();

describe('over a real socket', () => {
  it('signs in with the session cookie and reads who is signed in', async () => {
    const c = overHttp();
    const fields = person();
    expect((await c.post('/api/auth/register', fields)).status).toBe(201);
    expect((await c.post('/api/auth/login', { email: fields.email, password: fields.password })).status).toBe(200);
    expect(c.cookie).toMatch(/^access_token=/);
    const profile = await c.get('/api/users/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data.username).toBe(fields.username);
  });

  it('treats a forged cookie as signed out and clears it', async () => {
    const c = overHttp();
    c.cookie = 'access_token=forgedforgedforgedforge';
    const res = await c.get('/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/access_token=;.*Max-Age=0/);
  });

  it('refuses a state change from another origin, and accepts its own', async () => {
    const c = overHttp();
    expect((await c.post('/api/auth/register', person(), { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await c.post('/api/auth/register', person(), { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await c.post('/api/auth/register', person(), { headers: { origin: base } })).status).toBe(201);
  });

  it('answers 421 to a Host that is not ours (DNS rebinding), reads and writes, but /healthz to any', async () => {
    const port = Number(new URL(base).port);
    const send = (method: string, path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (d) => (body += d))
            .on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject).end(method === 'POST' ? JSON.stringify(person()) : undefined);
      });
    const evil = { host: 'evil.example:3901', origin: 'http://evil.example:3901', 'content-type': 'application/json' };
    const refused = await send('POST', '/api/auth/register', evil);
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body).message).toBe('This site does not answer to that host name. Open it at its own address.');
    expect((await send('GET', '/api/searches/new/5', evil)).status).toBe(421);
    expect((await send('GET', '/healthz', evil)).status).toBe(200);
    // Loopback names with the port the server listens on (the socket's), and no other port or *.localhost name.
    expect((await send('GET', '/api/searches/new/5', { host: `localhost:${port}` })).status).toBe(200);
    expect((await send('GET', '/api/searches/new/5', { host: `127.0.0.1:${port}` })).status).toBe(200);
    for (const host of ['localhost:8800', `localhost:${port + 1}`, `rt1.localhost:${port}`]) {
      expect((await send('GET', '/api/searches/new/5', { host })).status, host).toBe(421);
    }
  });

  it('refuses a body over the limit from its Content-Length with a 413 and a sentence', async () => {
    const res = await overHttp().post('/api/stories/page', `{"username":"${'a'.repeat(7 * 1024 * 1024)}"}`, {
      raw: true,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is larger than 6 MB.');
  });

  it('answers a path with a broken %-escape with a 400 and a sentence, and logs no stack', async () => {
    for (const path of ['/trpc/%ff', '/trpc/%', '/trpc/accounts.me%ZZ', '/api/%ff', '/api/users/profile%', '/%ff']) {
      for (const method of ['GET', 'POST']) {
        const res = await overHttp().send(method, path, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.message, `${method} ${path}`).toBe('The address is not valid: it has a broken %-escape.');
      }
    }
    expect(t.logs).toEqual([]);
  });

  it('limits sign-in attempts per forwarded client address behind a trusted proxy', async () => {
    const limited = await makeTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '0.1' } });
    const app = createApp(limited.deps, {
      trustProxy: true,
      publicOrigin: undefined,
      mediaPublicBaseUrl: undefined,
      legalUrl: limited.config.legalUrl,
    });
    const s = await serveOnLoopback(app);
    try {
      const c = s.client();
      const attempt = (email: string, from: string) =>
        c.post('/api/auth/login', { email, password: 'whatever1' }, { headers: { 'x-forwarded-for': from } });
      // 3 sign-ins per client at this scale, each with another account so that only the client limit counts.
      for (let i = 0; i < 3; i++) expect((await attempt(`x${i}@example.com`, '203.0.113.9')).status).toBe(401);
      expect((await attempt('y@example.com', '203.0.113.9')).status).toBe(429);
      expect((await attempt('y@example.com', '198.51.100.4')).status).toBe(401);
    } finally {
      await s.close();
      await limited.close();
    }
  });
});
