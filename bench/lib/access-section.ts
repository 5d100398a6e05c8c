// The story page read with the access check (issue #24; docs/decisions/0026-who-can-read-a-story.md) against today's
// read, the anonymous read of a story for everyone, in alternating slices (compare.ts): a reader with a link pass on
// a `link` story, and an invited reader with a member's pass on a `circle` story, over both transports. The passes are
// made as readers get them: the writer sets the audience, the share link's /s/<key>, the invitation email's /r/<token>
// (read from the outbox). Afterwards both stories are for everyone again, so later sections read them as before.
import fs from 'node:fs';
import path from 'node:path';
import { compare, type Side } from './compare';
import { cookieHeader, request, trpcMutation, trpcQuery, trpcQueryPath } from './http-client';
import type { LoadResult } from './load';
import type { Report } from './report';

export interface AccessSectionOptions {
  base: string;
  pid: number;
  connections: number;
  rounds: number;
  sliceSeconds: number;
  warmupSeconds: number;
  randomPage: () => { username: string; page_number: number };
  /** Two signed-in writers with a story, and their session cookies. */
  writers: Array<{ cookie: string; username: string }>;
  /** Where the server under test writes mail (DATA_DIR/outbox without SMTP_URL). */
  outboxDir: string;
  log: (line: string) => void;
}

/** The `reader_pass=…` pair a response set. */
function passCookie(headers: Record<string, string | string[] | undefined>): string {
  const pair = ([] as string[])
    .concat(headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('reader_pass='));
  if (!pair) throw new Error('No reader pass was set.');
  return pair;
}

/** The invitation link's token in the newest email to `to` (quoted-printable soft breaks undone). */
function invitationToken(outboxDir: string, to: string): string {
  const files = fs
    .readdirSync(outboxDir)
    .map((f) => path.join(outboxDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
    if (!text.includes(to)) continue;
    const match = /\/r\/([A-Za-z0-9_-]{20,})/.exec(text);
    if (match) return match[1]!;
  }
  throw new Error(`No invitation to ${to} in ${outboxDir}.`);
}

export async function accessSection(report: Report, o: AccessSectionOptions): Promise<Record<string, unknown>> {
  if (o.writers.length < 2) throw new Error('The access section needs two writers with a story.');
  const [linkWriter, circleWriter] = (await Promise.all(
    o.writers.slice(0, 2).map(async (w) => {
      const reply = await request(`${o.base}/api/stories/story`, { method: 'POST', body: JSON.stringify({ username: w.username }) });
      return { ...w, pageCount: (JSON.parse(reply.text) as { data: { page_count: number } }).data.page_count };
    }),
  )) as [{ cookie: string; username: string; pageCount: number }, { cookie: string; username: string; pageCount: number }];
  const figure = (r: LoadResult) =>
    `${Math.round(r.rps).toLocaleString('en-US')} req/s, p50 ${r.latency.p50.toFixed(1)} ms, p99 ${r.latency.p99.toFixed(1)} ms${
      r.non2xx + r.errors ? ` (${r.non2xx + r.errors} failed!)` : ''
    }`;

  // A link story and a device's link pass, through the share link.
  await trpcMutation(o.base, 'stories.setAudience', { audience: 'link' }, linkWriter.cookie);
  const { key } = await trpcQuery<{ key: string }>(o.base, 'stories.shareLink', undefined, linkWriter.cookie);
  const linkPass = passCookie((await request(`${o.base}/s/${key}`)).headers);
  // A circle story and an invited reader's pass, through the invitation email's link.
  await trpcMutation(o.base, 'stories.setAudience', { audience: 'circle' }, circleWriter.cookie);
  const reader = 'bench-reader@example.com';
  await trpcMutation(o.base, 'circle.invite', { readers: [{ email: reader, name: 'Bench reader' }] }, circleWriter.cookie);
  const memberPass = passCookie((await request(`${o.base}/r/${invitationToken(o.outboxDir, reader)}`)).headers);

  // Today's read: random stories for everyone (the two writers' stories are not, for now: drawn again).
  const shared = new Set([linkWriter.username, circleWriter.username]);
  const publicPage = () => {
    for (;;) {
      const p = o.randomPage();
      if (!shared.has(p.username)) return p;
    }
  };
  const pageOf = (w: { username: string; pageCount: number }) => ({
    username: w.username,
    page_number: 1 + Math.floor(Math.random() * w.pageCount),
  });
  const rest = (page: () => { username: string; page_number: number }, cookie?: string): Side => ({
    base: o.base,
    pid: o.pid,
    next: () => ({ method: 'POST', path: '/api/stories/page', body: JSON.stringify(page()), headers: cookieHeader(cookie ?? null) }),
  });
  const trpc = (page: () => { username: string; page_number: number }, cookie?: string): Side => ({
    base: o.base,
    pid: o.pid,
    next: () => ({ method: 'GET', path: trpcQueryPath('stories.page', page()), headers: cookieHeader(cookie ?? null) }),
  });
  const settings = { connections: o.connections, rounds: o.rounds, sliceSeconds: o.sliceSeconds, warmupSeconds: o.warmupSeconds };
  const cases: Array<[string, Side, Side]> = [
    ['POST /api/stories/page, link pass, `link` story', rest(publicPage), rest(() => pageOf(linkWriter), linkPass)],
    ['tRPC stories.page, link pass, `link` story', trpc(publicPage), trpc(() => pageOf(linkWriter), linkPass)],
    ['POST /api/stories/page, member pass, `circle` story', rest(publicPage), rest(() => pageOf(circleWriter), memberPass)],
    ['tRPC stories.page, member pass, `circle` story', trpc(publicPage), trpc(() => pageOf(circleWriter), memberPass)],
  ];
  const raw: Record<string, unknown> = {};
  try {
    for (const [name, publicRead, passRead] of cases) {
      o.log(`  ${name} vs the anonymous read of stories for everyone…`);
      const c = await compare(publicRead, passRead, settings);
      raw[name] = c;
      o.log(`    ${Math.round(c.a.rps)} vs ${Math.round(c.b.rps)} req/s: ${c.ratio.toFixed(2)}x`);
      const cpu = c.cpu ? `; server CPU ${c.cpu.aMicros.toFixed(0)} vs ${c.cpu.bMicros.toFixed(0)} µs per read` : '';
      report.info(`${name.split(',')[0]}, anonymous, stories for everyone`, figure(c.a));
      report.judged(
        `  ${name.split(', ').slice(1).join(', ')}`,
        `${figure(c.b)}; ${c.ratio.toFixed(2)}x the anonymous read${cpu}`,
        '>= 0.9x (within 10 %)',
        c.ratio >= 0.9 && c.b.non2xx + c.b.errors === 0,
      );
    }
  } finally {
    for (const w of [linkWriter, circleWriter]) await trpcMutation(o.base, 'stories.setAudience', { audience: 'everyone' }, w.cookie);
  }
  return raw;
}
