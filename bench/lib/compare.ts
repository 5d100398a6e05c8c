// A ratio that holds on a shared machine: B against A in alternating short slices (A B A B … A), so that the
// load other processes put on the machine hits both alike. Each B slice is compared with the mean of the A
// slices around it, and the ratio is the median over the rounds.
import { runLoad, type LoadResult, type LoadSpec } from './load';

export interface Side {
  base: string;
  next: LoadSpec['next'];
}

export interface Comparison {
  /** Each side's slice with the median req/s (its latencies come from that slice). */
  a: LoadResult;
  b: LoadResult;
  ratio: number;
  rounds: Array<{ a: number; b: number; ratio: number }>;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)]!;
const medianRun = (runs: LoadResult[]) => [...runs].sort((x, y) => x.rps - y.rps)[Math.floor((runs.length - 1) / 2)]!;

export async function compare(a: Side, b: Side, o: { connections: number; rounds: number; sliceSeconds: number; warmupSeconds: number }): Promise<Comparison> {
  const slice = (side: Side, warmupSeconds = 0) =>
    runLoad({ base: side.base, next: side.next, connections: o.connections, seconds: o.sliceSeconds, warmupSeconds });
  const as: LoadResult[] = [await slice(a, o.warmupSeconds)];
  const bs: LoadResult[] = [];
  await slice(b, o.warmupSeconds).then(() => undefined); // warm B up once, unrecorded, before the first round
  for (let i = 0; i < o.rounds; i++) {
    bs.push(await slice(b));
    as.push(await slice(a));
  }
  const rounds = bs.map((r, i) => {
    const around = (as[i]!.rps + as[i + 1]!.rps) / 2;
    return { a: around, b: r.rps, ratio: r.rps / around };
  });
  return { a: medianRun(as), b: medianRun(bs), ratio: median(rounds.map((r) => r.ratio)), rounds };
}
