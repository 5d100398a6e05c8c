// The worker side of WorkerPoolFormatter: one story per call, answered as plain data (errors do not
// keep their class across threads). It runs the core's formatStory: the one adapter that imports the core
// (docs/architecture.md, "Layers"); everything else it names comes from the port.
import type { MessagePort } from 'node:worker_threads';
import { AppError } from '../../contract/errors';
import { formatDraftBody, formatStory } from '../../core/stories/format-story';
import type { FormattedStory, PhotoMap } from '../../ports/story-formatter';
import { currentThreadId } from './thread-cpu-time';

export type WorkerAnswer =
  | { ok: true; story: FormattedStory }
  | { ok: true; draft: { body: string } }
  | { ok: false; kind: AppError['kind']; message: string };

export interface WorkerTask {
  html: string;
  photos: PhotoMap;
  /** 'story': body and pages, for a publish; 'draft': the body alone, for reading a draft back. */
  mode: 'story' | 'draft';
  /** Told when this thread starts on the story, with the thread's id (its CPU time is the budget's clock). */
  started: MessagePort;
}

export default function formatInWorker({ html, photos, mode, started }: WorkerTask): WorkerAnswer {
  started.postMessage(currentThreadId() ?? null);
  started.close();
  try {
    if (mode === 'draft') return { ok: true, draft: { body: formatDraftBody(html, photos) } };
    return { ok: true, story: formatStory(html, photos) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, kind: err.kind, message: err.message };
    throw err;
  }
}
