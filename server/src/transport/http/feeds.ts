// /feed.xml: an Atom feed (RFC 4287) of new and updated stories, each with its first page as the summary. One feed
// is kept, for the site's own origin, and made again when anything a reader can see has changed (an event: a
// story hidden, deleted or made private leaves it at the next request): feed readers poll, and the query sorts
// every story by its last change (docs/decisions/0018-books-and-data-export.md).
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { prepareStoryNow } from '../../core/book/book-html';
import { escapeXml } from '../../core/shared/escape-xml';
import { feedStories } from '../../core/feeds/public-stories';
import type { CoreDeps } from '../../core/shared/core-deps';
import { readerDataVersion } from '../../core/stories/reader-page-facts';
import { storyPath } from './sitemap';

export const FEED_ENTRIES = 30;
export const FEED_TITLE = 'Life Story: new and updated stories';
/**
 * Shared caches may keep it but must ask again each time (a 304 while it is the same): a story taken down must not
 * be served on from a cache for minutes. The same for the sitemap.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

interface Feed {
  xml: string;
  etag: string;
}

export function feedRoutes(deps: CoreDeps, options: { origin: () => string }) {
  // The newest feed only: one origin, one feed, whatever Host was asked for (issue #23).
  let kept: Promise<Feed> | null = null;
  let keptVersion = '';
  const app = new Hono();

  async function buildFeed(origin: string): Promise<string> {
    const stories = await feedStories(deps, FEED_ENTRIES);
    const now = deps.clock.now();
    const updated = new Date(stories[0]?.updatedAt ?? now).toISOString();
    const entries = stories.map((s) => {
      const url = escapeXml(origin + storyPath(s.username));
      // Image and link addresses made absolute: a feed reader shows the summary away from the site.
      const summary = prepareStoryNow(s.firstPageHtml, {
        format: 'html',
        origin,
        imageHref: (name) => `${origin}/media/${name}`,
        externalImages: 'keep',
      }).markup;
      return `<entry>
<id>${url}</id>
<title>${escapeXml(s.title)}</title>
<link rel="alternate" type="text/html" href="${url}"/>
<author><name>${escapeXml(s.authorName ?? s.username)}</name><uri>${url}</uri></author>
<published>${new Date(s.createdAt).toISOString()}</published>
<updated>${new Date(s.updatedAt).toISOString()}</updated>
<summary type="html">${escapeXml(summary)}</summary>
</entry>`;
    });
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
<id>${escapeXml(`${origin}/feed.xml`)}</id>
<title>${FEED_TITLE}</title>
<link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/feed.xml`)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(`${origin}/explore/new`)}"/>
<updated>${updated}</updated>
<generator>Life Story</generator>
${entries.join('\n')}
</feed>
`;
  }

  const feedFor = (version: string): Promise<Feed> => {
    if (kept && keptVersion === version) return kept;
    // Readers arriving while it is made wait for the same one; a failed build is not kept.
    const making = buildFeed(options.origin()).then((xml) => ({
      xml,
      etag: `"${createHash('sha1').update(xml).digest('base64url')}"`,
    }));
    kept = making;
    keptVersion = version;
    making.catch(() => {
      if (kept === making) kept = null;
    });
    return making;
  };

  app.get('/feed.xml', etag(), async (c) => {
    const feed = await feedFor(await readerDataVersion(deps));
    return c.body(feed.xml, 200, {
      'content-type': 'application/atom+xml; charset=utf-8',
      'cache-control': REVALIDATE,
      etag: feed.etag,
    });
  });
  return app;
}
