/**
 * `npx tsx bench/access-read.ts [--stories 300] [--rounds 200] [--requests 20]`: the story page read with the access
 * check (issue #24, docs/decisions/0026-who-can-read-a-story.md), in process (app.request over a real SQLite file, no
 * sockets: what is measured is the server's own CPU time per read, user + system). Alternating rounds of:
 * - POST /api/stories/page and tRPC stories.page, anonymous, random stories for everyone (today's read);
 * - the same reads of a `link` story with a link pass, and of a `circle` story with a member's pass.
 * Each pass read is given against the anonymous read of the same transport in the same round (short blocks in turn).
 * Run it in a checkout of main too (it skips what main has not). A quick check of the server's own cost in process;
 * `npm run bench` measures the same reads over sockets on the scale dataset (bench/lib/access-section.ts). Nothing
 * here asserts; figures go to docs/performance.md ("Issue #24: access").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDeps } from '../server/src/deps';
import { anonymous } from '../server/src/core/shared/core-deps';
import { createCaller } from '../server/src/transport/trpc/app-router';
import { storyHtml } from '../seed/factories';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const STORIES = opt('stories', 300);
const ROUNDS = opt('rounds', 200);
const REQUESTS = opt('requests', 20);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-access-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'silent', HOST: 'localhost', PORT: '80' });
  const deps = await createDeps(config, { log: () => undefined });
  const app = createApp(deps, {
    trustProxy: false,
    publicOrigin: undefined,
    listen: { host: 'localhost', port: 80 },
    allowedHosts: config.allowedHosts,
    mediaPublicBaseUrl: undefined,
    legalUrl: config.legalUrl,
    log: () => undefined,
  });
  const caller = (userId: number) =>
    createCaller({ deps, actor: { ...anonymous('bench'), userId }, resHeaders: new Headers(), secure: false, origin: 'http://localhost' });

  // Writers, each with a three-page story, made as the core makes them (no HTTP, no rate limits).
  const now = Date.now();
  const ids: number[] = [];
  for (let i = 0; i < STORIES; i++) {
    const row = await deps.db
      .insertInto('users')
      .values({
        username: `bench_${i}`,
        email: `bench_${i}@example.com`,
        password_hash: 'x',
        first_name: null,
        last_name: null,
        dob: '1950-01-01',
        image: null,
        is_private: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const text = storyHtml(20);
  for (const id of ids) await caller(id).stories.publish({ title: `Story ${id}`, text });

  // biome-ignore lint/suspicious/noExplicitAny: main has no audience procedures; this runs against both trees.
  const stories = (id: number) => caller(id).stories as any;
  // The caller is a proxy that answers any name: whether this tree has audiences is read from its files.
  const hasAccess = fs.existsSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../server/src/core/access'));
  let linkCookie = '';
  let circleCookie = '';
  if (hasAccess) {
    const { hashPassToken, newPassToken } = await import('../server/src/core/access/pass-tokens');
    await stories(ids[0]!).setAudience({ audience: 'link' });
    const { key } = await stories(ids[0]!).shareLink();
    const opened = await app.request(`http://localhost/s/${key}`);
    linkCookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    await stories(ids[1]!).setAudience({ audience: 'circle' });
    const member = await deps.db
      .insertInto('circle_members')
      .values({
        owner_id: ids[1]!,
        email: 'aunt@example.com',
        name: 'Aunt',
        invite_token_hash: null,
        invited_at: now,
        joined_user_id: null,
        joined_at: null,
        last_read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newPassToken();
    await deps.db
      .insertInto('reader_passes')
      .values({
        token_hash: hashPassToken(token),
        owner_id: ids[1]!,
        member_id: member.id,
        share_key_id: null,
        created_at: now,
      })
      .execute();
    circleCookie = `reader_pass=${token}`;
  }

  const restPage = (username: string, cookie = '') =>
    app.request('http://localhost/api/stories/page', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ username, page_number: 1 + Math.floor(Math.random() * 3) }),
    });
  const trpcPage = (username: string, cookie = '') =>
    app.request(
      `http://localhost/trpc/stories.page?input=${encodeURIComponent(JSON.stringify({ username, page_number: 1 + Math.floor(Math.random() * 3) }))}`,
      cookie ? { headers: { cookie } } : {},
    );
  const publicName = () => `bench_${2 + Math.floor(Math.random() * (STORIES - 2))}`;

  const cases: [string, () => Response | Promise<Response>][] = [
    ['REST page, anonymous, everyone', () => restPage(publicName())],
    ['tRPC page, anonymous, everyone', () => trpcPage(publicName())],
  ];
  if (hasAccess) {
    cases.push(
      ['REST page, link pass, link story', () => restPage('bench_0', linkCookie)],
      ['tRPC page, link pass, link story', () => trpcPage('bench_0', linkCookie)],
      ['REST page, member pass, circle story', () => restPage('bench_1', circleCookie)],
      ['tRPC page, member pass, circle story', () => trpcPage('bench_1', circleCookie)],
      ['REST page, anonymous, refused (circle story)', () => restPage('bench_1')],
    );
  }
  const micros = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  // One uncounted round first: the JIT and SQLite's page cache settle (the first rounds ran up to twice as long).
  for (const [, run] of cases) for (let i = 0; i < 1000; i++) await (await run()).arrayBuffer();
  // Short blocks of each case in turn (forwards, then backwards), so that the machine's other load, which drifts by
  // the second on a shared machine, meets every case alike; each case is then compared with the public read of its
  // transport in the same round, and the median of those ratios is the figure.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of round % 2 ? [...cases].reverse() : cases) {
      // CPU time (user + system) of this process: on a shared machine the wall clock measures the neighbours too.
      const start = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) {
        const res = await run();
        await res.arrayBuffer();
        if (res.status !== 200 && !name.includes('refused')) throw new Error(`${name}: ${res.status}`);
      }
      const used = process.cpuUsage(start);
      micros.get(name)!.push((used.user + used.system) / REQUESTS);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const publicOf = (name: string) =>
    micros.get(name.startsWith('REST') ? 'REST page, anonymous, everyone' : 'tRPC page, anonymous, everyone')!;
  console.log(`${hasAccess ? 'access branch' : 'main'}: ${STORIES} stories, ${ROUNDS} rounds x ${REQUESTS} requests`);
  console.log('| read | CPU per read (median) | against the public read of its transport, same round (median) |');
  for (const [name, xs] of micros) {
    const ratio = median(xs.map((x, i) => x / publicOf(name)[i]!));
    console.log(`| ${name} | ${median(xs).toFixed(0)} µs | ${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} % |`);
  }
  await deps.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
