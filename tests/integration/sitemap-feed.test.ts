// /sitemap.xml (paged into a sitemap index past the page size), /robots.txt and the Atom feed /feed.xml, parsed
// with a real XML parser (docs/decisions/0018-books-and-data-export.md).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapRoutes } from '../../server/src/transport/http/sitemap';
import { appWithPages } from '../support/app-with-pages';
import { DAY, FakeClock } from '../support/fake-clock';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

const clock = new FakeClock();
let t: TestApp;
const people: Awaited<ReturnType<typeof signedInPerson>>[] = [];
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'entry', 'link', 'xhtml:link'].includes(name),
});

beforeAll(async () => {
  t = await makeTestApp({ clock });
  // Five stories, one a minute; the second is private, the fourth is changed last.
  for (let i = 0; i < 5; i++) {
    const p = await signedInPerson(t, { first_name: `First${i}`, last_name: `Last${i}` });
    if (i === 1) {
      const edit = { first_name: p.first_name, last_name: p.last_name, email: p.email, dob: p.dob, is_private: true };
      expect((await p.client.post('/api/users/edit', edit)).status).toBe(200);
    }
    clock.advance(60_000);
    await t.caller(p.id).stories.publish({
      title: `Story ${i} <&> "x"`,
      text: `<p>Page one of story ${i} &amp; <img src="/media/${'a'.repeat(32)}.png" alt="pic"> <a href="/explore">explore</a></p>`,
    } as never);
    people.push(p);
  }
  clock.advance(DAY);
  const fourth = people[3] as (typeof people)[number];
  await t.caller(fourth.id).stories.publish({ title: 'Story 3, changed', text: '<p>Changed.</p>' } as never);
});
afterAll(async () => t.close());

const get = async (app: { request: (u: string) => Response | Promise<Response> }, url: string) => {
  const res = await app.request(`http://localhost${url}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('/sitemap.xml', () => {
  it('lists the site’s screens and every story with its last change, in the sitemap protocol’s shape', async () => {
    const res = await get(t.app, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(res.text)).toBe(true);
    const doc = parser.parse(res.text);
    expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url as { loc: string; lastmod?: string }[];
    expect(urls.map((u) => u.loc)).toEqual([
      'http://localhost/',
      'http://localhost/explore',
      'http://localhost/explore/top',
      'http://localhost/explore/new',
      ...people.map((p) => `http://localhost/story/${p.username}/page/1`),
    ]);
    for (const u of urls.slice(4)) expect(new Date(u.lastmod as string).toISOString()).toBe(u.lastmod);
    expect(urls[4 + 3]?.lastmod).toBe(new Date(clock.now()).toISOString());
  });

  it('gives each address in each language, as the pages’ heads do: en, es and x-default (docs/decisions/0042-interface-languages.md)', async () => {
    const doc = parser.parse((await get(t.app, '/sitemap.xml')).text);
    expect(doc.urlset['@xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const urls = doc.urlset.url as { loc: string; 'xhtml:link': { '@rel': string; '@hreflang': string; '@href': string }[] }[];
    for (const u of urls) {
      expect(u['xhtml:link'].map((l) => [l['@rel'], l['@hreflang'], l['@href']])).toEqual([
        ['alternate', 'en', `${u.loc}?lang=en`],
        ['alternate', 'es', `${u.loc}?lang=es`],
        ['alternate', 'x-default', u.loc],
      ]);
    }
    // The same alternates as the story page's head.
    const story = `/story/${people[0]!.username}/page/1`;
    const pages = appWithPages(t);
    try {
      const head = await (await pages.app.request(`http://localhost${story}`)).text();
      for (const l of urls.find((u) => u.loc.endsWith(story))!['xhtml:link'])
        expect(head).toContain(`<link rel="alternate" hreflang="${l['@hreflang']}" href="${l['@href']}" />`);
    } finally {
      pages.remove();
    }
  });

  it('past the page size is a sitemap index whose files hold every URL once, and no more', async () => {
    const app = new Hono().route('/', sitemapRoutes(t.deps, { origin: () => 'https://stories.example', pageSize: 4 }));
    const index = parser.parse((await get(app, '/sitemap.xml')).text);
    const files = (index.sitemapindex.sitemap as { loc: string }[]).map((s) => s.loc);
    expect(files).toEqual([1, 2, 3].map((n) => `https://stories.example/sitemaps/${n}.xml`));
    const all: string[] = [];
    for (const f of files) {
      const res = await get(app, new URL(f).pathname);
      expect(res.status).toBe(200);
      const urls = parser.parse(res.text).urlset.url as { loc: string }[];
      expect(urls.length).toBeLessThanOrEqual(4);
      all.push(...urls.map((u) => u.loc));
    }
    expect(all).toHaveLength(9);
    expect(new Set(all).size).toBe(9);
    expect(all.slice(4)).toEqual(people.map((p) => `https://stories.example/story/${p.username}/page/1`));
    for (const bad of ['/sitemaps/4.xml', '/sitemaps/0.xml', '/sitemaps/x.xml', '/sitemaps/1.xml.gz']) {
      expect((await get(app, bad)).status, bad).toBe(404);
    }
  });
});

describe('/robots.txt', () => {
  it('lets search engines read stories, not account screens or the API, and names the sitemap', async () => {
    const res = await get(t.app, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /api/', 'Disallow: /trpc/', 'Disallow: /profile', 'Allow: /']));
    expect(lines).toContain('Sitemap: http://localhost/sitemap.xml');
  });
});

describe('/feed.xml', () => {
  it('is Atom: the latest changed stories first, each with its first page as the summary, escaped', async () => {
    const res = await get(t.app, '/feed.xml');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(res.text)).toBe(true);
    const feed = parser.parse(res.text).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.link.map((l: Record<string, string>) => l['@rel'])).toEqual(['self', 'alternate']);
    expect(feed.updated).toBe(new Date(clock.now()).toISOString());
    const entries = feed.entry as Record<string, unknown>[];
    expect(entries.map((e) => e.title)).toEqual([
      'Story 3, changed',
      'Story 4 <&> "x"',
      'Story 2 <&> "x"',
      'Story 1 <&> "x"',
      'Story 0 <&> "x"',
    ]);
    const story4 = entries[1] as { id: string; summary: { '#text': string; '@type': string }; author: { name: string } };
    expect(story4.id).toBe(`http://localhost/story/${people[4]?.username}/page/1`);
    expect(story4.author.name).toBe('First4 Last4');
    expect(story4.summary['@type']).toBe('html');
    // The summary is HTML carried as text: parsed back, it is the page, with its addresses made absolute.
    expect(story4.summary['#text']).toContain('Page one of story 4 &amp;');
    expect(story4.summary['#text']).toContain(`src="http://localhost/media/${'a'.repeat(32)}.png"`);
    expect(story4.summary['#text']).toContain('href="http://localhost/explore"');
  });

  it('never names a private author: the username stands in', async () => {
    const res = await get(t.app, '/feed.xml');
    expect(res.text).not.toContain('First1');
    expect(res.text).not.toContain('Last1');
    const entries = parser.parse(res.text).feed.entry as { author: { name: string } }[];
    expect(entries[3]?.author.name).toBe(people[1]?.username);
  });
});

describe('under other Host names (issue #23 §3)', () => {
  it('the feed, the sitemap and robots.txt are one answer, with the site’s origin, whatever Host of ours asked', async () => {
    const hosts = ['localhost', 'LOCALHOST.', '127.0.0.1', '127.0.0.2', '127.1.2.3:80', '[::1]'];
    for (const path of ['/feed.xml', '/sitemap.xml', '/robots.txt']) {
      const answers = [];
      for (const host of hosts) {
        const res = await t.app.request(`http://${host}${path}`);
        expect(res.status, `${host}${path}`).toBe(200);
        answers.push(await res.text());
      }
      for (const [i, text] of answers.entries()) expect(text, `${hosts[i]}${path}`).toBe(answers[0]);
      expect(answers[0]).toContain('http://localhost/');
      expect(answers[0]).not.toMatch(/127\.|\[::1\]/);
    }
  });

  it('refuses made-up *.localhost names and other ports with 421, so none of them gets a feed of its own', async () => {
    for (let n = 0; n < 50; n++) {
      for (const host of [`rt${n}.localhost`, `rt${n}.localhost:3000`, `localhost:${3000 + n}`]) {
        expect((await t.app.request(`http://${host}/feed.xml`)).status, host).toBe(421);
      }
    }
  });
});

describe('the client’s head', () => {
  it('points feed readers at /feed.xml', async () => {
    const fs = await import('node:fs');
    const html = fs.readFileSync('client/index.html', 'utf8');
    expect(html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Life Story: new and updated stories" href="/feed.xml" />',
    );
  });
});
