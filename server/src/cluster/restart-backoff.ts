// When the supervisor starts another worker for one that died (docs/decisions/0036-several-processes.md): at once
// after a worker that had been serving a while, later and later after one that failed at start (a bad build, a
// full disk), so that a worker that cannot start does not keep a core busy starting it.

/** A worker that ends before it serves, or within this long of serving, failed at start. */
export const FAILED_AT_START_MS = 5_000;
/** Failures at start in a row, while no worker serves, after which the supervisor stops trying (exit 1). */
export const GIVE_UP_AFTER = 5;
const LONGEST_WAIT_MS = 30_000;

/** How long to wait before starting a worker, after `failuresInARow` failed at start (0: the one that died had served). */
export function restartDelayMs(failuresInARow: number): number {
  if (failuresInARow <= 0) return 0;
  return Math.min(LONGEST_WAIT_MS, 500 * 2 ** (failuresInARow - 1));
}
