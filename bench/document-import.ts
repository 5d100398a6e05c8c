/**
 * `npx tsx bench/document-import.ts [--chapters 40] [--paragraphs 80] [--photos 50]` (`npm run bench:document-import`):
 * "Import a document" (issue #27) of a long Word document with photos, measured in the server's own process, as
 * bench/data-export.ts does. The document is made with the `docx` library (tests/support/document-fixtures.ts:
 * ~200 pages of ~400 words by default, 50 photos of 1600 x 1200); curl (another process) uploads it, so this
 * process's event loop is the server's. Reported: the time to the preview, the server's RSS above its level before
 * (worker threads included: they are in the process), the event loop's delay while it runs (perf_hooks) against an
 * idle control, and /healthz answered meanwhile. Nothing is asserted. Figures: docs/performance.md, "Import a document".
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDeps } from '../server/src/deps';
import { richDocx } from '../tests/support/document-fixtures';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const CHAPTERS = num('chapters', 40);
const PARAGRAPHS = num('paragraphs', 80);
const PHOTOS = num('photos', 50);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'silent' });
const deps = await createDeps(config, { log: () => undefined });
const app = createApp(deps, { trustProxy: false, publicOrigin: undefined, mediaPublicBaseUrl: undefined, legalUrl: config.legalUrl });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const post = (url: string, body: unknown) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
const me = {
  first_name: 'Long',
  last_name: 'Memoir',
  username: 'long_memoir',
  email: 'long@example.com',
  dob: '1945-01-01',
  password: 'correct horse battery',
};
if (!(await post('/api/auth/register', me)).ok) throw new Error('register failed');
const login = await post('/api/auth/login', { email: me.email, password: me.password });
const cookie = /access_token=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';

const t0 = Date.now();
const docx = await richDocx({
  // Each a different size: the docx library stores identical pictures once.
  photos: Array.from({ length: PHOTOS }, (_, i) => ({ alt: i % 2 ? `The garden in the summer of ${1950 + i}` : '', width: 1600 + i, height: 1200 })),
  extraChapters: CHAPTERS,
  paragraphsPerChapter: PARAGRAPHS,
});
const file = path.join(dataDir, 'memoir.docx');
fs.writeFileSync(file, docx);
console.log(
  `document: ${CHAPTERS + 1} chapters of ${PARAGRAPHS} paragraphs, ${PHOTOS} photos of 1600 x 1200, ${(docx.length / 1e6).toFixed(1)} MB (made in ${Date.now() - t0} ms)`,
);

global.gc?.();
await new Promise((r) => setTimeout(r, 500));
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const health: number[] = [];
let importing = true;
const probe = (async () => {
  while (importing) {
    const s = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.text());
    health.push(performance.now() - s);
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
const out = path.join(dataDir, 'preview.json');
await promisify(execFile)(
  'curl',
  ['-sS', '-f', '-o', out, '-H', `cookie: ${cookie}`, '-H', `origin: ${base}`, '-F', `file=@${file}`, `${base}/uploads/document`],
  { maxBuffer: 1 << 20 },
);
const seconds = (performance.now() - started) / 1000;
loop.disable();
importing = false;
await probe;
clearInterval(sampler);

const preview = JSON.parse(fs.readFileSync(out, 'utf8')) as { word_count: number; photos: number; html: string; report: string[] };
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const msOf = (ns: number) => (ns / 1e6).toFixed(1);
console.log(
  `preview: ${preview.word_count} words (~${Math.round(preview.word_count / 400)} pages of 400 words), ${preview.photos} photos, ${(preview.html.length / 1e6).toFixed(2)} MB of HTML, in ${seconds.toFixed(2)} s`,
);
console.log(`report: ${preview.report.join(' / ')}`);
console.log(
  `server RSS: ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(rssPeak / 1e6).toFixed(0)} MB (+${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB)`,
);
console.log(
  `event-loop delay during the import: p50 ${msOf(loop.percentile(50))} ms, p99 ${msOf(loop.percentile(99))} ms, max ${msOf(loop.max)} ms (10 ms resolution)`,
);
console.log(
  `event-loop delay idle (control, same process): p50 ${msOf(idle.percentile(50))} ms, p99 ${msOf(idle.percentile(99))} ms, max ${msOf(idle.max)} ms; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
);
console.log(
  `/healthz during the import: ${health.length} answers, p50 ${q(health, 0.5).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`,
);

server.close();
await deps.close();
fs.rmSync(dataDir, { recursive: true, force: true });
