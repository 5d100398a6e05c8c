import type { Context } from 'hono';
import { isSecure } from './request-context';

/** The site's absolute origin for links that leave the page (sitemap, feed, books): PUBLIC_ORIGIN, else the request's. */
export function siteOrigin(c: Context, publicOrigin: string | undefined, trustProxy: boolean): string {
  return publicOrigin ?? `${isSecure(c, trustProxy) ? 'https' : 'http'}://${new URL(c.req.url).host}`;
}
