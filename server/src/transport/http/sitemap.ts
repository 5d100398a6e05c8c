// /sitemap.xml and /robots.txt for search engines. Past `pageSize` URLs (the protocol's 50,000) /sitemap.xml is a
// sitemap index of /sitemaps/<n>.xml files (https://www.sitemaps.org/protocol.html; docs/decisions/0018-books-and-data-export.md).
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { escapeXml } from '../../core/shared/escape-xml';
import { countStories, sitemapStories } from '../../core/feeds/public-stories';
import type { CoreDeps } from '../../core/shared/core-deps';
import { alternates } from './page-head';

export const SITEMAP_MAX_URLS = 50_000;
/** The reader's screens everyone may see, listed before the stories. */
const SITE_PATHS = ['/', '/explore', '/explore/top', '/explore/new'];

export interface SitemapOptions {
  /** The site's own origin (site-origin.ts), never the request's Host. */
  origin: () => string;
  /** URLs per sitemap file; tests make it small to see the paging. */
  pageSize?: number;
}

// Made afresh for each request: a story taken down leaves it at once, and caches must ask again (feeds.ts).
const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate' };
const lastmod = (ms: number) => new Date(ms).toISOString();
/** A story's address: its first page, as the client links it (client/src/lib/paths.ts). */
export const storyPath = (username: string) => `/story/${encodeURIComponent(username)}/page/1`;

/**
 * Each address in each interface language, as the page's head lists them (page-head.ts): Google's sitemap form of
 * hreflang (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap). The <loc> is
 * the bare address, the x-default.
 */
const inLanguages = (origin: string, path: string) =>
  alternates(origin, path)
    .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
    .join('');

export function sitemapRoutes(deps: CoreDeps, options: SitemapOptions) {
  const pageSize = options.pageSize ?? SITEMAP_MAX_URLS;
  const app = new Hono();

  /** URLs numbered from 0: the site's screens, then every story. */
  async function urlsetFile(origin: string, page: number): Promise<string> {
    const start = page * pageSize;
    const site = SITE_PATHS.slice(start, start + pageSize).map(
      (p) => `<url><loc>${escapeXml(origin + p)}</loc>${inLanguages(origin, p)}</url>`,
    );
    const storyStart = Math.max(0, start - SITE_PATHS.length);
    const stories = await sitemapStories(deps, storyStart, pageSize - site.length);
    const entries = stories.map(
      (s) =>
        `<url><loc>${escapeXml(origin + storyPath(s.username))}</loc><lastmod>${lastmod(s.updatedAt)}</lastmod>${inLanguages(origin, storyPath(s.username))}</url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${[...site, ...entries].join('\n')}\n</urlset>\n`;
  }

  app.get('/sitemap.xml', etag(), async (c) => {
    const origin = options.origin();
    const total = SITE_PATHS.length + (await countStories(deps));
    if (total <= pageSize) return c.body(await urlsetFile(origin, 0), 200, XML);
    const files = Math.ceil(total / pageSize);
    const list = Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list.join('\n')}\n</sitemapindex>\n`,
      200,
      XML,
    );
  });

  app.get('/sitemaps/:file', etag(), async (c) => {
    const n = /^([1-9]\d{0,6})\.xml$/.exec(c.req.param('file'))?.[1];
    const total = SITE_PATHS.length + (await countStories(deps));
    const page = n ? Number(n) - 1 : -1;
    if (page < 0 || page * pageSize >= total) return c.text('There is no sitemap file by that name.', 404);
    return c.body(await urlsetFile(options.origin(), page), 200, XML);
  });

  app.get('/robots.txt', (c) => {
    const origin = options.origin();
    const lines = [
      'User-agent: *',
      // Answers for programs and signed-in screens: nothing there for a search engine.
      'Disallow: /api/',
      'Disallow: /trpc/',
      'Disallow: /profile',
      'Disallow: /saved',
      'Disallow: /story/write',
      'Disallow: /story/versions',
      'Disallow: /story/banner',
      'Disallow: /story/*/print',
      'Disallow: /story/*/book.epub',
      'Disallow: /account/',
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return c.text(lines.join('\n'), 200, { 'cache-control': 'public, max-age=3600' });
  });
  return app;
}
