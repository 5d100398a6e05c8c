/**
 * `npx tsx bench/photos.ts [--uploads 8] [--concurrency 4] [--uploads-only]`: the photos section of `npm run bench` on its own
 * (docs/performance.md, "Photos (issue #12)"), against a server from the sources (tsx) on a fresh DATA_DIR with
 * one person and one story: no scale dataset or production build needed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, request } from './lib/http-client';
import { photoSection } from './lib/photo-section';
import { Report } from './lib/report';
import { freePort, getStatus, startProcess, timeUntilOk } from './lib/server-process';
import { nowMs } from './lib/stats';
import { serverProcessEnv } from '../scripts/server-env.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-photos-'));
  const port = await freePort();
  const server = startProcess(
    'server',
    process.execPath,
    ['--import', 'tsx', 'server/src/main.ts'],
    // The start script's environment (scripts/server-env.mjs), so memory is measured as the product runs.
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '0', ...serverProcessEnv() },
    root,
    port,
  );
  try {
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`));
    const person = {
      username: 'photographer',
      email: 'photos@example.com',
      password: 'correct horse battery staple',
      first_name: 'Ann',
      last_name: 'Lee',
      dob: '1950-01-01',
    };
    const reg = await request(`${server.base}/api/auth/register`, { method: 'POST', body: JSON.stringify(person) });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
    const cookie = await login(server.base, person.email, person.password);
    const words = Array.from({ length: 800 }, (_, i) => `word${i}`).join(' ');
    const saved = await request(`${server.base}/api/stories/save`, {
      method: 'POST',
      body: JSON.stringify({ title: 'A story', text: `<p>${words}.</p>` }),
      headers: { cookie },
    });
    if (saved.status !== 201) throw new Error(`save: ${saved.status} ${saved.text}`);
    const report = new Report();
    report.raw.photos = await photoSection(report, {
      base: server.base,
      pid: server.pid,
      cookie,
      username: person.username,
      uploads: num('uploads', 8),
      concurrency: num('concurrency', 4),
      uploadsOnly: argv.includes('--uploads-only'),
      log: (line) => console.log(line),
    });
    report.print();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
