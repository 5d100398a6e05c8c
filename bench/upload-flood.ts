/**
 * `npx tsx bench/upload-flood.ts [--concurrent 40] [--people 20]`: issue #23 §4 on its own (docs/performance.md,
 * "Issue #23 §4"), against a server from the sources (tsx) on a fresh DATA_DIR: the 39,999,999 x 1 px PNG, then
 * `--concurrent` maximal uploads at once from `--people` people, with someone else's small picture sent meanwhile.
 * Also a section of `npm run bench` (`--skip upload-flood` leaves it out).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Report } from './lib/report';
import { freePort, getStatus, startEmptySiteServer, timeUntilOk } from './lib/server-process';
import { nowMs } from './lib/stats';
import { signedInPeople, uploadFloodSection } from './lib/upload-flood-section';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** `--server-root DIR`: run the server of another checkout (the code before a change, for before/after figures). */
const serverRootArg = process.argv.indexOf('--server-root');
const serverRoot = serverRootArg >= 0 ? path.resolve(process.argv[serverRootArg + 1]!) : root;
const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-flood-'));
  const port = await freePort();
  const server = startEmptySiteServer(['--import', 'tsx', 'server/src/main.ts'], serverRoot, dataDir, port);
  try {
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`));
    const uploaders = await signedInPeople(server.base, num('people', 20), 'uploader');
    const [other] = await signedInPeople(server.base, 1, 'someone');
    const report = new Report();
    report.raw.uploadFlood = await uploadFloodSection(report, {
      base: server.base,
      pid: server.pid,
      uploaders,
      other: other!,
      concurrent: num('concurrent', 40),
      log: (line) => console.log(line),
    });
    report.print();
    console.log(JSON.stringify(report.raw.uploadFlood));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
