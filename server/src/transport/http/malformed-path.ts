import type { MiddlewareHandler } from 'hono';
import { errorBody } from './error-body';
import { requestHeader } from './request-header';
import { isApiPath } from './security-headers';

const MESSAGE = 'The address is not valid: it has a broken %-escape.';

/**
 * Refuses a path whose %-escapes do not decode (`%ff`, a lone `%`, `%ZZ`) with a 400 and a sentence, before any
 * route sees it: hono keeps such a path as it came, and tRPC's decodeURIComponent then threw a 500 and logged a
 * stack per request. Only paths with a `%` pay for the check. API paths get JSON; documents a short page.
 */
export function refuseMalformedPath(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('://') + 3);
    const end = url.search(/[?#]/);
    const rawPath = start === -1 ? '' : url.slice(start, end === -1 ? undefined : end);
    if (!rawPath.includes('%') || decodes(rawPath)) return next();
    if (isApiPath(rawPath) || !requestHeader(c, 'accept')?.includes('text/html')) return c.json(errorBody(MESSAGE), 400);
    return c.html(
      `<!doctype html><title>Bad address</title><p>${MESSAGE} Check the link, or go to <a href="/">the home page</a>.</p>`,
      400,
    );
  };
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
