// The worker side of WorkerPoolFormatter: one story per call, answered as plain data (errors do not
// keep their class across threads).
import type { MessagePort } from 'node:worker_threads';
import { AppError } from '../../contract/errors';
import { formatStory } from '../../core/stories/format-story';
import type { FormattedStory } from '../../ports/story-formatter';
import type { PhotoMap } from '../../core/stories/photo-html';

export type WorkerAnswer = { ok: true; story: FormattedStory } | { ok: false; kind: AppError['kind']; message: string };

export interface WorkerTask {
  html: string;
  photos: PhotoMap;
  /** Told when this thread starts on the story: its time budget runs from then. */
  started: MessagePort;
}

export default function formatInWorker({ html, photos, started }: WorkerTask): WorkerAnswer {
  started.postMessage(null);
  started.close();
  try {
    return { ok: true, story: formatStory(html, photos) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, kind: err.kind, message: err.message };
    throw err;
  }
}
