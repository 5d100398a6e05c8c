// The projector folds events, in order, into the projection tables (proj_*) and from them into the
// SearchIndex (story and people documents with the three top-list counters): ADR 0003. This file schedules
// the runs (projection-runs.ts), one at a time, and backs off while the index fails.
import { catchUpBatch, type ProjectorDeps, readCheckpoint, rebuildAll } from './projection-runs';

export type { ProjectorDeps } from './projection-runs';

/** Periodic catch-up: windows age with time, and a failed index is retried. */
const TICK_MS = 1000;
/**
 * While writes keep coming, a catch-up starts at most this long after the previous one that found events, so
 * that each batch gathers the events of this interval: a batch has a fixed cost (its reads, three commits) and
 * the postings that several of its likes share are written once. A write after a quiet spell is folded at
 * once; under a stream of writes, visibility waits at most this much longer (docs/performance.md, "Likes").
 */
const GATHER_MS = 25;
/** Back-off after the n-th failure in a row: BACKOFF_BASE_MS * 2^n, at most BACKOFF_MAX_MS. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 30_000;

export class Projector {
  /** Every run (catch-up or rebuild) goes through this chain, one at a time. */
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private retryAt = 0;
  /** When the last run that folded events started (0: none yet). */
  private busyAt = 0;

  constructor(private readonly deps: ProjectorDeps) {}

  /** Ask for a catch-up soon (after a write commits). Never throws, never blocks the caller. */
  poke(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    const run = () => {
      this.queued = false;
      if (Date.now() >= this.retryAt) void this.drain().catch(() => undefined);
    };
    const wait = this.busyAt + GATHER_MS - Date.now();
    if (wait > 0) setTimeout(run, wait).unref();
    else setImmediate(run);
  }

  /** Catch up periodically too: windows age with time, and a failed index retries with back-off. */
  start(intervalMs = TICK_MS): void {
    this.timer ??= setInterval(() => this.poke(), intervalMs);
    this.timer.unref();
    this.poke();
  }

  /** No new runs after this; resolves when the current one has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  /** Processes every pending event and ages the windows; resolves when caught up. Rejects if the index fails. */
  drain(): Promise<void> {
    return this.exclusive(async () => {
      try {
        const startedAt = Date.now();
        for (;;) {
          const { folded, more } = await catchUpBatch(this.deps);
          if (folded > 0) this.busyAt = startedAt;
          if (!more) break;
        }
        this.failures = 0;
        this.retryAt = 0;
      } catch (err) {
        this.failures += 1;
        this.retryAt = Date.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.failures);
        this.deps.log(`projector: ${(err as Error).message}; retrying in ${this.retryAt - Date.now()} ms`);
        throw err;
      }
    });
  }

  /** The last event folded into the index. */
  checkpoint(): Promise<number> {
    return readCheckpoint(this.deps.db);
  }

  /** Rebuilds projections and documents from the whole log (`npm run reindex`): see rebuildAll. */
  rebuild(): Promise<void> {
    return this.exclusive(() => rebuildAll(this.deps));
  }

  private exclusive(fn: () => Promise<void>): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
