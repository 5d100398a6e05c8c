import { HTTPException } from 'hono/http-exception';
import { AppError, ERROR_KINDS, GENERIC_ERROR_MESSAGE } from '../../contract/errors';
import { storageFullAsAppError } from '../../core/shared/storage-full';

/** The JSON error body of every HTTP answer: the text in both `message` and `error` (old client reads `message`). */
export function errorBody(message: string, fields?: Record<string, string>) {
  return fields && Object.keys(fields).length ? { message, error: message, fields } : { message, error: message };
}

export function httpError(thrown: unknown): { status: number; body: ReturnType<typeof errorBody>; retryAfter?: number } {
  const err = storageFullAsAppError(thrown);
  if (err instanceof AppError) {
    return { status: ERROR_KINDS[err.kind].http, body: errorBody(err.message, err.fieldErrors), retryAfter: err.retryAfterSec };
  }
  if (err instanceof HTTPException && err.status < 500) {
    return { status: err.status, body: errorBody(err.message || 'The request could not be handled.') };
  }
  return { status: 500, body: errorBody(GENERIC_ERROR_MESSAGE) };
}
