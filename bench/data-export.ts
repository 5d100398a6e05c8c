/**
 * `npx tsx bench/data-export.ts [--comments 50000] [--likes 5000] [--revisions 300] [--files 40]`: "Download my data"
 * for one large account, measured in the server's own process. The server runs here on loopback; curl (another
 * process) downloads the zip, so this process's event loop is the server's. Reported: the zip's size and time,
 * the server's RSS above its level before the export, the event loop's delay while it runs (perf_hooks), and
 * /healthz answered during the export (is the server still responsive?), and the same delay over an idle moment as a control. Figures: docs/performance.md, "Keeping it".
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
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDeps } from '../server/src/deps';
import { revisionPieces, storeRevisionText } from '../server/src/core/drafts/revision-text';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const COMMENTS = num('comments', 50_000);
const LIKES = num('likes', 5_000);
const REVISIONS = num('revisions', 300);
const FILES = num('files', 40);
const FILE_BYTES = 1_000_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'silent' });
const deps = await createDeps(config, { log: () => undefined });
const app = createApp(deps, { trustProxy: false, publicOrigin: undefined, mediaPublicBaseUrl: undefined, legalUrl: config.legalUrl });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// ------------------------------------------------------------------------------------------------ the account
const post = (url: string, body: unknown, cookie = '') =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
const me = {
  first_name: 'Big',
  last_name: 'Account',
  username: 'big_account',
  email: 'big@example.com',
  dob: '1950-01-01',
  password: 'correct horse battery',
};
if (!(await post('/api/auth/register', me)).ok) throw new Error('register failed');
const login = await post('/api/auth/login', { email: me.email, password: me.password });
const cookie = /access_token=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
const myId = (await deps.db.selectFrom('users').select('id').where('username', '=', me.username).executeTakeFirstOrThrow()).id;

const t0 = Date.now();
const now = Date.now();
const chunks = <T>(rows: T[], n = 500) => Array.from({ length: Math.ceil(rows.length / n) }, (_, i) => rows.slice(i * n, i * n + n));
const others = Array.from({ length: LIKES }, (_, i) => ({
  username: `author_${i}`,
  email: `author_${i}@example.com`,
  password_hash: 'x',
  first_name: 'A',
  last_name: `Author ${i}`,
  dob: '1960-01-01',
  image: null,
  is_private: 0,
  created_at: now,
  updated_at: now,
}));
for (const c of chunks(others)) await deps.db.insertInto('users').values(c).execute();
const otherIds = (await deps.db.selectFrom('users').select('id').where('id', '!=', myId).execute()).map((r) => r.id);
for (const c of chunks(otherIds)) {
  await deps.db
    .insertInto('stories')
    .values(
      c.map((id) => ({
        user_id: id,
        title: 'T',
        body_html: '<p>x</p>',
        banner: null,
        page_count: 1,
        created_at: now,
        updated_at: now,
        version: 1,
      })),
    )
    .execute();
  await deps.db
    .insertInto('likes')
    .values(c.map((id) => ({ user_id: myId, story_user_id: id, created_at: now })))
    .execute();
  await deps.db
    .insertInto('saves')
    .values(c.map((id) => ({ user_id: myId, story_user_id: id, created_at: now })))
    .execute();
}
const text = 'A comment of ordinary length, written about somebody else’s story, with a few kind words. '.repeat(2);
const comments = Array.from({ length: COMMENTS }, (_, i) => ({
  story_user_id: otherIds[i % otherIds.length] as number,
  user_id: myId,
  text,
  created_at: now + i,
}));
for (const c of chunks(comments)) await deps.db.insertInto('comments').values(c).execute();
const body = `<p>${'A page of a life story, told in plain words. '.repeat(450)}</p>`; // ~20 KB
const pieces = revisionPieces(body);
await deps.db.transaction().execute(async (trx) => {
  for (let i = 0; i < REVISIONS; i++) {
    const { id } = await trx
      .insertInto('story_revisions')
      .values({ user_id: myId, version: i + 1, title: `Version ${i + 1}`, word_count: 4000, published_at: now + i, restored_from: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storeRevisionText(trx, myId, id, pieces);
  }
});
for (let i = 0; i < FILES; i++) {
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await deps.blobs.put(name, randomBytes(FILE_BYTES), 'image/jpeg');
  await deps.db
    .insertInto('uploads')
    .values({ name, user_id: myId, content_type: 'image/jpeg', bytes: FILE_BYTES, width: 1000, height: 1000, created_at: now + i })
    .execute();
}
console.log(
  `account: ${COMMENTS} comments, ${LIKES} likes and saves, ${REVISIONS} revisions of ~20 KB, ${FILES} files of 1 MB (made in ${Date.now() - t0} ms)`,
);

// ------------------------------------------------------------------------------------------------ the export
global.gc?.();
await new Promise((r) => setTimeout(r, 500));
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const health: number[] = [];
let exporting = true;
const probe = (async () => {
  while (exporting) {
    const s = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.text());
    health.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
// The control: the same measure over an idle second and a half, so that a busy shared machine's own delays show.
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((r) => setTimeout(r, 1500));
idle.disable();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const started = performance.now();
const out = path.join(dataDir, 'export.zip');
await promisify(execFile)('curl', ['-sS', '-f', '-o', out, '-H', `cookie: ${cookie}`, `${base}/account/my-data.zip`]);
const seconds = (performance.now() - started) / 1000;
loop.disable();
exporting = false;
await probe;
clearInterval(sampler);

const size = fs.statSync(out).size;
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const msOf = (ns: number) => (ns / 1e6).toFixed(1);
console.log(`zip: ${(size / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s (${(size / 1e6 / seconds).toFixed(1)} MB/s)`);
console.log(
  `server RSS: ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(rssPeak / 1e6).toFixed(0)} MB (+${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB)`,
);
console.log(
  `event-loop delay during the export: p50 ${msOf(loop.percentile(50))} ms, p99 ${msOf(loop.percentile(99))} ms, max ${msOf(loop.max)} ms (10 ms resolution)`,
);
console.log(
  `event-loop delay idle (control, same process): p50 ${msOf(idle.percentile(50))} ms, p99 ${msOf(idle.percentile(99))} ms, max ${msOf(idle.max)} ms; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
);
console.log(
  `/healthz during the export: ${health.length} answers, p50 ${q(health, 0.5).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`,
);

server.close();
await deps.close();
fs.rmSync(dataDir, { recursive: true, force: true });
