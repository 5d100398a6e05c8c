// /feed.xml: an Atom feed (RFC 4287) of new and updated stories, each with its first page as the summary. Built at
// most once a minute per origin: feed readers poll, and the query sorts every story by its last change.
import { Hono } from 'hono';
import { prepareStoryNow } from '../../core/book/book-html';
import { escapeXml } from '../../core/book/epub';
import { feedStories } from '../../core/feeds/public-stories';
import type { CoreDeps } from '../../core/shared/core-deps';
import { siteOrigin } from './site-origin';
import { storyPath } from './sitemap';

export const FEED_ENTRIES = 30;
const FRESH_MS = 60_000;
export const FEED_TITLE = 'Life Story: new and updated stories';

export function feedRoutes(deps: CoreDeps, options: { publicOrigin: string | undefined; trustProxy: boolean }) {
  const built = new Map<string, { at: number; xml: string }>();
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

  app.get('/feed.xml', async (c) => {
    const origin = siteOrigin(c, options.publicOrigin, options.trustProxy);
    const now = deps.clock.now();
    let feed = built.get(origin);
    if (!feed || now - feed.at >= FRESH_MS || now < feed.at) {
      feed = { at: now, xml: await buildFeed(origin) };
      built.set(origin, feed);
    }
    return c.body(feed.xml, 200, { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });
  return app;
}
