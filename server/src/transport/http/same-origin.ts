// Refuses state-changing requests sent by another site's page (CSRF), on top of SameSite=Lax cookies.
import type { MiddlewareHandler } from 'hono';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginOnly(publicOrigin: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const own = publicOrigin ?? new URL(c.req.url).origin;
      const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
      if ((origin && origin !== own) || crossSite) {
        const message = 'This request came from another site and was refused.';
        return c.json({ message, error: message }, 403);
      }
    }
    await next();
  };
}
