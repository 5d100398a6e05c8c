// Autosave traffic (issue #11): many people typing at once, each one's editor saving its draft through tRPC
// drafts.autosave every ~1.5 s, against the story-page reads. The saves leave from a process of their own on an
// open-loop schedule (each person at a random phase of the interval, none waiting for earlier answers), so a
// slow answer never thins the load; reads are measured alone and under the saves in alternating rounds, as
// compare.ts does, because other processes on a shared machine drift. Nothing here asserts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { DB_FILE } from './dataset';
import { request } from './http-client';
import { nowMs, seededRandom, sleep, summarize, type Summary } from './stats';

export interface AutosaveJob {
  base: string;
  cookies: string[];
  intervalMs: number;
  /** How long the saves go on, from the moment the child says it is sending. */
  seconds: number;
  /** Words of the draft when typing begins (each save adds a few). */
  startWords: number;
  seed: number;
}

export interface AutosaveResult {
  latency: Summary;
  sent: number;
  failed: number;
  /** Answers other than 200 seen, by status (409 would mean a draft counter went wrong). */
  statuses: Record<string, number>;
  draftBytes: number;
  worstStartLagMs: number;
}

/** `n` people with a story, spread over the dataset (every k-th by id), to sign in as typists. */
export function typistEmails(dataDir: string, n: number): string[] {
  const db = new BetterSqlite3(path.join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const all = db.prepare('SELECT u.email FROM users u JOIN stories s ON s.user_id = u.id ORDER BY u.id').pluck().all() as string[];
    if (all.length < n) throw new Error(`Only ${all.length} people have a story; ${n} typists were asked for.`);
    const step = all.length / n;
    return Array.from({ length: n }, (_, i) => all[Math.floor(i * step)]!);
  } finally {
    db.close();
  }
}

const WORDS =
  'the a summer we went down to river house my mother father brother and then after school on sunday morning old dog garden letter war years'.split(
    ' ',
  );

function draftHtml(rnd: () => number, words: number): string {
  const paragraphs: string[] = [];
  for (let left = words; left > 0; left -= 100) {
    const n = Math.min(100, left);
    paragraphs.push(`<p>${Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]!).join(' ')}.</p>`);
  }
  return paragraphs.join('');
}

/** The child: sends every typist's saves on schedule and reports their answer times. */
async function sendSaves(job: AutosaveJob, ready: () => void): Promise<AutosaveResult> {
  const rnd = seededRandom(job.seed);
  type Due = { at: number; who: number };
  const schedule: Due[] = [];
  job.cookies.forEach((_, who) => {
    for (let at = rnd() * job.intervalMs; at < job.seconds * 1000; at += job.intervalMs) schedule.push({ at, who });
  });
  schedule.sort((a, b) => a.at - b.at);
  // Each person's draft: a text of startWords, growing by a few words a save (what autosave sends: all of it).
  const drafts = job.cookies.map(() => draftHtml(rnd, job.startWords));
  const versions = job.cookies.map(() => -1);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failed = 0;
  let bytes = 0;
  let worstStartLagMs = 0;
  const inFlight: Array<Promise<void>> = [];
  ready();
  const start = nowMs();
  for (const { at, who } of schedule) {
    const wait = start + at - nowMs();
    if (wait > 0) await sleep(wait);
    worstStartLagMs = Math.max(worstStartLagMs, nowMs() - start - at);
    drafts[who] += `<p>${draftHtml(rnd, 4).slice(3)}`;
    // The counter this editor last saw; the first save of a run (and one after a failure) keeps its text with force.
    const seen = versions[who]!;
    const input = {
      title: 'My life so far',
      text: drafts[who],
      base_version: 1,
      draft_version: Math.max(0, seen),
      ...(seen < 0 ? { force: true } : {}),
    };
    const body = JSON.stringify({ 0: input });
    bytes = Math.max(bytes, body.length);
    const sent = nowMs();
    inFlight.push(
      request(`${job.base}/trpc/drafts.autosave?batch=1`, { method: 'POST', body, headers: { cookie: job.cookies[who]! } })
        .then((reply) => {
          if (reply.status === 200) {
            latencies.push(nowMs() - sent);
            const [answer] = JSON.parse(reply.text) as Array<{ result: { data: { draft_version: number } } }>;
            versions[who] = Math.max(versions[who]!, answer!.result.data.draft_version);
          } else {
            failed += 1;
            statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
            versions[who] = -1;
          }
        })
        .catch(() => {
          failed += 1;
          versions[who] = -1;
        }),
    );
  }
  await Promise.all(inFlight);
  return { latency: summarize(latencies), sent: schedule.length, failed, statuses, draftBytes: bytes, worstStartLagMs };
}

const self = fileURLToPath(import.meta.url);

/** Starts the saves in a child process; `started` resolves once it is sending, `done` with its figures. */
export function autosaveInChild(job: AutosaveJob): { started: Promise<void>; done: Promise<AutosaveResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', self], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: path.resolve(path.dirname(self), '../..'),
  });
  let out = '';
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const done = new Promise<AutosaveResult>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('sending\n')) markStarted();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autosave child exited with ${code}`));
      try {
        resolve(JSON.parse(out.slice('sending\n'.length)) as AutosaveResult);
      } catch (err) {
        reject(new Error(`autosave child answered ${out.slice(0, 200)}: ${(err as Error).message}`));
      }
    });
  });
  child.stdin.end(JSON.stringify(job));
  return { started, done };
}

/**
 * Runs `measure` once alone and once under the saves, `rounds` times (alone first and last: A B A … B A),
 * and gives each B with the mean of the two A's around it. The saves begin `leadSeconds` before a B
 * measurement (so that it meets them at their steady rate) and run until it ends (with
 * time to spare for a measurement that starts a process of its own).
 */
export async function aloneAndUnderSaves<T>(
  o: { rounds: number; leadSeconds: number; measureSeconds: number; job: Omit<AutosaveJob, 'seconds'> },
  measure: () => Promise<T>,
): Promise<{ alone: T[]; under: T[]; saves: AutosaveResult[] }> {
  const alone: T[] = [await measure()];
  const under: T[] = [];
  const saves: AutosaveResult[] = [];
  for (let i = 0; i < o.rounds; i++) {
    const child = autosaveInChild({ ...o.job, seed: o.job.seed + i, seconds: o.leadSeconds + o.measureSeconds + 3 });
    await child.started;
    await sleep(o.leadSeconds * 1000);
    under.push(await measure());
    saves.push(await child.done);
    alone.push(await measure());
  }
  return { alone, under, saves };
}

// ---- the child
if (process.argv[1] === self) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const result = await sendSaves(JSON.parse(input) as AutosaveJob, () => process.stdout.write('sending\n'));
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
