/**
 * For the benches that measure one heavy request in the server's own process (data export, Word download, document
 * import; docs/performance.md): the server runs here on loopback over a fresh DATA_DIR, curl (another process) makes
 * the request, so this process's event loop is the server's. `measureWhile` reports the time, the RSS above its level
 * before (worker threads included), the event loop's delay against an idle control, and /healthz answered meanwhile.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type AppDeps, createDeps } from '../../server/src/deps';

/** `--name N` from the command line, or the fallback. */
export function numArg(name: string, fallback: number, argv = process.argv.slice(2)): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
}

export interface InProcessServer {
  base: string;
  deps: AppDeps;
  dataDir: string;
  /** Registers and signs in one person: the cookie to send and their user id. */
  signIn(person: {
    first_name: string;
    last_name: string;
    username: string;
    email: string;
    dob: string;
  }): Promise<{ cookie: string; userId: number }>;
  /** curl (another process) with the cookie: `args` are curl's after `-sS -f -o <out>`. */
  curl(out: string, cookie: string, args: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startInProcessServer(prefix: string): Promise<InProcessServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'silent' });
  const deps = await createDeps(config, { log: () => undefined });
  const app = createApp(deps, { trustProxy: false, publicOrigin: undefined, mediaPublicBaseUrl: undefined, legalUrl: config.legalUrl });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (url: string, body: unknown) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
  return {
    base,
    deps,
    dataDir,
    async signIn(person) {
      const password = 'correct horse battery';
      if (!(await post('/api/auth/register', { ...person, password })).ok) throw new Error('register failed');
      const login = await post('/api/auth/login', { email: person.email, password });
      const cookie = /access_token=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const { id } = await deps.db.selectFrom('users').select('id').where('username', '=', person.username).executeTakeFirstOrThrow();
      return { cookie, userId: id };
    },
    async curl(out, cookie, args) {
      await promisify(execFile)('curl', ['-sS', '-f', '-o', out, '-H', `cookie: ${cookie}`, '-H', `origin: ${base}`, ...args], {
        maxBuffer: 1 << 20,
      });
    },
    async close() {
      server.close();
      await deps.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HeavyRequestFigures {
  seconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  /** Event-loop delay in ms (10 ms resolution, so ~10 ms is its floor). */
  loop: { p50: number; p99: number; max: number };
  idle: { p50: number; p99: number; max: number };
  health: { answers: number; resets: number; p50: number; max: number };
  loadAverage: number;
}

/** Runs `work` (the heavy request) and measures the server's process meanwhile. */
export async function measureWhile(base: string, work: () => Promise<void>): Promise<HeavyRequestFigures> {
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
  // The control: the same measure over an idle second and a half, so that a busy shared machine's own delays show.
  const idle = monitorEventLoopDelay({ resolution: 10 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 1500));
  idle.disable();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  try {
    await work();
  } finally {
    loop.disable();
    working = false;
    await probe;
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const delays = (h: typeof loop) => ({ p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 });
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
  return {
    seconds,
    rssBeforeBytes: rssBefore,
    rssPeakBytes: rssPeak,
    loop: delays(loop),
    idle: delays(idle),
    health: { answers: health.length, resets, p50: q(health, 0.5), max: health.length ? Math.max(...health) : 0 },
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

/** The figures as the benches print them; `during` names the request ("during the import"). */
export function heavyRequestLines(f: HeavyRequestFigures, during: string): string[] {
  const ms = (x: number) => x.toFixed(1);
  const d = (x: { p50: number; p99: number; max: number }) => `p50 ${ms(x.p50)} ms, p99 ${ms(x.p99)} ms, max ${ms(x.max)} ms`;
  return [
    `server RSS: ${(f.rssBeforeBytes / 1e6).toFixed(0)} MB before, peak ${(f.rssPeakBytes / 1e6).toFixed(0)} MB (+${((f.rssPeakBytes - f.rssBeforeBytes) / 1e6).toFixed(0)} MB)`,
    `event-loop delay ${during}: ${d(f.loop)} (10 ms resolution)`,
    `event-loop delay idle (control, same process): ${d(f.idle)}; load average ${f.loadAverage.toFixed(1)} on ${os.cpus().length} cores`,
    `/healthz ${during}: ${f.health.answers} answers${f.health.resets ? ` (${f.health.resets} connections reset)` : ''}, p50 ${ms(f.health.p50)} ms, max ${ms(f.health.max)} ms`,
  ];
}
