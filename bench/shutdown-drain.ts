/**
 * `npx tsx bench/shutdown-drain.ts [--people 50] [--load-ms 2000]`: SIGTERM while people publish (docs/performance.md,
 * "Issue #23 §8"). A server from the sources (tsx) on a fresh DATA_DIR; each person publishes their story again
 * and again (about 20 KB) over one kept-alive connection; after --load-ms, SIGTERM. Counts each request's outcome
 * after the signal (answered, refused before it was sent, reset after it was sent), the answered ones found stored,
 * the time from the signal to the exit, and the exit code. docs/decisions/0023-several-instances.md, "Draining".
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { freePort, getStatus, startEmptySiteServer, timeUntilOk } from './lib/server-process';
import { nowMs, sleep } from './lib/stats';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};

interface Outcome {
  title: string;
  status?: number;
  error?: string;
  afterSignal: boolean;
}

function post(agent: http.Agent, url: string, body: unknown, cookie?: string) {
  return new Promise<{ status?: number; error?: string; cookie?: string }>((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
    req.on('response', (res) => {
      res.resume();
      const set = res.headers['set-cookie']?.find((c) => c.startsWith('access_token='))?.split(';')[0];
      res.on('end', () => resolve({ status: res.statusCode, cookie: set }));
      res.on('aborted', () => resolve({ error: 'aborted' }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(JSON.stringify(body));
  });
}

async function main() {
  const people = num('people', 50);
  const loadMs = num('load-ms', 2000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-drain-'));
  const port = await freePort();
  const server = startEmptySiteServer(['--import', 'tsx', 'server/src/main.ts'], root, dataDir, port);
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  try {
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`));
    const agents = Array.from({ length: people }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const cookies: string[] = [];
    for (const [i, agent] of agents.entries()) {
      const fields = {
        username: `drain_${i}`,
        email: `drain${i}@example.com`,
        password: 'long enough pw',
        dob: '1980-01-01',
        first_name: '',
        last_name: '',
      };
      await post(agent, `${server.base}/api/auth/register`, fields);
      cookies.push((await post(agent, `${server.base}/api/auth/login`, { email: fields.email, password: fields.password })).cookie!);
    }
    const paragraph = `<p>${'A day by the river, and the boats coming home. '.repeat(8)}</p>`;
    const text = paragraph.repeat(10);
    const outcomes: Outcome[] = [];
    let signalled = false;
    const publishing = agents.map(async (agent, p) => {
      for (let i = 0; ; i++) {
        const title = `Story ${p}-${i}`;
        const r = await post(agent, `${server.base}/api/stories/save`, { title, text }, cookies[p]);
        outcomes.push({ title, ...r, afterSignal: signalled });
        if (r.error || r.status !== 201) return;
      }
    });
    await sleep(loadMs);
    signalled = true;
    const signalAt = nowMs();
    server.child.kill('SIGTERM');
    await Promise.all(publishing);
    const code = await exited;
    const exitMs = nowMs() - signalAt;
    for (const agent of agents) agent.destroy();

    const db = new BetterSqlite3(path.join(dataDir, 'life-story.sqlite'), { readonly: true });
    const titles = new Set((db.prepare('SELECT title FROM stories').all() as { title: string }[]).map((r) => r.title));
    db.close();
    // A publish the formatter refused as busy before the signal (503, Retry-After) is the load's, not the drain's.
    const busyBefore = outcomes.filter((o) => !o.afterSignal && o.status === 503).length;
    const after = outcomes.filter((o) => o.afterSignal);
    const answered = after.filter((o) => o.status === 201);
    const refused = after.filter((o) => o.error === 'ECONNREFUSED' || (o.status === 503 && !titles.has(o.title)));
    const cut = after.filter((o) => o.error && o.error !== 'ECONNREFUSED');
    const other = after.filter((o) => o.status !== undefined && o.status !== 201 && o.status !== 503);
    console.log(
      `${people} people publishing ~${Math.round(text.length / 1024)} KB over kept-alive connections; SIGTERM after ${loadMs} ms (${busyBefore} refused as busy before it)`,
    );
    // One story per person, each publish replacing it: the stored title must be the last one answered 201.
    const lastAnswered = new Map<string, string>();
    for (const o of outcomes) if (o.status === 201) lastAnswered.set(o.title.replace(/-\d+$/, ''), o.title);
    const kept = [...lastAnswered.values()].filter((title) => titles.has(title)).length;
    console.log(`requests after the signal: ${after.length}; answered 201: ${answered.length}`);
    console.log(
      `refused before sent: ${refused.length}; cut (reset after sent): ${cut.length} (stored anyway: ${cut.filter((o) => titles.has(o.title)).length}); other answers: ${other.length}`,
    );
    console.log(`people whose stored story is the last publish answered: ${kept} of ${lastAnswered.size}`);
    console.log(`exit code ${code} after ${Math.round(exitMs)} ms`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
