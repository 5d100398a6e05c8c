// The site's icons and web app manifest (client/public): named in every page's head, served with their types and a
// day's cache, each manifest icon the size it claims, and /favicon.ico pointing at the icon the pages name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { makeTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await makeTestApp();
  // The build copies client/public as it is next to index.html.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-icons-'));
  fs.cpSync(path.resolve('client/public'), clientDir, { recursive: true });
  fs.copyFileSync(path.resolve('client/index.html'), path.join(clientDir, 'index.html'));
  app = createApp(t.deps, {
    trustProxy: false,
    publicOrigin: undefined,
    mediaPublicBaseUrl: undefined,
    legalUrl: t.config.legalUrl,
    clientDir,
    log: (m) => t.logs.push(m),
  });
});
afterAll(() => t.close());

const get = (url: string) => app.request(`http://localhost${url}`);

describe('site icons', () => {
  it('every page names the icon, the home-screen icon, the manifest and theme colours for light and dark', async () => {
    const html = await (await get('/some/client/route')).text();
    const headHtml = html.slice(0, html.indexOf('</head>'));
    expect(headHtml).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(headHtml).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(headHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(
      headHtml.match(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: (light|dark)\)" \/>/g),
    ).toHaveLength(2);
  });

  it('serves them with their types and a day of caching; each manifest icon is the size it says', async () => {
    const svg = await get('/favicon.svg');
    expect([svg.status, svg.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(svg.headers.get('cache-control')).toBe('public, max-age=86400');
    const touch = await get('/icons/apple-touch-icon.png');
    expect((await sharp(Buffer.from(await touch.arrayBuffer())).metadata()).width).toBe(180);

    const manifestRes = await get('/manifest.webmanifest');
    expect(manifestRes.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await manifestRes.json()) as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Life Story', start_url: '/' });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      expect([icon.src, res.status, res.headers.get('content-type')]).toEqual([icon.src, 200, icon.type]);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });

  it('answers /favicon.ico with a permanent redirect to the icon instead of a 404', async () => {
    const res = await get('/favicon.ico');
    expect([res.status, res.headers.get('location')]).toEqual([301, '/favicon.svg']);
  });
});
