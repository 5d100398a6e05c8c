// CPU time of one thread of this process, as Linux counts it (/proc), so that a story's budget counts the time its
// thread ran, not the time it waited for a core (docs/decisions/0010-story-formatting-off-the-event-loop.md).
// Node 20 has no per-thread CPU clock of its own (process.cpuUsage counts every thread of the process).
import fs from 'node:fs';

/** The calling thread's id as the kernel knows it (`/proc/thread-self` is `<pid>/task/<tid>`); undefined off Linux. */
export function currentThreadId(): number | undefined {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds thread `tid` of this process has spent on a core (the first field of its schedstat, in ns), or
 * undefined when it cannot be read (the thread has ended, or no /proc).
 */
export function threadCpuMs(tid: number): number | undefined {
  try {
    const ns = Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1').split(' ', 1)[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}
