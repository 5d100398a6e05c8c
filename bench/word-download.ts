/**
 * `npx tsx bench/word-download.ts [--pages 200] [--photos 50]`: "Download as Word (.docx)" for a long story with many
 * photos, measured in the server's own process. The server runs here on loopback; curl (another process) downloads
 * the document, so this process's event loop is the server's. Reported: the .docx's size and time, the server's RSS
 * above its level before, the event loop's delay while it is made (perf_hooks) against an idle control, and /healthz
 * answered meanwhile. Figures: docs/performance.md, "Word out" (docs/decisions/0034-word-and-readable-copies.md).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDeps } from '../server/src/deps';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const PAGES = num('pages', 200);
const PHOTOS = num('photos', 50);
/** About a printed page: 300 words. */
const WORDS_PER_PAGE = 300;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-docx-'));
const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'silent' });
const deps = await createDeps(config, { log: () => undefined });
const app = createApp(deps, { trustProxy: false, publicOrigin: undefined, mediaPublicBaseUrl: undefined, legalUrl: config.legalUrl });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const post = (url: string, body: unknown, cookie = '') =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
const me = {
  first_name: 'Long',
  last_name: 'Story',
  username: 'long_story',
  email: 'long@example.com',
  dob: '1940-01-01',
  password: 'correct horse battery',
};
if (!(await post('/api/auth/register', me)).ok) throw new Error('register failed');
const login = await post('/api/auth/login', { email: me.email, password: me.password });
const cookie = /access_token=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
const myId = (await deps.db.selectFrom('users').select('id').where('username', '=', me.username).executeTakeFirstOrThrow()).id;

// ------------------------------------------------------------------------------------------------ the story
const t0 = Date.now();
const now = Date.now();
const photos: string[] = [];
for (let i = 0; i < PHOTOS; i++) {
  // Noise, so that the JPEG is photo-sized (~1 MB at 1600 x 1200), not a few KB of flat colour.
  const jpeg = await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } })
    .resize(1600, 1200)
    .jpeg({ quality: 85 })
    .toBuffer();
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await deps.blobs.put(name, jpeg, 'image/jpeg');
  await deps.db
    .insertInto('uploads')
    .values({ name, user_id: myId, content_type: 'image/jpeg', bytes: jpeg.length, width: 1600, height: 1200, created_at: now + i })
    .execute();
  photos.push(name);
}
const parts: string[] = [];
const chapters = Math.max(1, Math.round(PAGES / 10));
for (let page = 0; page < PAGES; page++) {
  if (page % 10 === 0) parts.push(`<h2>Chapter ${page / 10 + 1}</h2>`);
  if (page % 10 === 5) parts.push(`<h3>Part ${page}</h3>`);
  for (let p = 0; p < 3; p++) {
    const words = Array.from({ length: WORDS_PER_PAGE / 3 }, (_, w) => (w % 17 === 0 ? `<em>word${w}</em>` : `word${w}`)).join(' ');
    parts.push(`<p>${words}.</p>`);
  }
  const photo = photos[Math.floor((page * PHOTOS) / PAGES)];
  if (photo && (page * PHOTOS) % PAGES < PHOTOS) {
    parts.push(
      `<figure><img src="/media/${photo}" alt="Photo ${page}" width="1600" height="1200"><figcaption>Photo on page ${page}</figcaption></figure>`,
    );
  }
}
const body = parts.join('');
await deps.db
  .insertInto('stories')
  .values({
    user_id: myId,
    title: 'A long life',
    body_html: body,
    banner: null,
    page_count: PAGES,
    created_at: now,
    updated_at: now,
    version: 1,
  })
  .execute();
const shown = new Set(body.match(/[a-f0-9]{32}\.jpg/g)).size;
console.log(
  `story: ${PAGES} pages (~${PAGES * WORDS_PER_PAGE} words, ${(body.length / 1e6).toFixed(1)} MB of HTML), ${chapters} chapters, ${shown} photos of ~${(
    (await deps.blobs.get(photos[0] ?? ''))!.body.length / 1e6
  ).toFixed(1)} MB (made in ${Date.now() - t0} ms)`,
);

// ------------------------------------------------------------------------------------------------ the download
global.gc?.();
await new Promise((r) => setTimeout(r, 500));
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const health: number[] = [];
let working = true;
let resets = 0;
const probe = (async () => {
  while (working) {
    const s = performance.now();
    // A connection the server closed while busy is retried by the next probe, and counted.
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.text().then(() => true),
      () => false,
    );
    if (ok) health.push(performance.now() - s);
    else resets++;
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((r) => setTimeout(r, 1500));
idle.disable();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const started = performance.now();
const out = path.join(dataDir, 'story.docx');
await promisify(execFile)('curl', ['-sS', '-f', '-o', out, '-H', `cookie: ${cookie}`, `${base}/story/${me.username}/book.docx`]);
const seconds = (performance.now() - started) / 1000;
loop.disable();
working = false;
await probe;
clearInterval(sampler);

const size = fs.statSync(out).size;
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const msOf = (ns: number) => (ns / 1e6).toFixed(1);
console.log(`docx: ${(size / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s`);
console.log(
  `server RSS: ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(rssPeak / 1e6).toFixed(0)} MB (+${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB)`,
);
console.log(
  `event-loop delay while it is made: p50 ${msOf(loop.percentile(50))} ms, p99 ${msOf(loop.percentile(99))} ms, max ${msOf(loop.max)} ms (10 ms resolution)`,
);
console.log(
  `event-loop delay idle (control): p50 ${msOf(idle.percentile(50))} ms, p99 ${msOf(idle.percentile(99))} ms, max ${msOf(idle.max)} ms; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
);
console.log(
  `/healthz meanwhile: ${health.length} answers (${resets} connections reset), p50 ${q(health, 0.5).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`,
);

server.close();
await deps.close();
fs.rmSync(dataDir, { recursive: true, force: true });
