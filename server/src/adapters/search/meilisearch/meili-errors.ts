/**
 * What went wrong with Meilisearch, in one line, and whether it is worth retrying. The projector retries every
 * failure with back-off anyway; the distinction decides whether a start may go on without Meilisearch (it is
 * down: the index catches up later) or must stop (the key is refused: a configuration mistake).
 */
import {
  MeilisearchApiError,
  MeilisearchRequestError,
  MeilisearchRequestTimeOutError,
  MeilisearchTaskTimeOutError,
  type Task,
} from 'meilisearch';

/** Meilisearch cannot be reached, is overloaded, or did not finish in time. */
export class MeiliUnavailableError extends Error {
  override name = 'MeiliUnavailableError';
}

/** A task Meilisearch accepted but did not apply. */
export class MeiliTaskError extends Error {
  override name = 'MeiliTaskError';
  constructor(readonly task: Task) {
    super(`Meilisearch task ${task.uid} (${task.type}) ${task.status}${task.error ? `: ${task.error.code}: ${task.error.message}` : ''}`);
  }
}

/** The innermost reason of a network failure ("connect ECONNREFUSED 127.0.0.1:7700"), not "fetch failed". */
function rootCause(err: unknown): string {
  let e = err as { cause?: unknown; errors?: unknown[]; message?: string; code?: string } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    const next = e.cause ?? e.errors?.[0];
    if (!next || typeof next !== 'object') break;
    e = next as typeof e;
  }
  return e?.message || e?.code || String(err);
}

export function explainMeiliError(err: unknown, url: string): Error {
  if (err instanceof MeiliUnavailableError || err instanceof MeiliTaskError) return err;
  if (err instanceof MeilisearchRequestTimeOutError) {
    return new MeiliUnavailableError(`Meilisearch at ${url} did not answer within ${err.cause.timeout} ms`, { cause: err });
  }
  if (err instanceof MeilisearchTaskTimeOutError) {
    return new MeiliUnavailableError(`Meilisearch task ${err.cause.taskUid} did not finish within ${err.cause.timeout} ms`, { cause: err });
  }
  if (err instanceof MeilisearchRequestError) {
    return new MeiliUnavailableError(`Meilisearch is unreachable at ${url}: ${rootCause(err)}`, { cause: err });
  }
  if (err instanceof MeilisearchApiError) {
    const status = err.response.status;
    const detail = err.cause ? `${err.cause.code}: ${err.cause.message}` : err.message;
    if (status >= 500) return new MeiliUnavailableError(`Meilisearch at ${url} answered ${status}: ${detail}`, { cause: err });
    if (status === 401 || status === 403) {
      return new Error(`Meilisearch at ${url} refused the API key (MEILI_KEY): ${detail}`, { cause: err });
    }
    return new Error(`Meilisearch at ${url} answered ${status}: ${detail}`, { cause: err });
  }
  return err instanceof Error ? err : new Error(String(err));
}
