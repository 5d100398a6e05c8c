// The projector folds events, in order, into the projection tables (proj_*) and from them into the
// SearchIndex (story and people documents with the three top-list counters): ADR 0003. This file schedules
// the runs (projection-runs.ts), one at a time, and backs off while the index fails; while the database itself
// fails it retries every half second, and a commit (proof that the database is back) wakes it at once
// (docs/decisions/0021-postgresql.md, "When PostgreSQL is away").
import { catchUpFollowers, rebuildFollowers } from '../follows/fold-followers';
import { catchUpNotifications, rebuildNotifications } from '../notifications/fold-notifications';
import { catchUpBatch, type ProjectorDeps, readCheckpoint, rebuildAll, searchFormatOutdated } from './projection-runs';

export type { ProjectorDeps } from './projection-runs';

/** Periodic catch-up: windows age with time, and a failed index is retried. */
const TICK_MS = 1000;
/** Back-off after the n-th failure in a row: BACKOFF_BASE_MS * 2^n, at most BACKOFF_MAX_MS. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 30_000;
/** The cap when the database failed: retrying it costs one refused connection, and search must follow it back. */
const DATABASE_BACKOFF_MAX_MS = 500;
/**
 * A poke that found another process or instance running the projector tries again this soon, up to FOLLOW_TRIES times
 * in a row: that run may have read the log just before this process's commit, and the next tick is a second away
 * (docs/decisions/0037-processes-on-one-sqlite-file.md). A try that fails costs one lock call.
 */
const FOLLOW_MS = 50;
const FOLLOW_TRIES = 40;

export class Projector {
  /** Every run (catch-up or rebuild) goes through this chain, one at a time. */
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private followTimer: NodeJS.Timeout | null = null;
  private followTries = 0;
  private failures = 0;
  private retryAt = 0;
  /** The last run failed because the database did (deps.isDatabaseFailure), not the index. */
  private databaseFailed = false;

  constructor(private readonly deps: ProjectorDeps) {}

  /** Ask for a catch-up soon (after a write commits). Never throws, never blocks the caller. */
  poke(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      if (Date.now() >= this.retryAt) void this.catchUp(false).catch(() => undefined);
    });
  }

  /** Events were committed: the database answers, so a back-off for its failure ends here. */
  committed(): void {
    if (this.databaseFailed) this.retryAt = 0;
    this.poke();
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
    if (this.followTimer) clearTimeout(this.followTimer);
    this.followTimer = null;
    await this.chain;
  }

  /** Processes every pending event and ages the windows; resolves when caught up. Rejects if the index fails. */
  drain(): Promise<void> {
    return this.catchUp(true);
  }

  /**
   * A catch-up run. With several instances (deps.runAlone) only one runs at a time: drain waits for its turn; a
   * poke or tick does not, since the instance running folds these events too, or the next tick does.
   */
  private catchUp(wait: boolean): Promise<void> {
    const { runAlone } = this.deps;
    return this.exclusive(async () => {
      try {
        const run = async () => {
          // Notifications first: they live in the database only, so a failing search index does not hold them up
          // (ADR 0019).
          while (await catchUpNotifications(this.deps.db, this.deps.clock.now())) {
            /* next batch */
          }
          await catchUpFollowers(this.deps.db, this.deps.clock.now());
          while (await catchUpBatch(this.deps)) {
            /* next batch */
          }
        };
        if (!runAlone) await run();
        else if (await runAlone(run, wait)) this.followTries = 0;
        else this.follow();
        if (this.databaseFailed) this.deps.log(`projector: the database answers again; caught up after ${this.failures} failed runs`);
        this.failures = 0;
        this.retryAt = 0;
        this.databaseFailed = false;
      } catch (err) {
        this.failures += 1;
        const databaseFailed = this.deps.isDatabaseFailure?.(err) ?? false;
        const cap = databaseFailed ? DATABASE_BACKOFF_MAX_MS : BACKOFF_MAX_MS;
        this.retryAt = Date.now() + Math.min(cap, BACKOFF_BASE_MS * 2 ** this.failures);
        // A database outage is told once, not twice a second.
        if (!(databaseFailed && this.databaseFailed))
          this.deps.log(`projector: ${(err as Error).message}; retrying in ${this.retryAt - Date.now()} ms`);
        this.databaseFailed = databaseFailed;
        throw err;
      }
    });
  }

  /** Another run held the lock: try again shortly, while it may have missed this process's last commit. */
  private follow(): void {
    if (this.stopped || this.followTimer || this.followTries >= FOLLOW_TRIES) return;
    this.followTries += 1;
    this.followTimer = setTimeout(() => {
      this.followTimer = null;
      this.poke();
    }, FOLLOW_MS);
    this.followTimer.unref();
  }

  /** The last event folded into the index. */
  checkpoint(): Promise<number> {
    return readCheckpoint(this.deps.db);
  }

  /** Rebuilds projections and documents from the whole log (`npm run reindex`): see rebuildAll. */
  rebuild(): Promise<void> {
    const { runAlone } = this.deps;
    return this.exclusive(async () => {
      const run = async () => {
        await rebuildAll(this.deps);
        await rebuildNotifications(this.deps.db, this.deps.clock.now());
        await rebuildFollowers(this.deps.db, this.deps.clock.now());
      };
      if (runAlone) await runAlone(run, true);
      else await run();
    });
  }

  /**
   * Rebuilds once when the index holds documents of an older format (a new version changed what adapters
   * store), so an upgrade needs no manual `npm run reindex`. Returns whether it rebuilt.
   */
  async rebuildIfFormatChanged(): Promise<boolean> {
    if (!(await searchFormatOutdated(this.deps.db))) return false;
    await this.rebuild();
    return true;
  }

  private exclusive(fn: () => Promise<void>): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
