import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './error-body';

/** A 5 MB story plus JSON escaping. */
export const JSON_BODY_LIMIT = 6 * 1024 * 1024;

/** Refuses bodies over `maxBytes` with a 413 and a sentence, while streaming (nothing larger is buffered). */
export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(errorBody(`The request is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`), 413),
  });
}
