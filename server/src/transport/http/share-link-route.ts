// The share link (docs/decisions/0026-who-can-read-a-story.md): `/s/<key>` gives this device a link pass and opens
// the story at page 1; `/story/<username>/page/<n>?key=<key>` does the same without the redirect (the server-rendered
// page reads with the new pass at once). A key that is no current key changes nothing: the request goes on as if it
// had none, so a dead link looks like any unknown address. The key never leaves in a Referer: the site's
// Referrer-Policy (strict-origin-when-cross-origin, security-headers.ts) gives other sites the origin alone.
import { Hono } from 'hono';
import type { CoreDeps } from '../../core/shared/core-deps';
import { linkPassFor } from '../../core/access/share-links';
import { readerPassCookie, requestPassTokens } from './reader-pass-cookie';
import { type AppEnv, isSecure } from './request-context';

export function shareLinkRoutes(deps: CoreDeps, options: { trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  app.use('/s/:key', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const held = requestPassTokens(c);
    const pass = await linkPassFor(deps, c.req.param('key'), held);
    if (!pass) return next();
    const res = c.redirect(`/story/${encodeURIComponent(pass.username)}/page/1`, 302);
    res.headers.set('cache-control', 'private, no-store');
    if (pass.token) res.headers.append('set-cookie', readerPassCookie(held, pass.token, isSecure(c, options.trustProxy)));
    return res;
  });
  app.use('/story/:username/page/:page', async (c, next) => {
    const key = c.req.query('key');
    if (!key || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const held = requestPassTokens(c);
    const pass = await linkPassFor(deps, key, held, c.req.param('username'));
    if (pass?.token) c.set('newPassToken', pass.token);
    await next();
    if (pass?.token) c.res.headers.append('set-cookie', readerPassCookie(held, pass.token, isSecure(c, options.trustProxy)));
  });
  return app;
}
