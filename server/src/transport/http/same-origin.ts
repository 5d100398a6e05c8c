// Refuses state-changing requests sent by another site's page (CSRF), on top of SameSite=Lax cookies.
import type { MiddlewareHandler } from 'hono';
import { isSecure } from './request-context';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Our origin is PUBLIC_ORIGIN, else the request's host with the scheme the client used (behind a trusted proxy too). */
export function sameOriginOnly(publicOrigin: string | undefined, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const url = new URL(c.req.url);
      const own = publicOrigin ?? `${isSecure(c, trustProxy) ? 'https' : 'http'}://${url.host}`;
      const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
      if ((origin && origin !== own) || crossSite) {
        const message = 'This request came from another site and was refused.';
        return c.json({ message, error: message }, 403);
      }
    }
    await next();
  };
}
