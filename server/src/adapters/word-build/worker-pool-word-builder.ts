/**
 * Builds Word documents on a worker thread (piscina), as stories are formatted (adapters/story-format): docx compiles
 * a 200-page story in one synchronous call of a second or two, which must not hold the event loop that answers
 * everyone else. Only the prepared story's HTML goes in and the XML parts come out; photos stay stand-ins
 * (docx-parts.ts), so nothing large crosses threads. A story has a budget of wall time and of memory on its thread;
 * past either, the thread is ended and the download refused with a sentence. Stories wait for a thread in a queue
 * (p-limit) that deps.ts may share with the document converter, so the two never take more threads than the machine
 * spares (docs/performance.md, "Word out"); more than `maxWaiting` are refused as busy.
 */
import type pLimit from 'p-limit';
import { AppError } from '../../contract/errors';
import { WORD_TOO_LARGE, type WordBook, type WordBuilder, type WordPart } from '../../ports/word-builder';
import { BudgetedPool, isOverBudget } from '../worker-threads/budgeted-pool';
import { workerEntry } from '../worker-threads/worker-entry';

export const WORD_BUSY = 'The server is busy making other Word documents; please try again in a minute.';

export interface WorkerPoolWordBuilderOptions {
  /** Wall time a story may take on its thread; 200 pages take a second or two on a free core. */
  budgetMs?: number;
  threads?: number;
  /** The queue for a thread, shared with other pools of rare, heavy work; one of `threads` places by default. */
  queue?: ReturnType<typeof pLimit>;
  maxWaiting?: number;
}

export class WorkerPoolWordBuilder implements WordBuilder {
  readonly name = 'worker threads';
  private readonly pool: BudgetedPool;

  constructor(options: WorkerPoolWordBuilderOptions = {}) {
    this.pool = new BudgetedPool({
      entry: workerEntry(import.meta.url, 'word-build-worker.js', 'word-build-worker.ts'),
      threads: options.threads ?? 1,
      budgetMs: options.budgetMs ?? 120_000,
      // 200 pages need ~150 MB on the thread; a story that needs far more is refused, not the server.
      maxOldGenerationSizeMb: 768,
      queue: options.queue,
      maxWaiting: options.maxWaiting ?? 8,
      busy: WORD_BUSY,
    });
  }

  build(book: WordBook): Promise<WordPart[]> {
    return this.pool.run<WordPart[]>(book, (err) => {
      if (isOverBudget(err)) throw new AppError('UNPROCESSABLE', WORD_TOO_LARGE);
      throw err;
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
