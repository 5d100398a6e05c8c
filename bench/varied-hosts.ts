// Memory any anonymous visitor can grow (issue #23 §3; docs/performance.md): a server with the demo data in a
// process of its own, its resident memory read from /proc after each of these, one at a time:
//   1. `--requests` GETs of /feed.xml, each with another `Host: rtN.localhost:PORT` (the attack);
//   2. as many with another loopback address `Host: 127.x.y.z:PORT` (names the host check still takes);
//   3. as many server-rendered page GETs with another made-up query string (once `npm run build` has run).
//
//   npx tsx bench/varied-hosts.ts [--requests 3000] [--concurrency 8] [--built] [--only feed|ssr]
//
// Without --built the server runs from source (`tsx server/src/main.ts`), so the same script measures any
// checkout's server; server rendering needs the client's build (`npm run build`), and --built runs
// dist/server/main.js.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, memoryOf, startProcess } from './lib/server-process';
import { sleep } from './lib/stats';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const requests = Number(opt('requests', '3000'));
const concurrency = Number(opt('concurrency', '8'));
const built = argv.includes('--built');
const only = opt('only', '');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function get(port: number, pathname: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers: { host }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function burst(port: number, ask: (i: number) => { path: string; host: string }): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const { path: p, host } = ask(next++);
      const status = await get(port, p, host);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-varied-hosts-'));
const port = await freePort();
const [command, args] = built ? ['node', ['dist/server/main.js']] : ['npx', ['tsx', 'server/src/main.ts']];
const server = startProcess(
  'server',
  command,
  args,
  { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'error' },
  root,
  port,
);
let serverPid = server.pid;
try {
  for (let i = 0; ; i++) {
    if (server.child.exitCode !== null) throw new Error(server.output());
    if ((await get(port, '/feed.xml', `127.0.0.1:${port}`).catch(() => 0)) === 200) break;
    if (i > 2400) throw new Error(`No feed after 120 s.\n${server.output()}`);
    await sleep(50);
  }
  // npx runs the server as a child of its own: read the memory of the process that listens.
  serverPid = built ? server.pid : deepestChild(server.pid);
  await sleep(2000);
  const rows: string[] = [`start (demo data, one feed made): RSS ${mb(memoryOf(serverPid).rss)}`];
  const phases: [string, (i: number) => { path: string; host: string }][] = [
    ['/feed.xml, Host rtN.localhost:PORT', (i) => ({ path: '/feed.xml', host: `rt${i}.localhost:${port}` })],
    [
      '/feed.xml, Host 127.x.y.z:PORT',
      (i) => ({ path: '/feed.xml', host: `127.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}:${port}` }),
    ],
    ['/explore/top?utm=N, Host 127.0.0.1:PORT', (i) => ({ path: `/explore/top?utm=${i}`, host: `127.0.0.1:${port}` })],
  ];
  // Server rendering needs the build's entry (the server from source loads it too: dist/ssr/entry-server.js).
  if (!fs.existsSync(path.join(root, 'dist/ssr/entry-server.js')) || only === 'feed') phases.pop();
  if (only === 'ssr') phases.splice(0, 2);
  for (const [label, ask] of phases) {
    const started = performance.now();
    const statuses = await burst(port, ask);
    const seconds = (performance.now() - started) / 1000;
    await sleep(2000);
    const { rss, hwm } = memoryOf(serverPid);
    rows.push(`${requests} x ${label}: statuses ${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s; RSS ${mb(rss)} (peak ${mb(hwm)})`);
  }
  console.log(`${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(2)}, ${built ? 'built' : 'from source'}:`);
  for (const row of rows) console.log(`  ${row}`);
} finally {
  if (serverPid !== server.pid) process.kill(serverPid, 'SIGTERM');
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The last descendant of a process (npx -> sh -> node): the server itself. */
function deepestChild(pid: number): number {
  for (;;) {
    const file = `/proc/${pid}/task/${pid}/children`;
    const children = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
    if (children.length === 0) return pid;
    pid = children[children.length - 1]!;
  }
}
