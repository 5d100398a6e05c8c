// The original client's setup, for real: a Vite dev server on its own port proxies `/api` to us with the string
// form (`'/api': 'http://…'`, which Vite turns into changeOrigin: true), so we see our own Host but the page's
// Origin, with `Sec-Fetch-Site: same-origin` from Chromium. Its writes must pass (Fetch Metadata, ADR 0004), and
// its images, on its own origin at /public/uploads/<name>, come from its public/uploads folder (UPLOADS_DIR).
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { launchBrowser, person, startServer, type E2eServer } from './support/e2e';

// Calls as the original client makes them (axios: JSON bodies, relative /api paths, the config-as-body quirk).
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>original client stand-in</title></head><body>
<script>
  window.call = async (method, url, body) => {
    const res = await fetch(url, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  window.uploadPng = async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 8, height: 6 });
    canvas.getContext('2d').fillRect(0, 0, 8, 6);
    const form = new FormData();
    form.append('file', await new Promise((resolve) => canvas.toBlob(resolve, 'image/png')), 'me.png');
    const res = await fetch('/api/upload', { method: 'POST', body: form });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
</script></body></html>`;

let server: E2eServer;
let vite: ViteDevServer;
let browser: Browser;
let clientRoot: string;
let viteUrl: string;
/** A second dev server with this repo's own proxy list (vite.config.ts), each entry sent to the test server. */
let repoVite: ViteDevServer;
let repoViteUrl: string;
/** Headers of the /api writes as the browser sent them to the dev server (its proxy passes them on, Host aside). */
const writes: Record<string, string | string[] | undefined>[] = [];

/** A free loopback port: Vite reads port 0 as "the default", 5173, which another run may hold. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

beforeAll(async () => {
  clientRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-original-client-'));
  fs.mkdirSync(path.join(clientRoot, 'public', 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(clientRoot, 'index.html'), PAGE);
  server = await startServer({ UPLOADS_DIR: path.join(clientRoot, 'public', 'uploads') });
  vite = await createServer({
    configFile: false,
    root: clientRoot,
    cacheDir: path.join(clientRoot, '.vite'),
    logLevel: 'silent',
    clearScreen: false,
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: await freePort(), strictPort: true, proxy: { '/api': server.baseUrl } },
    plugins: [
      {
        name: 'record-api-writes',
        // Runs before Vite's own middlewares, the proxy among them.
        configureServer(dev) {
          dev.middlewares.use((req, _res, next) => {
            if (req.url?.startsWith('/api/') && req.method !== 'GET') writes.push({ ...req.headers });
            next();
          });
        },
      },
    ],
  });
  await vite.listen();
  viteUrl = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
  const repoProxy = Object.fromEntries(Object.keys(viteConfig.server?.proxy ?? {}).map((key) => [key, server.baseUrl]));
  repoVite = await createServer({
    configFile: false,
    root: clientRoot,
    cacheDir: path.join(clientRoot, '.vite-repo'),
    logLevel: 'silent',
    clearScreen: false,
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: await freePort(), strictPort: true, proxy: repoProxy },
  });
  await repoVite.listen();
  repoViteUrl = `http://127.0.0.1:${(repoVite.httpServer!.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await repoVite?.close();
  await server?.close();
  if (clientRoot) fs.rmSync(clientRoot, { recursive: true, force: true });
});

/** A page of the stand-in client on a dev server, signed in as a new person through its proxy; `call` is its fetch. */
async function signedInOn(url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const me = person();
  const call = (method: string, u: string, body?: unknown) =>
    page.evaluate(
      ([m, a, b]) => (window as unknown as { call: (m: string, u: string, b: unknown) => Promise<{ status: number }> }).call(m, a, b),
      [method, u, body] as const,
    );
  expect((await call('POST', '/api/auth/register', me)).status).toBe(201);
  expect((await call('POST', '/api/auth/login', { email: me.email, password: me.password })).status).toBe(200);
  return { context, page, call, me };
}

describe('the original client behind its Vite dev proxy', () => {
  it('signs up, signs in, writes, likes, comments and deletes through the proxy', async () => {
    expect(viteUrl).not.toBe(server.baseUrl);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(viteUrl);
      const call = (method: string, url: string, body?: unknown) =>
        page.evaluate(
          ([m, u, b]) =>
            (
              window as unknown as {
                call: (
                  m: string,
                  u: string,
                  b: unknown,
                ) => Promise<{ status: number; body: { data?: Array<{ comment_id: number }> | null; message?: string } }>;
              }
            ).call(m, u, b),
          [method, url, body] as const,
        );

      const me = person();
      expect((await call('POST', '/api/auth/register', me)).status).toBe(201);
      expect((await call('POST', '/api/auth/login', { email: me.email, password: me.password })).status).toBe(200);
      expect((await call('POST', '/api/stories/save', { title: 'Through the proxy', text: '<p>Written behind Vite.</p>' })).status).toBe(
        201,
      );
      const wrapped = (data: unknown) => ({ data, withCredentials: true });
      expect((await call('POST', '/api/users/like', wrapped({ liked: false, story_username: me.username }))).status).toBe(201);
      expect(
        (await call('POST', '/api/comments/create', wrapped({ story_username: me.username, text: 'A comment through the proxy.' }))).status,
      ).toBe(201);
      const comments = await call('POST', '/api/comments/get', { story_username: me.username });
      expect(comments.body.data).toHaveLength(1);
      expect((await call('DELETE', '/api/comments/delete', { comment_id: comments.body.data?.[0]?.comment_id })).status).toBe(200);
      expect((await call('DELETE', '/api/stories/delete', { story_username: me.username })).status).toBe(200);
      expect((await call('POST', '/api/stories/story', { username: me.username })).body.data).toBeNull();

      // What made these pass: the browser said same-origin, while Origin names the dev server, not us.
      expect(writes.length).toBeGreaterThanOrEqual(7);
      for (const h of writes) expect([h['sec-fetch-site'], h.origin]).toEqual(['same-origin', viteUrl]);
    } finally {
      await context.close();
    }
  });

  it('reaches nothing beyond loopback (launchBrowser): another address fails at the closed proxy, before the network', async () => {
    const { context, page } = await signedInOn(viteUrl);
    try {
      const failures = new Map<string, string | undefined>();
      page.on('requestfailed', (request) => failures.set(request.url(), request.failure()?.errorText));
      const outcome = (url: string) =>
        page.evaluate(
          (u) =>
            fetch(u, { mode: 'no-cors' }).then(
              () => 'answered',
              (err: Error) => err.name,
            ),
          url,
        );
      // A name, an address and HTTPS would each need the network (here there is none, so only the proxy's own error
      // shows the proxy refused them); the page's own origin still answers.
      for (const url of ['http://example.org/', 'http://192.0.2.1/', 'https://example.org/']) {
        expect(await outcome(url)).toBe('TypeError');
        expect(failures.get(url)).toBe('net::ERR_PROXY_CONNECTION_FAILED');
      }
      expect(await outcome('/')).toBe('answered');
    } finally {
      await context.close();
    }
  });

  it('shows an uploaded image at /public/uploads/<name> on the dev server’s own origin (UPLOADS_DIR)', async () => {
    const { context, page } = await signedInOn(viteUrl);
    try {
      const uploaded = await page.evaluate(() =>
        (window as unknown as { uploadPng: () => Promise<{ status: number; body: { data: string } }> }).uploadPng(),
      );
      expect(uploaded.status).toBe(201);
      const name = uploaded.body.data;
      expect(fs.existsSync(path.join(clientRoot, 'public', 'uploads', name))).toBe(true);
      // Vite picks new public files up through its watcher: ask until the image (not the SPA fallback) comes back.
      await expect
        .poll(
          () =>
            page.evaluate(async (src) => {
              const img = new Image();
              img.src = `${src}?t=${Date.now()}`;
              return img.decode().then(
                () => `${img.naturalWidth}x${img.naturalHeight}`,
                () => 'not an image',
              );
            }, `/public/uploads/${name}`),
          { timeout: 10_000, interval: 200 },
        )
        .toBe('8x6');
    } finally {
      await context.close();
    }
  });

  it('with this repo’s vite.config.ts, brings a document in, and downloads the data and the Word book, through the proxy', async () => {
    const { context, page, call, me } = await signedInOn(repoViteUrl);
    try {
      expect((await call('POST', '/api/stories/save', { title: 'Behind Vite', text: '<h2>One</h2><p>Words.</p>' })).status).toBe(201);
      const imported = await page.evaluate(async () => {
        const form = new FormData();
        form.append('file', new Blob(['## Through the proxy\n\nBrought in.\n'], { type: 'text/markdown' }), 'notes.md');
        const res = await fetch('/uploads/document', { method: 'POST', body: form });
        return { status: res.status, body: (await res.json().catch(() => null)) as { html?: string } | null };
      });
      expect(imported.status).toBe(200);
      expect(imported.body?.html).toContain('<h2>Through the proxy</h2>');
      // Downloads come from the server, not Vite's index.html fallback.
      const typeOf = (url: string) =>
        page.evaluate(async (u) => {
          const res = await fetch(u);
          return `${res.status} ${res.headers.get('content-type')}`;
        }, url);
      expect(await typeOf('/account/my-data.zip')).toBe('200 application/zip');
      expect(await typeOf(`/story/${me.username}/book.docx`)).toBe(
        '200 application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      // A screen of the client under /story/ is still Vite's.
      expect(await typeOf('/story/write')).toMatch(/^200 text\/html/);
    } finally {
      await context.close();
    }
  });
});
