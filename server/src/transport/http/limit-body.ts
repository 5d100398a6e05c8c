import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './error-body';
import { requestHeader } from './request-header';

/** A 5 MB story plus JSON escaping. */
export const JSON_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Refuses bodies over `maxBytes` with a 413 and a sentence, while streaming (nothing larger is buffered).
 * Decides from the headers alone when they suffice, exactly as hono's bodyLimit does, but without touching
 * the request's body stream first: on the node adapter that would build a web Request and stream for every
 * request (a tenth of the CPU of a story page read), where a later `text()` reads the socket directly.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const onError: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    c.json(errorBody(`The request is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`), 413);
  const streaming = bodyLimit({ maxSize: maxBytes, onError });
  return async (c, next) => {
    const method = c.req.method;
    // No body to limit (hono's bodyLimit finds `body` null for these).
    if (method === 'GET' || method === 'HEAD') return next();
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      if (parseInt(length || '0', 10) > maxBytes) return onError(c);
      return next();
    }
    return streaming(c, next);
  };
}
