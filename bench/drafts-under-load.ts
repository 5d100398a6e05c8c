/**
 * `npx tsx bench/drafts-under-load.ts [--publishes 15] [--storm-seconds 30]`: issue #23 §7, measured in the server's
 * own process (served on loopback; curl, in other processes, is the client, so this event loop is the server's).
 * 1. Storage: one person publishes a ~4.9 MB story `--publishes` times, a sentence changed each time: the revision
 *    text stored and the database file's size afterwards.
 * 2. The data export of that account: the event loop's delay (perf_hooks, 10 ms resolution) and /healthz meanwhile.
 * 3. An autosave storm: 4 curl loops each sending 5 MB drafts.autosave bodies for `--storm-seconds`, with the default
 *    budgets (120 saves a minute per account): /healthz answer times meanwhile, and how the saves were answered.
 * Figures: docs/performance.md, "Issue #23 §7".
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDeps } from '../server/src/deps';
import { WorkerPoolFormatter } from '../server/src/adapters/story-format/worker-pool-formatter';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const PUBLISHES = num('publishes', 15);
const STORM_SECONDS = num('storm-seconds', 30);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-drafts-'));
// Default budgets (the storm meets the autosave budget), but publishing is what part 1 measures: no limit there.
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
(config.rateLimits as Record<string, { points: number }>).storyPublishPerAccount = {
  ...((config.rateLimits as Record<string, { points: number; durationSec: number }>).storyPublishPerAccount ?? { durationSec: 3600 }),
  points: Number.MAX_SAFE_INTEGER,
};
// A minute of budget: on a loaded machine the wall-clock budget before issue #23 refused these publishes (422).
const deps = await createDeps(config, { log: () => undefined, formatter: new WorkerPoolFormatter({ budgetMs: 60_000 }) });
const app = createApp(deps, { trustProxy: false, publicOrigin: undefined, mediaPublicBaseUrl: undefined, legalUrl: config.legalUrl });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const run = promisify(execFile);

const post = (url: string, body: unknown, cookie = '') =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
async function signUp(username: string): Promise<string> {
  const me = {
    first_name: 'Big',
    last_name: 'Story',
    username,
    email: `${username}@example.com`,
    dob: '1950-01-01',
    password: 'correct horse battery',
  };
  if (!(await post('/api/auth/register', me)).ok) throw new Error('register failed');
  const login = await post('/api/auth/login', { email: me.email, password: me.password });
  return /access_token=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
}
/** curl POSTs a JSON file (another process sends the body), answering the status. */
async function curlPost(url: string, file: string, cookie: string): Promise<string> {
  const { stdout } = await run(
    'curl',
    [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-X',
      'POST',
      '-H',
      'content-type: application/json',
      '-H',
      `origin: ${base}`,
      '-H',
      `cookie: ${cookie}`,
      '--data-binary',
      `@${file}`,
      base + url,
    ],
    { maxBuffer: 1 << 20 },
  );
  return stdout.trim();
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const msOf = (ns: number) => (ns / 1e6).toFixed(1);
const MB = (n: number) => (n / 1e6).toFixed(1);
function probeHealth(): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const s = performance.now();
      // A refused connection counts as an answer that never came: the longest wait of all.
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.text().then(() => true),
        () => false,
      );
      times.push(ok ? performance.now() - s : Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
      return times;
    },
  };
}

// ------------------------------------------------------------------------------------------------ 1. storage
const author = await signUp('big_story');
const paragraph = (i: number) =>
  `<p>Chapter ${i}. The summer we moved to the coast, my father built a boat; it had no name, and we sailed it every evening until the autumn storms.</p>`;
const paragraphs = Array.from({ length: 31_000 }, (_, i) => paragraph(i));
const storyFile = path.join(dataDir, 'story.json');
let t0 = performance.now();
for (let n = 0; n < PUBLISHES; n++) {
  const text = paragraphs.map((p, i) => (i === n * 1000 ? p.replace('no name', `a name at last (take ${n})`) : p)).join('');
  fs.writeFileSync(storyFile, JSON.stringify({ title: `Take ${n}`, text }));
  const status = await curlPost('/trpc/stories.publish', storyFile, author);
  if (status !== '200') throw new Error(`publish ${n}: ${status}`);
}
const publishSeconds = (performance.now() - t0) / 1000;
const storyBytes = JSON.parse(fs.readFileSync(storyFile, 'utf8')).text.length;
let revisionText: number;
try {
  revisionText = Number((await sql<{ n: number }>`SELECT sum(length(html)) AS n FROM story_revision_chunks`.execute(deps.db)).rows[0]?.n);
} catch {
  revisionText = Number((await sql<{ n: number }>`SELECT sum(length(body_html)) AS n FROM story_revisions`.execute(deps.db)).rows[0]?.n); // before migration 014
}
await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(deps.db);
const fileBytes = fs.statSync(config.dbFile).size;
console.log(`story: ${MB(storyBytes)} MB, published ${PUBLISHES} times in ${publishSeconds.toFixed(1)} s`);
console.log(`revision text stored: ${MB(revisionText)} MB; database file: ${MB(fileBytes)} MB`);

// ------------------------------------------------------------------------------------------------ 2. export
global.gc?.();
const loop = monitorEventLoopDelay({ resolution: 10 });
const health = probeHealth();
loop.enable();
t0 = performance.now();
const zip = path.join(dataDir, 'export.zip');
await run('curl', ['-sS', '-f', '-o', zip, '-H', `cookie: ${author}`, `${base}/account/my-data.zip`]);
const exportSeconds = (performance.now() - t0) / 1000;
loop.disable();
const exportHealth = await health.stop();
console.log(`export: ${MB(fs.statSync(zip).size)} MB zip in ${exportSeconds.toFixed(2)} s`);
console.log(
  `event-loop delay during the export: p50 ${msOf(loop.percentile(50))} ms, p99 ${msOf(loop.percentile(99))} ms, max ${msOf(loop.max)} ms`,
);
console.log(
  `/healthz during the export: ${exportHealth.length} answers, p50 ${q(exportHealth, 0.5).toFixed(1)} ms, max ${Math.max(...exportHealth).toFixed(1)} ms`,
);

// ------------------------------------------------------------------------------------------------ 3. autosave storm
const typist = await signUp('storm_typist');
const draftFile = path.join(dataDir, 'draft.json');
fs.writeFileSync(
  draftFile,
  JSON.stringify({
    title: 'Storm',
    text: paragraphs
      .join('')
      .slice(0, 4_990_000)
      .replace(/<[^>]*$/, ''),
    base_version: 0,
    draft_version: 0,
    force: true,
  }),
);
const statuses: Record<string, number> = {};
const stormHealth = probeHealth();
const stormLoop = monitorEventLoopDelay({ resolution: 10 });
stormLoop.enable();
const until = Date.now() + STORM_SECONDS * 1000;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (Date.now() < until) {
      const status = await curlPost('/trpc/drafts.autosave', draftFile, typist);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
stormLoop.disable();
const storm = await stormHealth.stop();
console.log(`autosave storm: 4 x 5 MB drafts.autosave for ${STORM_SECONDS} s: answers ${JSON.stringify(statuses)}`);
console.log(
  `/healthz during the storm: ${storm.length} answers, p50 ${q(storm, 0.5).toFixed(1)} ms, p95 ${q(storm, 0.95).toFixed(1)} ms, max ${Math.max(...storm).toFixed(1)} ms; event-loop delay p99 ${msOf(stormLoop.percentile(99))} ms`,
);
console.log(`load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);

server.close();
await deps.close();
fs.rmSync(dataDir, { recursive: true, force: true });
