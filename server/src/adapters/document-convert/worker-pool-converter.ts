/**
 * Converts documents on worker threads (piscina), as stories are formatted (adapters/story-format): mammoth on a
 * 200-page document is seconds of CPU, which must not hold the event loop that answers everyone else. A document
 * has a budget of wall time and of memory on its thread; past either, the thread is ended and the import refused
 * with a sentence. Documents wait for a free thread in our own queue, which refuses more than `maxWaiting` as busy.
 */
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { AppError } from '../../contract/errors';
import {
  DOCUMENT_TOO_COMPLEX,
  DOCUMENT_TOO_DEEP,
  type ConvertedDocument,
  type DocumentConverter,
  type DocumentSource,
} from '../../ports/document-converter';

export const UNREADABLE = 'This document could not be read. Try opening it in Word and saving it again.';
export const CONVERTER_BUSY = 'The server is busy bringing in other documents; please try again in a minute.';

export interface WorkerPoolConverterOptions {
  /** Wall time a document may take on its thread; a 200-page .docx with 50 photos takes a few seconds. */
  budgetMs?: number;
  threads?: number;
  /** The queue for a thread, when deps.ts shares it with the Word builder (adapters/word-build). */
  queue?: ReturnType<typeof pLimit>;
  maxWaiting?: number;
}

/** The worker's file: the bundle's sibling in dist/server, or the TypeScript source run through tsx. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) return { filename: new URL('./document-convert-worker.js', here).href, execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { filename: new URL('./convert-worker.ts', here).href, execArgv: ['--import', tsx] };
}

export class WorkerPoolConverter implements DocumentConverter {
  readonly name = 'worker threads';
  private readonly pool: Piscina;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly budgetMs: number;
  private readonly maxWaiting: number;

  constructor(options: WorkerPoolConverterOptions = {}) {
    const threads = options.threads ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
    this.budgetMs = options.budgetMs ?? 60_000;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.limit = options.queue ?? pLimit(threads);
    this.pool = new Piscina({
      ...workerEntry(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      // A 20 MB document with its pictures needs a few hundred MB; one that needs far more is refused, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 768 },
    });
  }

  convert(source: DocumentSource): Promise<ConvertedDocument> {
    if (this.limit.pendingCount >= this.maxWaiting) throw new AppError('UNAVAILABLE', CONVERTER_BUSY, undefined, 30);
    return this.limit(() => this.run(source));
  }

  private async run(task: DocumentSource): Promise<ConvertedDocument> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.budgetMs);
    try {
      return (await this.pool.run(task, { signal: abort.signal })) as ConvertedDocument;
    } catch (err) {
      const name = (err as Error).name;
      const code = (err as NodeJS.ErrnoException).code;
      if (name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError) {
        throw new AppError('UNPROCESSABLE', DOCUMENT_TOO_COMPLEX);
      }
      if ((err as Error).message === DOCUMENT_TOO_DEEP) throw new AppError('UNPROCESSABLE', DOCUMENT_TOO_DEEP);
      // mammoth's own refusal of a file it cannot read (a part missing, XML it cannot parse).
      throw new AppError('UNPROCESSABLE', UNREADABLE);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
