// Server-rendered story pages (issue #13; docs/decisions/0017-server-rendering.md) against the JSON read of the
// same page, in alternating slices (compare.ts) so that the machine's other load moves both sides alike:
//  - random stories: nearly every page is a first visit at 100k, so each is rendered (React, the tRPC reads);
//  - a hot set of 100 pages: what popular pages cost once kept (anonymous readers, until the next event).
import { compare, type Side } from './compare';
import { trpcQueryPath } from './http-client';
import type { LoadResult } from './load';
import type { Report } from './report';

export interface SsrSectionOptions {
  base: string;
  pid: number;
  connections: number;
  rounds: number;
  sliceSeconds: number;
  warmupSeconds: number;
  randomPage: () => { username: string; page_number: number };
  log: (line: string) => void;
}

const storyPath = (p: { username: string; page_number: number }) => `/story/${encodeURIComponent(p.username)}/page/${p.page_number}`;

export async function ssrSection(report: Report, o: SsrSectionOptions): Promise<Record<string, unknown>> {
  const figure = (r: LoadResult) =>
    `${Math.round(r.rps).toLocaleString('en-US')} req/s, p50 ${r.latency.p50.toFixed(1)} ms, p99 ${r.latency.p99.toFixed(1)} ms${
      r.non2xx + r.errors ? ` (${r.non2xx + r.errors} failed!)` : ''
    }`;
  const json: Side = { base: o.base, pid: o.pid, next: () => ({ method: 'GET', path: trpcQueryPath('stories.page', o.randomPage()) }) };
  const html: Side = { base: o.base, pid: o.pid, next: () => ({ method: 'GET', path: storyPath(o.randomPage()) }) };
  const hotSet = Array.from({ length: 100 }, () => o.randomPage());
  let i = 0;
  const hot: Side = { base: o.base, pid: o.pid, next: () => ({ method: 'GET', path: storyPath(hotSet[i++ % hotSet.length]!) }) };
  const settings = { connections: o.connections, rounds: o.rounds, sliceSeconds: o.sliceSeconds, warmupSeconds: o.warmupSeconds };

  o.log('  tRPC stories.page vs server-rendered story page, random stories…');
  const cold = await compare(json, html, settings);
  o.log(`    ${Math.round(cold.a.rps)} vs ${Math.round(cold.b.rps)} req/s`);
  o.log('  tRPC stories.page vs server-rendered story page, 100 kept pages…');
  const kept = await compare(json, hot, settings);
  o.log(`    ${Math.round(kept.a.rps)} vs ${Math.round(kept.b.rps)} req/s`);

  const cpu = (c: typeof cold) => (c.cpu ? `; server CPU ${c.cpu.aMicros.toFixed(0)} vs ${c.cpu.bMicros.toFixed(0)} µs per request` : '');
  report.info('GET /trpc/stories.page (the JSON read), random pages', figure(cold.a));
  report.judged(
    'GET /story/:u/page/:n server-rendered, random stories (first visits)',
    `${figure(cold.b)}; ${(cold.b.rps / cold.a.rps).toFixed(2)}x JSON${cpu(cold)}`,
    '>= 1,500 req/s',
    cold.b.rps >= 1500,
  );
  report.judged(
    'GET /story/:u/page/:n server-rendered, 100 pages kept (anonymous)',
    `${figure(kept.b)}; ${(kept.b.rps / kept.a.rps).toFixed(2)}x JSON${cpu(kept)}`,
    '>= 1,500 req/s',
    kept.b.rps >= 1500,
  );
  return { cold, kept };
}
