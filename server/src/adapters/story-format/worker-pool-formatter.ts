/**
 * Formats stories on worker threads (piscina), so that sanitising and splitting a large or adversarial
 * story never blocks the event loop that answers everyone else. Each story has a budget of CPU time on its
 * thread (read from /proc while it runs, thread-cpu-time.ts), so neither waiting for a thread, starting one,
 * nor waiting for a core on a busy machine is counted: past it, the thread is terminated and the save is
 * refused with a sentence. A draft read back is never refused for time. Stories wait for a free thread in our
 * own queue (p-limit), which refuses more than `maxWaiting` as busy.
 */
import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { AppError } from '../../contract/errors';
import { TOO_COMPLEX, type FormattedStory, type PhotoMap, type StoryFormatter } from '../../ports/story-formatter';
import type { WorkerAnswer, WorkerTask } from './format-worker';
import { threadCpuMs } from './thread-cpu-time';
import { workerEntry } from '../worker-threads/worker-entry';

export const BUSY = 'The server is busy saving other stories; please try again in a moment.';

export interface WorkerPoolOptions {
  /** CPU time a story may take on its thread; the largest accepted story takes ~0.5 s on one core. */
  budgetMs?: number;
  /** A thread's CPU milliseconds so far (tests replace it); wall time from the start where it answers undefined. */
  threadCpuMs?: (tid: number) => number | undefined;
  threads?: number;
  /** Stories that may wait for a thread; more are refused as busy. */
  maxWaiting?: number;
}

export class WorkerPoolFormatter implements StoryFormatter {
  readonly name = 'worker threads';
  private readonly pool: Piscina;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly budgetMs: number;
  private readonly maxWaiting: number;
  private readonly cpuMs: (tid: number) => number | undefined;

  constructor(options: WorkerPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
    this.budgetMs = options.budgetMs ?? 5000;
    this.maxWaiting = options.maxWaiting ?? 32;
    this.cpuMs = options.threadCpuMs ?? threadCpuMs;
    this.limit = pLimit(threads);
    this.pool = new Piscina({
      ...workerEntry(import.meta.url, 'story-format-worker.js', 'format-worker.ts'),
      minThreads: 0,
      maxThreads: threads,
      // A thread holds ~30 MB; one that has been idle for a minute is let go.
      idleTimeout: 60_000,
      // The largest accepted story needs ~150 MB; a story that needs far more is refused, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
  }

  async format(html: string, photos: PhotoMap = {}): Promise<FormattedStory> {
    const answer = await this.queue(html, photos, 'story');
    if (!answer.ok) throw new AppError(answer.kind, answer.message, { text: answer.message });
    if (!('story' in answer)) throw new Error('the story formatter answered a story with a draft');
    return answer.story;
  }

  async formatDraft(html: string, photos: PhotoMap = {}): Promise<{ body: string }> {
    const answer = await this.queue(html, photos, 'draft');
    if (!answer.ok) throw new AppError(answer.kind, answer.message, { text: answer.message });
    if (!('draft' in answer)) throw new Error('the story formatter answered a draft with a story');
    return answer.draft;
  }

  private queue(html: string, photos: PhotoMap, mode: WorkerTask['mode']): Promise<WorkerAnswer> {
    if (this.limit.pendingCount >= this.maxWaiting) throw new AppError('UNAVAILABLE', BUSY, undefined, 5);
    return this.limit(() => this.run(html, photos, mode));
  }

  private async run(html: string, photos: PhotoMap, mode: WorkerTask['mode']): Promise<WorkerAnswer> {
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    // A draft is read back whatever it costs: autosave accepted it, within the story's size limits.
    if (mode === 'story') port1.once('message', (tid: number | null) => (timer = this.watch(tid, abort)));
    try {
      const task: WorkerTask = { html, photos, mode, started: port2 };
      return (await this.pool.run(task, { signal: abort.signal, transferList: [port2] })) as WorkerAnswer;
    } catch (err) {
      // Over budget (the thread was terminated) or out of the thread's memory: the story, not the server.
      const name = (err as Error).name;
      const code = (err as NodeJS.ErrnoException).code;
      if (name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, kind: 'UNPROCESSABLE', message: TOO_COMPLEX };
      throw err;
    } finally {
      clearTimeout(timer);
      clearInterval(timer);
      port1.close();
    }
  }

  /**
   * Aborts once the thread has spent the budget in CPU time, read every few milliseconds from its own clock;
   * where that clock cannot be read, once the budget has passed on the wall clock since the thread started.
   */
  private watch(tid: number | null, abort: AbortController): NodeJS.Timeout {
    const startCpu = tid === null ? undefined : this.cpuMs(tid);
    if (tid === null || startCpu === undefined) return setTimeout(() => abort.abort(), this.budgetMs);
    const every = Math.max(5, Math.min(100, this.budgetMs / 4));
    return setInterval(() => {
      const now = this.cpuMs(tid);
      if (now !== undefined && now - startCpu > this.budgetMs) abort.abort();
    }, every);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
