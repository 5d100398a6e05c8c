/**
 * What several server processes on one SQLite DATA_DIR cost and how fast they agree (docs/decisions/0037):
 *  1. the added cost of one rate-limit consume in SQLite (shared by the processes) over one in memory, in this process;
 *  2. like -> visible across processes: a like through one process until another's top list shows it, p50/p99.
 * Printed, never asserted.
 *
 * With --background k, k people meanwhile like and unlike another story through every process in turn (a write load, so
 * that the processes' projector runs overlap).
 *
 *   npx tsx bench/several-processes-sqlite.ts [--processes 2] [--likes 60] [--consumes 20000] [--background 0]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMemoryRateLimiter } from '../server/src/adapters/rate-limit/memory-rate-limiter';
import { createSqliteRateLimiter } from '../server/src/adapters/rate-limit/sqlite-rate-limiter';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/open-database';
import { outsideTransactions } from '../server/src/db/outside-transactions';
import type { RateLimiter } from '../server/src/ports/rate-limiter';
import { person, storyHtml } from '../seed/factories';
import { freePort, type RunningServer, startEmptySiteServer } from './lib/server-process';
import { nowMs, percentile, sleep } from './lib/stats';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const PROCESSES = opt('processes', 2);
const LIKES = opt('likes', 60);
const CONSUMES = opt('consumes', 20_000);
const BACKGROUND = opt('background', 0);

async function consumeCost(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-limits-'));
  const opened = await openDatabase(path.join(dir, 'life-story.sqlite'));
  const rules = loadConfig({ DATA_DIR: dir, RATE_LIMIT_SCALE: '1000' }).rateLimits;
  const time = async (label: string, limiter: RateLimiter) => {
    for (let i = 0; i < 2000; i++) await limiter.consume('commentPerClient', `warm-${i % 50}`);
    const started = nowMs();
    for (let i = 0; i < CONSUMES; i++) await limiter.consume('commentPerClient', `client-${i % 500}`);
    const us = ((nowMs() - started) * 1000) / CONSUMES;
    console.log(`  ${label}: ${us.toFixed(1)} µs per consume`);
    return us;
  };
  const memory = await time('memory', createMemoryRateLimiter(rules));
  const sqlite = await time(
    'SQLite (shared)',
    createSqliteRateLimiter(opened.raw, rules, { outsideTransactions: outsideTransactions(opened.db, opened.raw) }),
  );
  console.log(`  added by sharing: ${(sqlite - memory).toFixed(1)} µs per consume (a sign-in takes 2-4, a comment 1-2, a like none)`);
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function json(base: string, route: string, body: unknown, cookie?: string) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown }, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

async function likeToVisible(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-processes-'));
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++)
      servers.push(startEmptySiteServer(['--import', 'tsx', 'server/src/main.ts'], process.cwd(), dataDir, await freePort()));
    for (const s of servers) {
      const until = nowMs() + 90_000;
      while ((await fetch(`${s.base}/readyz`).catch(() => null))?.status !== 200) {
        if (nowMs() > until) throw new Error(s.output());
        await sleep(100);
      }
    }
    const signUp = async (name: string) => {
      const fields = person({ username: name });
      const reg = await json(servers[0]!.base, '/api/auth/register', fields);
      if (reg.status !== 201) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
      return (await json(servers[0]!.base, '/api/auth/login', { email: fields.email, password: fields.password })).cookie!;
    };
    const author = await signUp('benchauthor');
    await json(servers[0]!.base, '/api/stories/save', { title: 'Bench story', text: storyHtml(2, 50) }, author);
    const fan = await signUp('benchfan');
    const likesIn = async (base: string) => {
      const top = await json(base, '/api/searches/top', { page: 1, limit: 10 });
      return (top.body.data as Array<{ username: string; like_count: number }>).find((s) => s.username === 'benchauthor')?.like_count;
    };
    const other = await signUp('benchother');
    await json(servers[0]!.base, '/api/stories/save', { title: 'Other story', text: storyHtml(2, 50) }, other);
    const background = await Promise.all(Array.from({ length: BACKGROUND }, (_, i) => signUp(`benchbg${i}`)));
    let loading = true;
    const load = Promise.all(
      background.map(async (cookie, b) => {
        for (let k = 0; loading; k++) {
          const to = servers[(b + k) % PROCESSES]!;
          await json(to.base, '/api/users/like', { story_username: 'benchother', liked: k % 2 === 1 }, cookie);
          await sleep(5);
        }
      }),
    );
    const samples: number[] = [];
    for (let i = 0; i < LIKES; i++) {
      const through = servers[i % PROCESSES]!;
      const seenBy = servers[(i + 1) % PROCESSES]!;
      const liked = i % 2 === 0;
      const answer = await json(through.base, '/api/users/like', { story_username: 'benchauthor', liked: !liked }, fan);
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`like ${answer.status}`);
      const started = nowMs();
      while ((await likesIn(seenBy.base)) !== (liked ? 1 : 0)) {
        if (nowMs() - started > 10_000) throw new Error('never visible');
        await sleep(2);
      }
      samples.push(nowMs() - started);
      await sleep(50 + ((i * 37) % 200)); // at varied points of the other process's tick
    }
    loading = false;
    await load;
    samples.sort((a, b) => a - b);
    console.log(
      `  ${PROCESSES} processes, ${LIKES} likes${BACKGROUND ? `, ${BACKGROUND} people liking meanwhile` : ''}: like -> visible in another process's top list p50 ${percentile(samples, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(samples, 99).toFixed(0)} ms, max ${samples.at(-1)!.toFixed(0)} ms`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('Rate limits, one consume in this process:');
await consumeCost();
console.log('Like -> visible across processes (the projector folds in whichever process holds its lock):');
await likeToVisible();
