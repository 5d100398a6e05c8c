// DNS rebinding: requests under a host name that is not ours get 421, reads included; /healthz answers under any.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, person, type TestApp } from '../support/test-app';

const MISDIRECTED = 'This site does not answer to that host name. Open it at its own address.';

async function call(t: TestApp, method: string, url: string, headers: Record<string, string> = {}) {
  const body = method === 'POST' ? JSON.stringify(person()) : undefined;
  const res = await t.app.request(url, { method, headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json().catch(() => null)) as { message?: string; error?: string } | null };
}

/** One of this machine's non-loopback addresses, as a Host header would name it. */
function machineAddress(): string | undefined {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const a = all.find((i) => !i.internal && i.family === 'IPv4') ?? all.find((i) => !i.internal);
  if (!a) return undefined;
  return a.family === 'IPv6' ? `[${a.address.replace(/%.*$/, '')}]` : a.address;
}

describe('without PUBLIC_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { HOST: 'stories-box', ALLOWED_HOSTS: 'stories.lan.' } });
  });
  afterAll(async () => t.close());

  it('refuses another name with 421 and a sentence, writes and reads alike, its own Origin notwithstanding', async () => {
    const write = await call(t, 'POST', 'http://evil.example:3901/api/auth/register', {
      origin: 'http://evil.example:3901',
      'sec-fetch-site': 'same-origin',
    });
    expect(write.status).toBe(421);
    expect(write.body).toEqual({ message: MISDIRECTED, error: MISDIRECTED });
    for (const path of ['/api/searches/new/5', '/api/users/profile', '/trpc/explore.top?input=%7B%7D', '/', '/public/uploads/x.png']) {
      expect((await call(t, 'GET', `http://evil.example:3901${path}`)).status, path).toBe(421);
    }
    expect(await t.deps.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('answers /healthz under any name, for health checks', async () => {
    expect((await call(t, 'GET', 'http://evil.example/healthz')).status).toBe(200);
  });

  // The test app stands for a server listening on localhost:80 (HOST=stories-box here).
  it('answers loopback names, the machine’s own addresses, HOST’s name and ALLOWED_HOSTS, with no port or the one it listens on', async () => {
    const address = machineAddress();
    const hosts = [
      'localhost',
      'LOCALHOST:80',
      'localhost.:80',
      '127.0.0.1',
      '127.9.8.7:80',
      '[::1]:80',
      'stories-box:80',
      'stories.lan',
      ...(address ? [address, `${address}:80`] : []),
    ];
    for (const host of hosts) expect((await call(t, 'GET', `http://${host}/api/searches/new/5`)).status, host).toBe(200);
    expect((await call(t, 'POST', 'http://127.0.0.1/api/auth/register', { origin: 'http://127.0.0.1' })).status).toBe(201);
  });

  it('refuses them on any other port, and any *.localhost name (issue #23)', async () => {
    const address = machineAddress();
    const hosts = [
      'localhost:8800',
      '127.0.0.1:5173',
      '[::1]:3000',
      'stories-box:3000',
      'stories.lan:8080',
      'app.localhost',
      'rt1.localhost:80',
      'rt2.localhost',
      ...(address ? [`${address}:81`] : []),
    ];
    for (const host of hosts) expect((await call(t, 'GET', `http://${host}/api/searches/new/5`)).status, host).toBe(421);
  });

  it('refuses names that only look like ours', async () => {
    for (const host of [
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'evil-localhost',
      'stories.lan.evil.example',
      '10.0.0.1.nip.io',
    ]) {
      expect((await call(t, 'GET', `http://${host}/api/searches/new/5`)).status, host).toBe(421);
    }
  });
});

describe('with PUBLIC_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { PUBLIC_ORIGIN: 'https://stories.example', HOST: 'stories-box' } });
  });
  afterAll(async () => t.close());

  it('answers its host and port, and loopback on the port it listens on, and nothing else: not the machine’s addresses, not HOST', async () => {
    expect((await call(t, 'GET', 'https://stories.example/api/searches/new/5')).status).toBe(200);
    expect((await call(t, 'GET', 'http://STORIES.example:443/api/searches/new/5')).status).toBe(200);
    expect((await call(t, 'GET', 'http://127.0.0.1/api/searches/new/5')).status).toBe(200);
    const address = machineAddress();
    for (const host of [
      'evil.example',
      'stories-box',
      'www.stories.example',
      'stories.example:8443',
      'stories.example:3000',
      '127.0.0.1:3000',
      'app.localhost',
      ...(address ? [address] : []),
    ]) {
      expect((await call(t, 'GET', `http://${host}/api/searches/new/5`)).status, host).toBe(421);
    }
  });

  it('ignores X-Forwarded-Host, even behind a trusted proxy', async () => {
    const trusted = await makeTestApp({ env: { PUBLIC_ORIGIN: 'https://stories.example', TRUST_PROXY: 'true' } });
    try {
      expect((await call(trusted, 'GET', 'http://evil.example/api/searches/new/5', { 'x-forwarded-host': 'stories.example' })).status).toBe(
        421,
      );
      expect(
        (await call(trusted, 'GET', 'https://stories.example/api/searches/new/5', { 'x-forwarded-host': 'evil.example' })).status,
      ).toBe(200);
    } finally {
      await trusted.close();
    }
  });
});
