// A server and every process it started (WORKERS > 1: a supervisor and its workers, issue #28), read from /proc:
// CPU time and memory of the whole tree, so that a figure per request counts every process that served it.
import fs from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture node runs on

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ownTicks: number;
  /** cutime + cstime: children that have exited and been waited for (a worker that was restarted). */
  reapedChildTicks: number;
}

/** /proc/<pid>/stat: the fields after the command name (which may hold spaces and parentheses) start at `state`. */
export function parseStat(text: string): ProcStat {
  const close = text.lastIndexOf(') ');
  const pid = Number(text.slice(0, text.indexOf(' ')));
  const f = text.slice(close + 2).split(' ');
  // f[0] state, f[1] ppid, … f[11] utime, f[12] stime, f[13] cutime, f[14] cstime.
  return { pid, ppid: Number(f[1]), ownTicks: Number(f[11]) + Number(f[12]), reapedChildTicks: Number(f[13]) + Number(f[14]) };
}

/** `root` and every descendant of it, given each live process's parent. */
export function descendants(root: number, parentOf: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentOf) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * CPU time of a tree in clock ticks: each live process's own, plus what its exited children used (cutime,
 * cstime), so that a worker ending between two readings does not take its CPU time with it.
 */
export function treeTicks(stats: readonly ProcStat[]): number {
  return stats.reduce((sum, s) => sum + s.ownTicks + s.reapedChildTicks, 0);
}

function readStat(pid: number | string): ProcStat | null {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null; // the process has gone
  }
}

/** The live process `pid` and its descendants (a scan of /proc). */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = readStat(entry);
    if (s) parentOf.set(s.pid, s.ppid);
  }
  return descendants(pid, parentOf);
}

/** CPU time (user + system) the process and all its descendants have used so far, in microseconds. */
export function treeCpuMicros(pid: number): number {
  const stats = processTree(pid)
    .map(readStat)
    .filter((s): s is ProcStat => s !== null);
  return treeTicks(stats) * (1e6 / CLOCK_TICKS_PER_SECOND);
}

function statusKb(pid: number, key: string): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Proportional set size: each shared page counted once across the processes that share it (smaps_rollup). */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface TreeMemory {
  /** Sum of VmRSS (pages shared between the processes, such as the node binary, counted once per process). */
  rss: number;
  /** Sum of each process's VmHWM (each one's own peak; not the peak of the sum). */
  hwm: number;
  /** Sum of Pss (shared pages split between the processes that share them). */
  pss: number;
  processes: number;
}

/** Memory of the given processes together, in bytes. */
export function memoryOfPids(pids: readonly number[], withPss = false): TreeMemory {
  let rss = 0;
  let hwm = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += statusKb(pid, 'VmRSS');
    hwm += statusKb(pid, 'VmHWM');
    if (withPss) pss += pssKb(pid);
  }
  return { rss: rss * 1024, hwm: hwm * 1024, pss: pss * 1024, processes: pids.length };
}
