// Reader pages rendered on the server (issue #13; docs/decisions/0017-server-rendering.md), through app.request
// over a real SQLite file: the story's text is in the first answer, unknown pages are 404s, the head says what the
// page is, a private author's names are in none of it, and a title cannot break out of an attribute or a script.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entryServer from '../../client/src/entry-server';
import { createApp } from '../../server/src/app';
import { READING_SIZE_SCRIPT } from '../../server/src/contract/reading-size';
import { readerPages, type ServerRenderModule } from '../../server/src/transport/http/server-render';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const ORIGIN = 'http://localhost';
let t: TestApp;
let clientDir: string;
let app: ReturnType<typeof createApp>;
let shy: Awaited<ReturnType<typeof signedInPerson>>;
let banner: string;

const PRIVATE_FIRST = 'Zephyrine';
const PRIVATE_LAST = 'Quillfeather';
const HOSTILE_TITLE = `Dad's "big" </script><script>alert(1)</script> & <b>more</b>`;

async function uploadPng(client: TestClient): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'banner.png');
  const res = await client.post('/api/upload', form);
  expect(res.status, res.text).toBe(201);
  return res.body.data as string;
}

async function get(url: string, cookie?: string) {
  const res = await app.request(`${ORIGIN}${url}`, cookie ? { headers: { cookie } } : {});
  // React separates adjacent text with <!-- -->; the assertions read the text.
  return { status: res.status, html: (await res.text()).replaceAll('<!-- -->', ''), headers: res.headers };
}

/** The head's tags, parsed loosely: `<meta property|name="k" content="v">`. */
function metaContent(html: string, key: string): string | undefined {
  const m = html.match(new RegExp(`<meta (?:name|property)="${key.replace(/:/g, ':')}" content="([^"]*)"`));
  return m?.[1];
}

function jsonLd(html: string): Record<string, unknown> {
  const m = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  expect(m, 'JSON-LD present').not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

beforeAll(async () => {
  t = await makeTestApp();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-ssr-client-'));
  // The source index.html carries the same placeholders as the build's.
  fs.copyFileSync(path.resolve('client/index.html'), path.join(clientDir, 'index.html'));
  app = createApp(t.deps, {
    trustProxy: false,
    publicOrigin: undefined,
    mediaPublicBaseUrl: undefined,
    legalUrl: t.config.legalUrl,
    clientDir,
    serverRender: entryServer,
    log: (m) => t.logs.push(m),
  });

  const open = await signedInPerson(t, { username: 'open_author', first_name: 'Harriet', last_name: 'Harbour' });
  expect(
    (
      await open.client.post('/api/stories/save', {
        title: 'Harbour tales',
        text: `<p>Once upon a tide the boats came home.</p>${storyHtml(12)}`,
      })
    ).status,
  ).toBe(201);
  banner = await uploadPng(open.client);
  expect((await open.client.post('/api/stories/upload', { image: banner })).status).toBe(200);

  shy = await signedInPerson(t, { username: 'shy_author', first_name: PRIVATE_FIRST, last_name: PRIVATE_LAST });
  expect((await shy.client.post('/api/stories/save', { title: 'Quiet years', text: '<p>I grew up by the mill.</p>' })).status).toBe(201);
  const edit = await shy.client.post('/api/users/edit', {
    first_name: PRIVATE_FIRST,
    last_name: PRIVATE_LAST,
    email: shy.email,
    dob: shy.dob,
    is_private: true,
  });
  expect(edit.status, edit.text).toBe(200);

  const hostile = await signedInPerson(t, { username: 'hostile_title' });
  expect((await hostile.client.post('/api/stories/save', { title: HOSTILE_TITLE, text: '<p>Plain words.</p>' })).status).toBe(201);
  await t.deps.projector.drain();
});

afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('story pages', () => {
  it('carry the story text, the dehydrated answers and a 200 in the first response', async () => {
    const res = await get('/story/open_author/page/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    // A document: the client's CSP (no inline script, which is why nothing in the page is one), never kept by caches.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = res.html.slice(res.html.indexOf('<div id="root">'));
    expect(body).toContain('Once upon a tide the boats came home.');
    expect(body).toContain('Harbour tales');
    const state = res.html.match(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/);
    const queries = (JSON.parse(state![1]!) as { queries: { queryKey: unknown }[] }).queries.map((q) => JSON.stringify(q.queryKey));
    expect(queries).toEqual(
      expect.arrayContaining([
        JSON.stringify([['stories', 'get'], { input: { username: 'open_author' }, type: 'query' }]),
        JSON.stringify([['stories', 'page'], { input: { username: 'open_author', page_number: 1 }, type: 'query' }]),
        JSON.stringify([['accounts', 'me'], { type: 'query' }]),
      ]),
    );
    // The text once (ADR 0038): the page's answer in the state leaves out the HTML the markup carries.
    const pageAnswer = (JSON.parse(state![1]!) as { queries: { queryKey: unknown; state: { data: unknown } }[] }).queries.find((q) =>
      JSON.stringify(q.queryKey).startsWith('[["stories","page"]'),
    );
    expect(pageAnswer?.state.data).toEqual({ page_number: 1, page_count: expect.any(Number) });
    expect(state![1]).not.toContain('Once upon a tide the boats came home.');
    expect(body).toContain('data-page-text=""');
  });

  it('carry the contents of a story with chapters, and "Chapter 2 of 3", in the HTML sent (ADR 0029)', async () => {
    const author = await signedInPerson(t, { username: 'chapter_author' });
    const words = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(' ');
    const text = ['Early days', 'School', 'Work'].map((title, i) => `<h2>${title}</h2><p>${words(600, `w${i}x`)}</p>`).join('');
    expect((await author.client.post('/api/stories/save', { title: 'Three parts', text })).status).toBe(201);
    const { status, html } = await get('/story/chapter_author/page/2');
    expect(status).toBe(200);
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('<nav class="chapter-contents" aria-label="Chapters"><details><summary>Chapters (3)</summary>');
    expect(body).toContain('href="/story/chapter_author/page/1#early-days"');
    expect(body).toMatch(/<a href="\/story\/chapter_author\/page\/2#school" aria-current="true">/);
    expect(body).toContain('href="/story/chapter_author/page/3#work"');
    // page 2 opens with the chapter's heading: the line above says where, the heading says what
    expect(body).toContain('<p class="chapter-context">Chapter 2 of 3</p>');
    expect(body).toContain('<h2 id="school" dir="auto">School</h2>');
    // the contents come before the text
    expect(body.indexOf('aria-label="Chapters"')).toBeLessThan(body.indexOf('<h2 id="school"'));
  });

  it('have a head that says what the page is', async () => {
    const { html } = await get('/story/open_author/page/2');
    const h = head(html);
    expect(h.match(/<title>/g)).toHaveLength(1);
    expect(h).toContain('<title>Harbour tales · Life Story</title>');
    // Page 2 starts at a block boundary past the first 900 words: its own first words, cut short.
    expect(metaContent(h, 'description')).toMatch(/^w\d+x0 w\d+x1 .*…$/);
    expect(h).toContain('<link rel="canonical" href="http://localhost/story/open_author/page/2" />');
    expect(metaContent(h, 'og:title')).toBe('Harbour tales');
    expect(metaContent(h, 'og:site_name')).toBe('Life Story');
    expect(metaContent(h, 'og:type')).toBe('article');
    expect(metaContent(h, 'og:url')).toBe('http://localhost/story/open_author/page/2');
    // The banner's 1600 px JPEG by name (ADR 0016, "Sizes by name"); this one is 64 px wide, so it leads to the original.
    const shared = `http://localhost/media/${banner.slice(0, 32)}-1600.jpg`;
    expect(metaContent(h, 'og:image')).toBe(shared);
    expect(metaContent(h, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(h, 'twitter:image')).toBe(shared);
    const followed = await t.app.request(shared);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`/media/${banner}`);
    const ld = jsonLd(h);
    expect(ld['@type']).toBe('Article');
    expect(ld.headline).toBe('Harbour tales');
    expect(ld.author).toMatchObject({ '@type': 'Person', name: 'Harriet Harbour' });
    expect(ld.wordCount).toBe(8 + 12 * 100);
    expect(typeof ld.datePublished).toBe('string');
    expect(Date.parse(ld.dateModified as string)).not.toBeNaN();
  });

  it('apply the reader’s kept text size in the head, by the one inline script the CSP allows (issue #26)', async () => {
    const res = await get('/story/open_author/page/1');
    expect(head(res.html)).toContain(`<script>${READING_SIZE_SCRIPT}</script>`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(READING_SIZE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
  });

  it('describe page 1 by the story’s first words', async () => {
    const { html } = await get('/story/open_author/page/1');
    expect(metaContent(head(html), 'description')).toMatch(/^Once upon a tide the boats came home\. w0x0 w0x1/);
  });

  it('never name a private author, in any tag', async () => {
    const { status, html } = await get('/story/shy_author/page/1');
    expect(status).toBe(200);
    expect(html).toContain('I grew up by the mill.');
    expect(html).not.toContain(PRIVATE_FIRST);
    expect(html).not.toContain(PRIVATE_LAST);
    const ld = jsonLd(head(html));
    expect(ld.author).toMatchObject({ name: 'shy_author' });
    // The lists too: home and explore show the story without the names.
    for (const url of ['/', '/explore', '/explore/top', '/explore/new']) {
      const page = await get(url);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Quiet years');
      expect(page.html).not.toContain(PRIVATE_FIRST);
      expect(page.html).not.toContain(PRIVATE_LAST);
    }
  });

  it('escape a title in every tag, so it cannot leave an attribute or the JSON-LD script', async () => {
    const { html } = await get('/story/hostile_title/page/1');
    const h = head(html);
    expect(h).not.toContain('<script>alert(1)</script>');
    expect(h).toContain(
      '<title>Dad&#39;s &quot;big&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt; · Life Story</title>',
    );
    expect(metaContent(h, 'og:title')).toBe(
      'Dad&#39;s &quot;big&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt;',
    );
    // One JSON-LD script (besides the fixed text size script), closed where it should be, and its JSON gives the
    // title back exactly.
    expect(h.replace(`<script>${READING_SIZE_SCRIPT}</script>`, '').match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLd(h).headline).toBe(HOSTILE_TITLE);
    // The dehydrated state cannot close its script either.
    const body = html.slice(html.indexOf('</head>'));
    expect(body.match(/<script type="application\/json" id="ssr-state">[\s\S]*?<\/script>/)![0]).not.toContain('</script><script>');
    expect(body).not.toContain('<script>alert(1)</script>');
  });
});

describe('status codes', () => {
  it('404 for a page past the end, an unknown author, a bad address and an unknown route, each page rendered', async () => {
    const past = await get('/story/open_author/page/99');
    expect(past.status).toBe(404);
    expect(past.html).toContain('so there is no page 99');
    const nobody = await get('/story/nobody_here/page/1');
    expect(nobody.status).toBe(404);
    expect(nobody.html).toContain('nobody_here hasn&#x27;t written a story yet!');
    const bad = await get('/story/open_author/page/abc');
    expect(bad.status).toBe(404);
    expect(bad.html).toContain('Invalid parameters.');
    const missingPage = await get('/story/open_author');
    expect(missingPage.status).toBe(404);
    const unknown = await get('/no/such/place');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('find the page');
    expect(head(unknown.html)).toContain('<title>Page not found · Life Story</title>');
  });

  it('200 for the home and explore pages, with their titles', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(head(home.html)).toContain('<title>Life Story</title>');
    expect(home.html).toContain('Harbour tales'); // the top stories on the home page
    expect(head((await get('/explore/top')).html)).toContain('<title>Top Stories · Life Story</title>');
    expect(head((await get('/explore/new')).html)).toContain('<title>New Stories · Life Story</title>');
  });
});

describe('who gets what', () => {
  it('sends the app shell to a signed-in person and to client-only screens', async () => {
    const signedIn = await get('/story/open_author/page/1', shy.client.cookie!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.html).toContain('<div id="root"><!--ssr-body--></div>');
    expect(signedIn.html).not.toContain('id="ssr-state"');
    const login = await get('/login');
    expect(login.html).toContain('<div id="root"><!--ssr-body--></div>');
  });

  it('renders again once a change is made (kept pages follow the events)', async () => {
    const before = await get('/story/shy_author/page/1');
    expect(before.html).toContain('Quiet years');
    expect(
      (
        await shy.client.post('/api/stories/save', {
          title: 'Quiet years, retold',
          text: '<p>I grew up by the river, in a house of four rooms.</p>',
        })
      ).status,
    ).toBe(201);
    const after = await get('/story/shy_author/page/1');
    expect(after.html).toContain('Quiet years, retold');
    expect(after.html).toContain('I grew up by the river, in a house of four rooms.');
    // The word count is the one of the revision the page shows (read by the story's version, migration 011).
    expect(jsonLd(head(after.html)).wordCount).toBe(12);
  });

  it('gives anonymous readers the same page from the keep while nothing changed', async () => {
    // The test before saved a story: until the projector has folded it, the page's data version still moves.
    await t.deps.projector.drain();
    const a = await get('/story/open_author/page/1');
    const b = await get('/story/open_author/page/1');
    expect(b.html).toBe(a.html);
  });
});

describe('comments', () => {
  it('are left to the browser (after hydration) but sent with the answers, so it asks for nothing', async () => {
    const reader = await signedInPerson(t, { username: 'kind_reader' });
    const made = await reader.client.post('/api/comments/create', {
      data: { story_username: 'open_author', text: 'Lovely harbour memories' },
    });
    expect(made.status, made.text).toBeLessThan(300);
    await t.deps.projector.drain();
    const res = await get('/story/open_author/page/1');
    const body = res.html.slice(res.html.indexOf('<div id="root">'), res.html.indexOf('<script type="application/json" id="ssr-state">'));
    expect(body).toContain('id="comments-heading"');
    expect(body).not.toContain('Lovely harbour memories');
    const state = res.html.match(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/);
    expect(state![1]).toContain('Lovely harbour memories');
  });
});

describe('bytes on the wire (ADR 0038)', () => {
  const fetchRaw = (url: string, acceptEncoding?: string, method = 'GET', extra: Record<string, string> = {}) =>
    app.request(`${ORIGIN}${url}`, { method, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra } });
  const decode = (encoding: string | null, bytes: Buffer) =>
    (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
  // [Accept-Encoding, the encoding answered]
  const NEGOTIATED: Array<[string | undefined, string | null]> = [
    [undefined, null],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'], // a client that takes brotli only gets brotli, never the plain page
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0, identity', null],
    ['identity;q=1, br;q=0.5', null],
    ['deflate', null],
  ];

  it('answers a rendered page in the encoding the request takes, the same bytes underneath, Vary said', async () => {
    const plain = await fetchRaw('/story/open_author/page/1');
    const text = await plain.text();
    expect(text).toContain('Once upon a tide the boats came home.');
    for (const [accept, expected] of NEGOTIATED) {
      const res = await fetchRaw('/story/open_author/page/1', accept);
      expect(res.headers.get('content-encoding'), accept).toBe(expected);
      expect(res.headers.get('vary'), accept).toMatch(/Accept-Encoding/);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (expected) expect(bytes.length, accept).toBeLessThan(Buffer.byteLength(text));
      expect(decode(expected, bytes), accept).toBe(text);
      // HEAD: the same headers, no body.
      const head = await fetchRaw('/story/open_author/page/1', accept, 'HEAD');
      expect(head.headers.get('content-encoding'), `HEAD ${accept}`).toBe(expected);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('answers the app shell (signed-in people, the screens not rendered on the server) the same way', async () => {
    await fetchRaw('/write'); // kept from its second request on: the answers below are that one's bytes
    const plain = await fetchRaw('/write');
    const text = await plain.text();
    expect(text).toContain('<div id="root">');
    for (const [accept, expected] of NEGOTIATED) {
      const res = await fetchRaw('/write', accept);
      expect(res.headers.get('content-encoding'), accept).toBe(expected);
      expect(res.headers.get('vary'), accept).toMatch(/Accept-Encoding/);
      expect(decode(expected, Buffer.from(await res.arrayBuffer())), accept).toBe(text);
    }
  });

  it("serves the build's precompressed copies of a script by Accept-Encoding, an ETag per copy (scripts/build-steps.mjs)", async () => {
    const code = `export const words = ${JSON.stringify('a reader script '.repeat(200))};`;
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'assets/reader-test.js'), code);
    fs.writeFileSync(path.join(clientDir, 'assets/reader-test.js.gz'), zlib.gzipSync(code));
    fs.writeFileSync(path.join(clientDir, 'assets/reader-test.js.br'), zlib.brotliCompressSync(code));
    const etags = new Map<string | null, string>();
    for (const [accept, expected] of NEGOTIATED) {
      const res = await fetchRaw('/assets/reader-test.js', accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(expected);
      expect(res.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(res.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toMatch(/immutable/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length'), accept).toBe(String(bytes.length));
      expect(decode(expected, bytes), accept).toBe(code);
      const etag = res.headers.get('etag')!;
      expect(etags.get(expected) ?? etag, accept).toBe(etag);
      etags.set(expected, etag);
      const head = await fetchRaw('/assets/reader-test.js', accept, 'HEAD');
      expect(head.headers.get('content-encoding'), `HEAD ${accept}`).toBe(expected);
      expect(head.headers.get('content-length'), `HEAD ${accept}`).toBe(String(bytes.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      const again = await fetchRaw('/assets/reader-test.js', accept, 'GET', { 'if-none-match': etag });
      expect(again.status, accept).toBe(304);
    }
    expect(new Set(etags.values()).size).toBe(3);
    // Another encoding's ETag is not a match.
    const crossed = await fetchRaw('/assets/reader-test.js', 'br', 'GET', { 'if-none-match': etags.get('gzip')! });
    expect(crossed.status).toBe(200);
    // The copies are not addresses of their own.
    expect((await fetchRaw('/assets/reader-test.js.br')).status).toBe(404);
    // The icon every page links to, with its copy.
    const icon = '<svg xmlns="http://www.w3.org/2000/svg"><title>icon</title></svg>';
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), icon);
    fs.writeFileSync(path.join(clientDir, 'favicon.svg.br'), zlib.brotliCompressSync(icon));
    const svg = await fetchRaw('/favicon.svg', 'br');
    expect(svg.headers.get('content-encoding')).toBe('br');
    expect(svg.headers.get('content-type')).toMatch(/svg/);
    expect(svg.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(decode('br', Buffer.from(await svg.arrayBuffer()))).toBe(icon);
  });

  it('sends a file without copies (a font) as it is, without Vary', async () => {
    fs.writeFileSync(path.join(clientDir, 'assets/face-test.woff2'), Buffer.from('wOF2 not really'));
    const res = await fetchRaw('/assets/face-test.woff2', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(res.headers.get('content-type')).toBe('font/woff2');
  });
});

describe('what is kept, and by what key (issue #23)', () => {
  /** The real entry, counting its renders by address. */
  function counting() {
    const renders: string[] = [];
    const entry: ServerRenderModule = {
      ...entryServer,
      render: (input) => {
        renders.push(input.search ? `${input.path}?${input.search}` : input.path);
        return entryServer.render(input);
      },
    };
    return { renders, entry };
  }

  it('renders a page on its first request and keeps it from its second, whatever query string comes with it, and so per Top Stories window', async () => {
    await t.deps.projector.drain();
    const { renders, entry } = counting();
    const app2 = createApp(t.deps, {
      trustProxy: false,
      publicOrigin: undefined,
      mediaPublicBaseUrl: undefined,
      legalUrl: '/',
      clientDir,
      serverRender: entry,
    });
    const page = async (url: string) => (await app2.request(`${ORIGIN}${url}`)).text();
    await page('/story/open_author/page/1');
    const first = await page('/story/open_author/page/1?utm_source=news');
    for (let i = 0; i < 20; i++) expect(await page(`/story/open_author/page/1?utm_source=${i}&x=${'y'.repeat(i)}`)).toBe(first);
    // The first request's page is not kept (most are never asked for again); the second's is, and serves the rest.
    expect(renders).toEqual(['/story/open_author/page/1', '/story/open_author/page/1']);

    await page('/explore/top?window=month');
    const month = await page('/explore/top?window=month');
    expect(month).toContain('of the last 30 days');
    for (const q of ['window=month&utm=1', 'utm=2&window=month', 'window=month&window=year'])
      expect(await page(`/explore/top?${q}`), q).toBe(month);
    expect(await page('/explore/top?window=year')).toContain('of the last 12 months');
    await page('/explore/top');
    const all = await page('/explore/top');
    expect(all).toContain('of all time');
    for (const q of ['window=bogus', 'window=', 'page=2']) expect(await page(`/explore/top?${q}`), q).toBe(all);
    expect(renders.slice(2)).toEqual([
      '/explore/top?window=month',
      '/explore/top?window=month',
      '/explore/top?window=year',
      '/explore/top',
      '/explore/top',
    ]);
  });

  it('carries the site’s origin in every absolute address, whatever Host of ours asked', async () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '[::1]', 'localhost']) {
      const res = await app.request(`http://${host}/story/open_author/page/2`);
      const h = head((await res.text()).replaceAll('<!-- -->', ''));
      expect(h, host).toContain('<link rel="canonical" href="http://localhost/story/open_author/page/2" />');
      expect(h, host).not.toMatch(/127\.|\[::1\]/);
    }
  });

  it('keeps at most keepPages pages and keepBytes bytes, the least recently used going first', async () => {
    await t.deps.projector.drain();
    const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const serve = (options: { keepPages?: number; keepBytes?: number }) => {
      const { renders, entry } = counting();
      const pages = readerPages(t.deps, { entry, trustProxy: false, origin: () => ORIGIN, log: () => undefined, ...options });
      const server = new Hono().get('*', async (c) => (await pages(c, template)) ?? c.text('shell'));
      return { renders, get: (p: string) => server.request(`${ORIGIN}${p}`) };
    };
    const paths = ['/', '/explore', '/explore/new', '/story/open_author/page/1', '/story/shy_author/page/1'];

    const few = serve({ keepPages: 3 });
    for (const p of paths) expect((await few.get(p)).status).toBeLessThan(500); // asked for once: none kept
    for (const p of paths) await few.get(p); // the second time: kept, the three newest staying
    expect(few.renders).toEqual([...paths, ...paths]);
    for (const p of paths.slice(2)) await few.get(p);
    expect(few.renders).toHaveLength(2 * paths.length);
    // Pushed out, '/' is new to the keep again: rendered on its next two requests, kept from the second.
    for (let i = 0; i < 3; i++) await few.get('/');
    expect(few.renders).toEqual([...paths, ...paths, '/', '/']);

    const small = serve({ keepBytes: 1024 }); // smaller than any page: none is kept
    for (let i = 0; i < 3; i++) await small.get('/explore');
    expect(small.renders).toEqual(['/explore', '/explore', '/explore']);
  });

  it('keeps a page asked for often while a crawler walks every other page once (issue #32)', async () => {
    await t.deps.projector.drain();
    const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const { renders, entry } = counting();
    const pages = readerPages(t.deps, { entry, trustProxy: false, origin: () => ORIGIN, log: () => undefined, keepPages: 3 });
    const server = new Hono().get('*', async (c) => (await pages(c, template)) ?? c.text('shell'));
    const get = (p: string) => server.request(`${ORIGIN}${p}`);
    await get('/');
    await get('/'); // kept
    const crawl = ['/explore', '/explore/new', '/story/open_author/page/1', '/story/open_author/page/2', '/story/shy_author/page/1'];
    for (const p of crawl) expect((await get(p)).status).toBeLessThan(500);
    await get('/'); // still kept: the crawl's pages, each asked for once, took no room
    expect(renders).toEqual(['/', '/', ...crawl]);
  });

  it('keeps the brotli copy with its page, made once, and counts it in the bound (ADR 0038)', async () => {
    await t.deps.projector.drain();
    const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const serve = (keepBytes: number) => {
      const { renders, entry } = counting();
      const pages = readerPages(t.deps, { entry, trustProxy: false, origin: () => ORIGIN, log: () => undefined, keepBytes });
      const server = new Hono().get('*', async (c) => (await pages(c, template)) ?? c.text('shell'));
      const get = async (p: string, accept?: string) =>
        Buffer.from(await (await server.request(`${ORIGIN}${p}`, accept ? { headers: { 'accept-encoding': accept } } : {})).arrayBuffer());
      return { renders, get };
    };
    const page = '/story/open_author/page/1';
    const roomy = serve(1024 * 1024);
    await roomy.get(page); // asked for once: not kept
    const plain = await roomy.get(page);
    const br = await roomy.get(page, 'br');
    expect(await roomy.get(page, 'br')).toEqual(br); // the kept copy, the same bytes
    expect(zlib.brotliDecompressSync(br)).toEqual(plain);
    expect(roomy.renders).toEqual([page, page]);
    // Room for the page alone: once its brotli copy is made the two no longer fit, and the page is rendered again.
    const tight = serve(plain.length + 16);
    await tight.get(page);
    await tight.get(page);
    await tight.get(page);
    expect(tight.renders).toEqual([page, page]);
    await tight.get(page, 'br');
    await tight.get(page);
    expect(tight.renders).toEqual([page, page, page]);
  });
});

describe('a screen that cannot render on the server', () => {
  it('gets the app shell and a log entry, not a 500', async () => {
    const logs: string[] = [];
    const broken = createApp(t.deps, {
      trustProxy: false,
      publicOrigin: undefined,
      mediaPublicBaseUrl: undefined,
      legalUrl: t.config.legalUrl,
      clientDir,
      serverRender: {
        rendersOnServer: entryServer.rendersOnServer,
        pageSearch: entryServer.pageSearch,
        render: async () => {
          throw new ReferenceError('window is not defined');
        },
      },
      log: (m) => logs.push(m),
    });
    const res = await broken.request(`${ORIGIN}/story/open_author/page/1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"><!--ssr-body--></div>');
    expect(logs.join('\n')).toMatch(/server render \/story\/open_author\/page\/1 .*window is not defined/);
  });
});
