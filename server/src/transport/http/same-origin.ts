// Refuses state-changing requests sent by another site's page (CSRF), on top of SameSite=Lax cookies.
import type { Context, MiddlewareHandler } from 'hono';
import { byBearer, isSecure } from './request-context';
import { requestHeader } from './request-header';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const MESSAGE = 'This request came from another site and was refused.';
/**
 * The RFC 8058 one-click unsubscribe (transport/http/follow-pages.ts, and the weekly question's in
 * weekly-question-pages.ts under /unsubscribe/question/): mail programs POST it from anywhere, and its
 * token is its only authority; sending it from another site can only stop the emails of whoever holds the token.
 */
const ONE_CLICK = /^\/unsubscribe\/(?:question\/)?[^/]+$/;

/**
 * Fetch Metadata first (OWASP's resource-isolation policy): the browser itself says whether the page that sent
 * the request is ours. `same-origin` is trusted even when Origin names another port: a dev proxy such as the
 * original client's Vite server (changeOrigin) forwards the page's Origin while we see our own Host. `none` is a
 * typed URL or bookmark. `same-site` is refused: the app has no sibling sites. Unknown values are refused too.
 * Without the header (old browsers, scripts), Origin, else Referer, must be our origin when present. A developer
 * token's request on /api or /trpc is no cookie's: another site's page cannot send an Authorization header without
 * CORS, which we never answer, and the cookie is not read with it (request-context.ts `byBearer`, ADR 0039).
 */
export function sameOriginOnly(publicOrigin: string | undefined, trustProxy: boolean): MiddlewareHandler {
  const ownOrigin = (c: Context) => publicOrigin ?? `${isSecure(c, trustProxy) ? 'https' : 'http'}://${new URL(c.req.url).host}`;
  return async (c, next) => {
    if (!SAFE.has(c.req.method) && !ONE_CLICK.test(c.req.path) && !byBearer(c) && !fromOurPage(c, ownOrigin))
      return c.json({ message: MESSAGE, error: MESSAGE }, 403);
    await next();
  };
}

function fromOurPage(c: Context, ownOrigin: (c: Context) => string): boolean {
  const site = requestHeader(c, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = requestHeader(c, 'origin');
  if (origin !== undefined) return origin === ownOrigin(c);
  const referer = requestHeader(c, 'referer');
  if (referer !== undefined) return originOf(referer) === ownOrigin(c);
  return true;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
