/**
 * Builds Word documents on a worker thread (piscina), as stories are formatted (adapters/story-format): docx compiles
 * a 200-page story in one synchronous call of a second or two, which must not hold the event loop that answers
 * everyone else. Only the prepared story's HTML goes in and the XML parts come out; photos stay stand-ins
 * (docx-parts.ts), so nothing large crosses threads. A story has a budget of wall time and of memory on its thread;
 * past either, the thread is ended and the download refused with a sentence. Stories wait for a thread in a queue
 * (p-limit) that deps.ts may share with the document converter, so the two never take more threads than the machine
 * spares (docs/performance.md, "Word out"); more than `maxWaiting` are refused as busy.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { AppError } from '../../contract/errors';
import { WORD_TOO_LARGE, type WordBook, type WordBuilder, type WordPart } from '../../ports/word-builder';

export const WORD_BUSY = 'The server is busy making other Word documents; please try again in a minute.';

export interface WorkerPoolWordBuilderOptions {
  /** Wall time a story may take on its thread; 200 pages take a second or two on a free core. */
  budgetMs?: number;
  threads?: number;
  /** The queue for a thread, shared with other pools of rare, heavy work; one of `threads` places by default. */
  queue?: ReturnType<typeof pLimit>;
  maxWaiting?: number;
}

/** The worker's file: the bundle's sibling in dist/server, or the TypeScript source run through tsx. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) return { filename: new URL('./word-build-worker.js', here).href, execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { filename: new URL('./word-build-worker.ts', here).href, execArgv: ['--import', tsx] };
}

export class WorkerPoolWordBuilder implements WordBuilder {
  readonly name = 'worker threads';
  private readonly pool: Piscina;
  private readonly queue: ReturnType<typeof pLimit>;
  private readonly budgetMs: number;
  private readonly maxWaiting: number;

  constructor(options: WorkerPoolWordBuilderOptions = {}) {
    const threads = options.threads ?? 1;
    this.budgetMs = options.budgetMs ?? 120_000;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.queue = options.queue ?? pLimit(threads);
    this.pool = new Piscina({
      ...workerEntry(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      // 200 pages need ~150 MB on the thread; a story that needs far more is refused, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 768 },
    });
  }

  build(book: WordBook): Promise<WordPart[]> {
    if (this.queue.pendingCount >= this.maxWaiting) throw new AppError('UNAVAILABLE', WORD_BUSY, undefined, 30);
    return this.queue(() => this.run(book));
  }

  private async run(book: WordBook): Promise<WordPart[]> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.budgetMs);
    try {
      return (await this.pool.run(book, { signal: abort.signal })) as WordPart[];
    } catch (err) {
      const name = (err as Error).name;
      const code = (err as NodeJS.ErrnoException).code;
      if (name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError) {
        throw new AppError('UNPROCESSABLE', WORD_TOO_LARGE);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
