/**
 * Meilisearch applies every write asynchronously: a request only enqueues a task. A write counts as done once
 * its task has succeeded, which is what lets the projector move its checkpoint only after the index really
 * holds the documents. A failed (or canceled) task is an error, unless its code is one the caller expects
 * (creating an index that exists, deleting one that does not).
 */
import type { EnqueuedTask, Meilisearch, Task } from 'meilisearch';
import { MeiliTaskError } from './meili-errors';

export async function waitForTask(
  client: Meilisearch,
  enqueued: EnqueuedTask | Promise<EnqueuedTask>,
  timeoutMs: number,
  expectedErrorCodes: readonly string[] = [],
): Promise<Task> {
  const task = await client.tasks.waitForTask(await enqueued, { timeout: timeoutMs });
  if (task.status === 'succeeded') return task;
  if (task.status === 'failed' && task.error && expectedErrorCodes.includes(task.error.code)) return task;
  throw new MeiliTaskError(task);
}
