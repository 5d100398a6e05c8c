// Refuses state-changing requests sent by another site's page (CSRF), on top of SameSite=Lax cookies.
import type { Context, MiddlewareHandler } from 'hono';
import { isSecure } from './request-context';
import { requestHeader } from './request-header';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Our origin is PUBLIC_ORIGIN, else the request's host with the scheme the client used (behind a trusted proxy too). */
export function sameOriginOnly(publicOrigin: string | undefined, trustProxy: boolean): MiddlewareHandler {
  const ownOrigin = (c: Context) => publicOrigin ?? `${isSecure(c, trustProxy) ? 'https' : 'http'}://${new URL(c.req.url).host}`;
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = requestHeader(c, 'origin');
      const crossSite = requestHeader(c, 'sec-fetch-site') === 'cross-site';
      if (crossSite || (origin && origin !== ownOrigin(c))) {
        const message = 'This request came from another site and was refused.';
        return c.json({ message, error: message }, 403);
      }
    }
    await next();
  };
}
