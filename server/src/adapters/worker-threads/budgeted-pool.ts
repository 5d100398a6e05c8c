// A piscina pool for rare, heavy work (a document brought in, a Word document made): each task has a budget of wall
// time and of memory on its thread, past which the thread is ended and the task refused; tasks wait for a thread in
// a queue (p-limit) that several pools may share, which refuses more than `maxWaiting` as busy.
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { AppError } from '../../contract/errors';

export interface BudgetedPoolOptions {
  /** workerEntry(...) of the pool's worker file. */
  entry: { filename: string; execArgv: string[] };
  threads: number;
  budgetMs: number;
  maxOldGenerationSizeMb: number;
  /** The queue for a thread, when deps.ts shares one between pools; one of `threads` places by default. */
  queue?: ReturnType<typeof pLimit>;
  maxWaiting: number;
  /** The sentence for a task refused because too many wait. */
  busy: string;
}

/** Past its time or memory budget, or too deep for the thread's stack. */
export const isOverBudget = (err: unknown): boolean =>
  (err as Error).name === 'AbortError' || (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError;

export class BudgetedPool {
  private readonly pool: Piscina;
  private readonly queue: ReturnType<typeof pLimit>;

  constructor(private readonly options: BudgetedPoolOptions) {
    this.queue = options.queue ?? pLimit(options.threads);
    this.pool = new Piscina({
      ...options.entry,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb },
    });
  }

  /** Runs `task` on a thread; a failure goes through `refuse`, which turns it into the adapter's own AppError. */
  run<T>(task: unknown, refuse: (err: unknown) => never): Promise<T> {
    if (this.queue.pendingCount >= this.options.maxWaiting) throw new AppError('UNAVAILABLE', this.options.busy, undefined, 30);
    return this.queue(async () => {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), this.options.budgetMs);
      try {
        return (await this.pool.run(task, { signal: abort.signal })) as T;
      } catch (err) {
        refuse(err);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
