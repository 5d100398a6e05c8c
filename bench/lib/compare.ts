// A ratio that holds on a shared machine: B against A in alternating short slices (A B A B … A), so that the
// load other processes put on the machine hits both alike. Each B slice is compared with the mean of the A
// slices around it, and the ratio is the median over the rounds.
import { runLoad, type LoadResult, type LoadSpec } from './load';
import { cpuMicros } from './server-process';
import { median } from './stats';

export interface Side {
  base: string;
  next: LoadSpec['next'];
  /** The server's process: when given, its CPU time per answered request is measured too. */
  pid?: number;
}

/** Server CPU time (user + system) per request, median over the slices: a cost that other load moves less. */
export interface CpuPerRequest {
  aMicros: number;
  bMicros: number;
  /** a / b: the throughput ratio if CPU time were all that limited each server. */
  ratio: number;
}

export interface Comparison {
  /** Each side's slice with the median req/s (its latencies come from that slice). */
  a: LoadResult;
  b: LoadResult;
  ratio: number;
  rounds: Array<{ a: number; b: number; ratio: number }>;
  cpu?: CpuPerRequest;
}

const medianRun = (runs: LoadResult[]) => [...runs].sort((x, y) => x.rps - y.rps)[Math.floor((runs.length - 1) / 2)]!;

export async function compare(
  a: Side,
  b: Side,
  o: { connections: number; rounds: number; sliceSeconds: number; warmupSeconds: number },
): Promise<Comparison> {
  const cpuA: number[] = [];
  const cpuB: number[] = [];
  const slice = async (side: Side, warmupSeconds = 0, cpu?: number[]) => {
    if (warmupSeconds > 0)
      await runLoad({ base: side.base, next: side.next, connections: o.connections, seconds: warmupSeconds, warmupSeconds: 0 });
    const before = side.pid === undefined ? 0 : cpuMicros(side.pid);
    const r = await runLoad({ base: side.base, next: side.next, connections: o.connections, seconds: o.sliceSeconds, warmupSeconds: 0 });
    if (side.pid !== undefined && cpu && r.requests > 0) cpu.push((cpuMicros(side.pid) - before) / r.requests);
    return r;
  };
  const as: LoadResult[] = [await slice(a, o.warmupSeconds, cpuA)];
  const bs: LoadResult[] = [];
  await runLoad({ base: b.base, next: b.next, connections: o.connections, seconds: o.warmupSeconds, warmupSeconds: 0 }); // warm B up once, unrecorded
  for (let i = 0; i < o.rounds; i++) {
    bs.push(await slice(b, 0, cpuB));
    as.push(await slice(a, 0, cpuA));
  }
  const rounds = bs.map((r, i) => {
    const around = (as[i]!.rps + as[i + 1]!.rps) / 2;
    return { a: around, b: r.rps, ratio: r.rps / around };
  });
  const cpu =
    cpuA.length > 0 && cpuB.length > 0 ? { aMicros: median(cpuA), bMicros: median(cpuB), ratio: median(cpuA) / median(cpuB) } : undefined;
  return { a: medianRun(as), b: medianRun(bs), ratio: median(rounds.map((r) => r.ratio)), rounds, ...(cpu ? { cpu } : {}) };
}
