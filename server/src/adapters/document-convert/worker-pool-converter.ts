/**
 * Converts documents on worker threads (piscina), as stories are formatted (adapters/story-format): mammoth on a
 * 200-page document is seconds of CPU, which must not hold the event loop that answers everyone else. A document
 * has a budget of wall time and of memory on its thread; past either, the thread is ended and the import refused
 * with a sentence. Documents wait for a free thread in our own queue, which refuses more than `maxWaiting` as busy.
 */
import os from 'node:os';
import type pLimit from 'p-limit';
import { AppError } from '../../contract/errors';
import {
  DOCUMENT_TOO_COMPLEX,
  DOCUMENT_TOO_DEEP,
  type ConvertedDocument,
  type DocumentConverter,
  type DocumentSource,
} from '../../ports/document-converter';
import { BudgetedPool, isOverBudget } from '../worker-threads/budgeted-pool';
import { workerEntry } from '../worker-threads/worker-entry';

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

export class WorkerPoolConverter implements DocumentConverter {
  readonly name = 'worker threads';
  private readonly pool: BudgetedPool;

  constructor(options: WorkerPoolConverterOptions = {}) {
    this.pool = new BudgetedPool({
      entry: workerEntry(import.meta.url, 'document-convert-worker.js', 'convert-worker.ts'),
      threads: options.threads ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      budgetMs: options.budgetMs ?? 60_000,
      // A 20 MB document with its pictures needs a few hundred MB; one that needs far more is refused, not the server.
      maxOldGenerationSizeMb: 768,
      queue: options.queue,
      maxWaiting: options.maxWaiting ?? 8,
      busy: CONVERTER_BUSY,
    });
  }

  convert(source: DocumentSource): Promise<ConvertedDocument> {
    return this.pool.run<ConvertedDocument>(source, (err) => {
      if (isOverBudget(err)) throw new AppError('UNPROCESSABLE', DOCUMENT_TOO_COMPLEX);
      if ((err as Error).message === DOCUMENT_TOO_DEEP) throw new AppError('UNPROCESSABLE', DOCUMENT_TOO_DEEP);
      // mammoth's own refusal of a file it cannot read (a part missing, XML it cannot parse).
      throw new AppError('UNPROCESSABLE', UNREADABLE);
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
