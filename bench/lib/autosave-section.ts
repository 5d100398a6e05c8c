// The bench section for issue #11's goal: autosave traffic of 200 people typing at once (one draft save each
// per ~1.5 s) must not move the story-page read figures by more than 10% (docs/performance.md, "Autosave").
import { aloneAndUnderSaves, autosaveInChild, type AutosaveResult, typistEmails } from './autosave';
import { login } from './http-client';
import { runLoad, type LoadResult, type LoadSpec } from './load';
import { pacedInChild } from './load-child';
import type { PlannedRequest } from './paced-load';
import { ms, type Report, rps } from './report';
import { cpuMicros } from './server-process';
import { median, type Summary } from './stats';

export interface AutosaveSectionOptions {
  base: string;
  /** The server's process, for its CPU time per save. */
  pid: number;
  dataDir: string;
  password: string;
  typists: number;
  intervalMs: number;
  startWords: number;
  connections: number;
  rounds: number;
  sliceSeconds: number;
  /** Offered rate of the paced story-page reads. */
  readRate: number;
  next: LoadSpec['next'];
  log: (line: string) => void;
}

/** Each B against the mean of the A's on either side of it, then the median over the rounds. */
const ratios = (alone: number[], under: number[]) => under.map((b, i) => b / ((alone[i]! + alone[i + 1]!) / 2));
const lat = (s: Summary) => `p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms`;

export async function autosaveSection(report: Report, o: AutosaveSectionOptions): Promise<Record<string, unknown>> {
  o.log(`  signing in ${o.typists} typists…`);
  const cookies: string[] = [];
  for (const email of typistEmails(o.dataDir, o.typists)) cookies.push(await login(o.base, email, o.password));
  const job = { base: o.base, cookies, intervalMs: o.intervalMs, startWords: o.startWords, seed: 11 };
  const settings = { rounds: o.rounds, leadSeconds: 1, measureSeconds: o.sliceSeconds, job };

  // What one save costs the server, with nothing else asking: its CPU time over the saves of a quiet stretch.
  o.log('  autosave alone, for the server CPU time per save…');
  const cpuBefore = cpuMicros(o.pid);
  const quiet = await autosaveInChild({ ...job, seed: 99, seconds: o.sliceSeconds * 2 }).done;
  const cpuPerSave = (cpuMicros(o.pid) - cpuBefore) / Math.max(1, quiet.sent - quiet.failed);
  const offered = (o.typists * 1000) / o.intervalMs;

  o.log(`  story page at saturation, alone and under autosave (${o.rounds} rounds of ${o.sliceSeconds} s)…`);
  const saturated = await aloneAndUnderSaves(settings, () =>
    runLoad({ base: o.base, next: o.next, connections: o.connections, seconds: o.sliceSeconds, warmupSeconds: 0 }),
  );
  const satRatios = ratios(
    saturated.alone.map((r) => r.rps),
    saturated.under.map((r) => r.rps),
  );
  const medianRun = (runs: LoadResult[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)]!;
  const [aSat, bSat] = [medianRun(saturated.alone), medianRun(saturated.under)];

  o.log(`  story page at ${o.readRate} req/s, alone and under autosave…`);
  const plan = (): PlannedRequest[] => Array.from({ length: Math.round(o.readRate * o.sliceSeconds) }, o.next);
  const paced = await aloneAndUnderSaves(settings, () => pacedInChild(o.base, plan(), o.readRate, 0));
  const p50Ratios = ratios(
    paced.alone.map((r) => r.latency.p50),
    paced.under.map((r) => r.latency.p50),
  );
  const p95Ratios = ratios(
    paced.alone.map((r) => r.latency.p95),
    paced.under.map((r) => r.latency.p95),
  );
  const medianPaced = <T extends { latency: Summary }>(runs: T[]) =>
    [...runs].sort((a, b) => a.latency.p95 - b.latency.p95)[Math.floor((runs.length - 1) / 2)]!;

  const saves: AutosaveResult[] = [...saturated.saves, ...paced.saves];
  const sent = saves.reduce((n, s) => n + s.sent, 0);
  const failed = saves.reduce((n, s) => n + s.failed, 0);
  const worstSaves = [...saves].sort((a, b) => b.latency.p99 - a.latency.p99)[0]!;
  const satRatio = median(satRatios);
  const statuses: Record<string, number> = {};
  for (const [status, n] of saves.flatMap((s) => Object.entries(s.statuses))) statuses[status] = (statuses[status] ?? 0) + n;
  const failedNote = failed ? `, ${failed} failed (statuses ${JSON.stringify(statuses)}, the rest without an answer)!` : '';

  report.info(
    'draft saves offered',
    `${((o.typists * 1000) / o.intervalMs).toFixed(0)} a second (${o.typists} people, one every ${o.intervalMs / 1000} s each, up to ${(worstSaves.draftBytes / 1024).toFixed(1)} KB of draft each); ${sent} sent${failedNote}`,
  );
  report.info(
    'draft save acknowledged (worst slice by p99)',
    `${lat(worstSaves.latency)}${worstSaves.worstStartLagMs > 50 ? ` (sender fell ${ms(worstSaves.worstStartLagMs)} ms behind!)` : ''}`,
  );
  report.info(
    'server CPU time per draft save (saves alone)',
    `${cpuPerSave.toFixed(0)} µs: ${((cpuPerSave * offered) / 1e4).toFixed(1)}% of one core at ${offered.toFixed(0)} saves a second; ack ${lat(quiet.latency)}`,
  );
  report.judged(
    `POST /api/stories/page at saturation (${o.connections} connections), under autosave vs alone`,
    `${rps(bSat.rps)} vs ${rps(aSat.rps)}: ${satRatio.toFixed(2)}x (rounds ${satRatios.map((r) => r.toFixed(2)).join(', ')}); p50 ${ms(bSat.latency.p50)} vs ${ms(aSat.latency.p50)} ms, p99 ${ms(bSat.latency.p99)} vs ${ms(aSat.latency.p99)} ms`,
    '>= 0.9x alone',
    satRatio >= 0.9 && failed === 0,
  );
  const [aPaced, bPaced] = [medianPaced(paced.alone), medianPaced(paced.under)];
  const p95Ratio = median(p95Ratios);
  report.judged(
    `POST /api/stories/page at ${o.readRate} req/s offered, under autosave vs alone`,
    `under: ${lat(bPaced.latency)}; alone: ${lat(aPaced.latency)}; p50 ${median(p50Ratios).toFixed(2)}x, p95 ${p95Ratio.toFixed(2)}x (rounds ${p95Ratios.map((r) => r.toFixed(2)).join(', ')})`,
    'p95 <= 1.1x alone',
    p95Ratio <= 1.1 && failed === 0,
  );
  return { quiet, cpuPerSave, saturated, paced, satRatios, p50Ratios, p95Ratios };
}
