/**
 * `npx tsx bench/trpc-batches.ts`: issue #23 §5 on its own (docs/performance.md, "Issue #23 §5"), against a server
 * from the sources (tsx) on a fresh DATA_DIR with the demo data and default settings (rate limits on): an author's
 * GET batch of 60 and of 120 of their own 5 MB story (`stories.get`), then 8 parallel anonymous batches of 170
 * `explore.top`, and of 20 (the most a batch may now hold); `/healthz` is probed every 50 ms meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieHeader, login, request } from './lib/http-client';
import { mb, ms, Report } from './lib/report';
import { freePort, getStatus, memoryOf, RssSampler, startProcess, timeUntilOk } from './lib/server-process';
import { nowMs, sleep, summarize } from './lib/stats';
import { serverProcessEnv } from '../scripts/server-env.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** `--server-root DIR`: run the server of another checkout (the code before a change, for before/after figures). */
const serverRootArg = process.argv.indexOf('--server-root');
const serverRoot = serverRootArg >= 0 ? path.resolve(process.argv[serverRootArg + 1]!) : root;

function batchPath(procedure: string, input: unknown, n: number): string {
  const inputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), input]));
  return `/trpc/${Array.from({ length: n }, () => procedure).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/** Runs `load` while probing /healthz every 50 ms; the probes' latencies and the load's result. */
async function withHealthProbe<T>(base: string, load: () => Promise<T>): Promise<{ result: T; health: number[] }> {
  let done = false;
  const health: number[] = [];
  const probe = (async () => {
    while (!done) {
      const t0 = nowMs();
      await request(`${base}/healthz`, { timeoutMs: 120_000 }).catch(() => undefined);
      health.push(nowMs() - t0);
      await sleep(50);
    }
  })();
  try {
    return { result: await load(), health };
  } finally {
    done = true;
    await probe;
  }
}

/** Status counts of a batch answer's items (or of the answer itself when it is not a list). */
function outcome(status: number, text: string): string {
  try {
    const items = JSON.parse(text) as { error?: { data?: { code?: string } } }[];
    if (!Array.isArray(items)) return `${status}`;
    const codes: Record<string, number> = {};
    for (const item of items) {
      const code = item.error?.data?.code ?? 'OK';
      codes[code] = (codes[code] ?? 0) + 1;
    }
    return `${status} (${Object.entries(codes)
      .map(([c, n]) => `${n} ${c}`)
      .join(', ')})`;
  } catch {
    return `${status} (${text.length > 80 ? `${text.slice(0, 80)}…` : text})`;
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trpc-batches-'));
  const port = await freePort();
  const server = startProcess(
    'server',
    process.execPath,
    ['--import', 'tsx', 'server/src/main.ts'],
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...serverProcessEnv() },
    serverRoot,
    port,
  );
  const report = new Report();
  const raw: Record<string, unknown> = {};
  try {
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`), 900_000); // the demo data is made at the first start
    const author = {
      username: 'longstory',
      email: 'longstory@example.com',
      password: 'correct horse battery staple',
      first_name: 'Ann',
      last_name: 'Lee',
      dob: '1950-01-01',
    };
    const reg = await request(`${server.base}/api/auth/register`, { method: 'POST', body: JSON.stringify(author) });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
    const cookie = await login(server.base, author.email, author.password);
    const paragraph = `<p>${'All work and no play makes a long story. '.repeat(20)}</p>`;
    const text = paragraph.repeat(Math.floor((5 * 1024 * 1024 - 1000) / paragraph.length));
    const saved = await request(`${server.base}/api/stories/save`, {
      method: 'POST',
      body: JSON.stringify({ title: 'A long story', text }),
      headers: cookieHeader(cookie),
      timeoutMs: 300_000,
    });
    if (saved.status !== 201) throw new Error(`save: ${saved.status} ${saved.text.slice(0, 200)}`);

    report.section(`tRPC batches (issue #23 §5): an author's ${mb(text.length)} story`);
    for (const n of [60, 120]) {
      const rssBefore = memoryOf(server.pid).rss;
      const sampler = new RssSampler(server.pid, 50);
      const t0 = nowMs();
      const { result, health } = await withHealthProbe(server.base, () =>
        request(server.base + batchPath('stories.get', { username: author.username }, n), {
          headers: cookieHeader(cookie),
          timeoutMs: 300_000,
        }),
      );
      const took = nowMs() - t0;
      sampler.stop();
      const h = summarize(health);
      report.info(
        `GET batch of ${n} x stories.get (own story)`,
        `${outcome(result.status, result.text)} in ${ms(took)} ms, ${mb(result.text.length)}; RSS +${mb(Math.max(0, sampler.peak() - rssBefore))}; /healthz max ${ms(h.max)} ms`,
      );
      raw[`storiesGet${n}`] = { status: result.status, ms: took, bytes: result.text.length, rssBefore, rssPeak: sampler.peak(), health: h };
      await sleep(1000);
    }

    for (const n of [170, 20]) {
      const { result, health } = await withHealthProbe(server.base, () =>
        Promise.all(
          Array.from({ length: 8 }, () => request(server.base + batchPath('explore.top', { window: 'all' }, n), { timeoutMs: 120_000 })),
        ),
      );
      const h = summarize(health);
      report.info(
        `8 parallel anonymous batches of ${n} x explore.top`,
        `${[...new Set(result.map((r) => outcome(r.status, r.text)))].join('; ')}; /healthz p50 ${ms(h.p50)} ms, max ${ms(h.max)} ms`,
      );
      raw[`exploreTop${n}`] = { statuses: result.map((r) => r.status), health: h };
      await sleep(11_000); // the read budget's window
    }
    report.print();
    console.log(JSON.stringify(raw));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
