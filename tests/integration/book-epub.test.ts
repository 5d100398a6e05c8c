// "Download as a book": the author's EPUB 3 over HTTP, read back with yauzl and validated by EPUBCheck
// (docs/decisions/0018-books-and-data-export.md); the print page's access rules and its contents.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epubcheck, hasEpubcheck } from '../support/book-tools';
import { readZip } from '../support/read-zip';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let tmp: string;
beforeAll(async () => {
  t = await makeTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'book-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function uploadImage(client: TestClient, color: string): Promise<string> {
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const res = await client.post('/api/upload', form);
  expect(res.status).toBe(201);
  return res.body.data as string;
}

async function download(client: TestClient, url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const headers = new Headers();
  if (client.cookie) headers.set('cookie', client.cookie);
  const res = await t.app.request(`http://localhost${url}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const STORY = (banner: string, photo: string, other: string) =>
  [
    '<h1>Early years</h1>',
    '<p>I was born in a small town &amp; grew up by the <em>sea</em> — “quiet” days.</p>',
    `<p><img src="/media/${photo}" alt="Our house by the sea"></p>`,
    `<p><img src="/media/${other}"></p>`,
    '<p><img src="https://example.org/far-away.jpg" alt="A postcard"></p>',
    '<h2>School &lt;days&gt;</h2>',
    '<p>Line one<br>line two</p><hr>',
    '<table><tr><th align="right">Year</th><td align="center">1960</td></tr></table>',
    '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol>',
    '<blockquote><p>Quoted</p></blockquote><pre><code>a  b</code></pre>',
    '<p><a href="/story/someone">a link here</a> and <a href="https://example.org/x">there</a>.</p>',
    '<h3>   </h3>',
    `<p>The banner was ${banner}.</p>`,
  ].join('');

describe('/story/:username/book.epub', () => {
  let author: Awaited<ReturnType<typeof signedInPerson>>;
  let banner: string;
  let photo: string;
  let otherPersonsPhoto: string;
  beforeAll(async () => {
    author = await signedInPerson(t, { first_name: 'Ada', last_name: 'Quill' });
    const edit = { first_name: 'Ada', last_name: 'Quill', email: author.email, dob: author.dob, is_private: true };
    expect((await author.client.post('/api/users/edit', edit)).status).toBe(200);
    banner = await uploadImage(author.client, '#3a7');
    photo = await uploadImage(author.client, '#a37');
    const other = await signedInPerson(t);
    otherPersonsPhoto = await uploadImage(other.client, '#37a');
    await t.caller(author.id).stories.publish({ title: 'Salt & “Sea”', text: STORY(banner, photo, otherPersonsPhoto) } as never);
    await t.caller(author.id).stories.setBanner({ image: banner });
  });

  it('gives the author an EPUB: mimetype first and stored, cover, title page, contents, the photos embedded, Literata', async () => {
    const res = await download(author.client, `/story/${author.username}/book.epub`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Salt-Sea.epub"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const entries = await readZip(res.bytes);
    expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0 });
    expect(entries[0]?.data.toString()).toBe('application/epub+zip');
    const file = (name: string) => entries.find((e) => e.name === name)?.data;
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'META-INF/container.xml',
        'EPUB/package.opf',
        'EPUB/nav.xhtml',
        'EPUB/cover.xhtml',
        'EPUB/title.xhtml',
        'EPUB/story.xhtml',
        `EPUB/images/${banner}`,
        `EPUB/images/${photo}`,
        'EPUB/fonts/literata-latin-wght-normal.woff2',
      ]),
    );
    // The photo is the stored file, byte for byte; an upload of someone else's that the story shows is in the book
    // as the reader shows it; nothing comes from the network.
    expect(file(`EPUB/images/${photo}`)?.equals((await t.deps.blobs.get(photo))?.body as Buffer)).toBe(true);
    expect(names).toContain(`EPUB/images/${otherPersonsPhoto}`);
    expect(names.filter((n) => n.startsWith('EPUB/images/'))).toHaveLength(3);

    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
    const opf = parser.parse(file('EPUB/package.opf')?.toString() ?? '');
    expect(opf.package.metadata['dc:title']).toBe('Salt & “Sea”');
    expect(opf.package.metadata['dc:creator']).toBe('Ada Quill'); // a private author's own book names them
    const story = file('EPUB/story.xhtml')?.toString() ?? '';
    expect(() => new XMLParser().parse(story)).not.toThrow();
    expect(story).toContain(`src="images/${photo}"`);
    expect(story).toContain('alt="Our house by the sea"');
    // Another site's image never reaches a story (the sanitiser drops it, ADR 0016), so never a book either.
    expect(story).not.toContain('far-away.jpg');
    expect(story).toContain('href="http://localhost/story/someone"');
    const nav = file('EPUB/nav.xhtml')?.toString() ?? '';
    expect(nav).toContain('<a href="story.xhtml#heading-1">Early years</a>');
    expect(nav).toContain('<a href="story.xhtml#school-days">School &lt;days&gt;</a>');
    expect(nav).not.toContain('heading-3');
  });

  it.skipIf(!hasEpubcheck())(
    'passes EPUBCheck with no errors and no warnings',
    async () => {
      const res = await download(author.client, `/story/${author.username}/book.epub`);
      const file = path.join(tmp, 'book.epub');
      fs.writeFileSync(file, res.bytes);
      const report = await epubcheck(file);
      expect(report.messages).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    },
    120_000,
  );

  it.skipIf(!hasEpubcheck())(
    'a story without banner or headings is a valid book too',
    async () => {
      const plain = await signedInPerson(t);
      await t.caller(plain.id).stories.publish({ title: 'Plain', text: '<p>Just one paragraph.</p>' } as never);
      const res = await download(plain.client, `/story/${plain.username}/book.epub`);
      expect(res.status).toBe(200);
      const file = path.join(tmp, 'plain.epub');
      fs.writeFileSync(file, res.bytes);
      const report = await epubcheck(file);
      expect(report.messages).toEqual([]);
    },
    120_000,
  );

  it('describes a photo the file store has lost instead of failing the book', async () => {
    const p = await signedInPerson(t);
    const lost = await uploadImage(p.client, '#777');
    const kept = await uploadImage(p.client, '#999');
    const html = `<p><img src="/media/${lost}" alt="Lost one"></p><p><img src="/media/${kept}" alt="Kept one"></p>`;
    await t.caller(p.id).stories.publish({ title: 'Lossy', text: html } as never);
    await t.deps.blobs.delete(lost);
    const res = await download(p.client, `/story/${p.username}/book.epub`);
    expect(res.status).toBe(200);
    const entries = await readZip(res.bytes);
    const story = entries.find((e) => e.name === 'EPUB/story.xhtml')?.data.toString() ?? '';
    expect(story).toContain('[Picture: Lost one]');
    expect(story).toContain(`src="images/${kept}"`);
    expect(entries.map((e) => e.name)).not.toContain(`EPUB/images/${lost}`);
  });

  it('refuses everyone but the author with a sentence', async () => {
    const visitor = await download(t.client(), `/story/${author.username}/book.epub`);
    expect(visitor.status).toBe(401);
    expect(visitor.bytes.toString()).toBe('Please sign in to download or print your story as a book.');
    const other = await signedInPerson(t);
    const refused = await download(other.client, `/story/${author.username}/book.epub`);
    expect(refused.status).toBe(403);
    expect(refused.bytes.toString()).toBe('Only the author can download or print this story as a book.');
    expect((await download(other.client, '/story/nobody-at-all/book.epub')).status).toBe(404);
    const noStory = await download(other.client, `/story/${other.username}/book.epub`);
    expect(noStory.status).toBe(404);
    expect(noStory.bytes.toString()).toBe('You have not written a story yet.');
  });
});

describe('a story in Arabic (docs/decisions/0043-a-storys-language-is-detected.md)', () => {
  const ARABIC = [
    '<h2>بيت جدتي</h2>',
    '<p>وُلدت في بيت صغير قرب النيل، وكانت جدتي تخبز الخبز لنا كل صباح قبل أن يستيقظ أحد.</p>',
    '<ul><li>الخبز</li><li>الشاي بالنعناع</li></ul>',
    '<blockquote><p>قالت لي: لا تنسَ من أين أتيت.</p></blockquote>',
    '<p>In English: my grandmother’s house.</p>',
  ].join('');
  let author: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    author = await signedInPerson(t);
    await t.caller(author.id).stories.publish({ title: 'حكاية جدتي', text: ARABIC } as never);
  });

  it('is an EPUB in Arabic, right to left, each block in its own direction', async () => {
    const entries = await readZip((await download(author.client, `/story/${author.username}/book.epub`)).bytes);
    const file = (name: string) => entries.find((e) => e.name === name)?.data.toString() ?? '';
    const opf = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(file('EPUB/package.opf'));
    expect(opf.package.metadata['dc:language']).toBe('ar');
    expect(opf.package['@xml:lang']).toBe('ar');
    expect(opf.package.spine['@page-progression-direction']).toBe('rtl');
    // The story's XHTML writes every letter beyond ASCII as a character reference (dom-serializer's XML mode).
    const story = file('EPUB/story.xhtml').replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
    expect(story).toContain('xml:lang="ar" lang="ar" dir="rtl"');
    expect(story).toMatch(/<h2 id="[^"]+" dir="auto">بيت جدتي<\/h2>/);
    expect(story).toContain('<ul><li dir="auto">الخبز</li>');
    expect(story).toContain('<blockquote dir="auto"><p>');
    expect(story).toContain('<p dir="auto">In English: my grandmother’s house.</p>');
    expect(file('EPUB/title.xhtml')).toContain('<h1 dir="auto">حكاية جدتي</h1>');
  });

  it.skipIf(!hasEpubcheck())(
    'passes EPUBCheck',
    async () => {
      const res = await download(author.client, `/story/${author.username}/book.epub`);
      const file = path.join(tmp, 'arabic.epub');
      fs.writeFileSync(file, res.bytes);
      const report = await epubcheck(file);
      expect(report.messages).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    },
    120_000,
  );

  it('is a print page in Arabic, right to left, with its English words marked as English', async () => {
    const res = await author.client.get(`/story/${author.username}/print`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(res.text).toContain('<li dir="auto">الشاي بالنعناع</li>');
    expect(res.text).toContain('<h2 id="contents-heading" lang="en" dir="ltr">Contents</h2>');
  });
});

describe('a Spanish author (docs/decisions/0042-interface-languages.md)', () => {
  const SPANISH = '<h2>La casa del río</h2><p>Nací en una casa pequeña junto al río, donde mi abuela cocía el pan cada mañana.</p>';
  let author: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    author = await signedInPerson(t, { first_name: 'Lola', last_name: 'Prieto' });
    expect((await author.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
    await t.caller(author.id).stories.publish({ title: 'Mi vida', text: SPANISH } as never);
  });

  it("gives the book's fixed words in Spanish, marked as Spanish, around the story", async () => {
    const entries = await readZip((await download(author.client, `/story/${author.username}/book.epub`)).bytes);
    const file = (name: string) => entries.find((e) => e.name === name)?.data.toString() ?? '';
    const nav = file('EPUB/nav.xhtml');
    expect(nav).toContain('xml:lang="es" lang="es"');
    expect(nav).toContain('<title>Índice</title>');
    expect(nav).toContain('<h1>Índice</h1>');
    expect(nav).toContain('<li lang="es" xml:lang="es" dir="ltr"><a href="title.xhtml">Portada</a></li>');
    expect(nav).not.toMatch(/Contents|Title page/);
    expect(file('EPUB/title.xhtml')).toContain('<p class="colophon" lang="es" xml:lang="es" dir="ltr">Compuesto en Literata');
  });

  it.skipIf(!hasEpubcheck())(
    'passes EPUBCheck',
    async () => {
      const res = await download(author.client, `/story/${author.username}/book.epub`);
      const file = path.join(tmp, 'spanish.epub');
      fs.writeFileSync(file, res.bytes);
      const report = await epubcheck(file);
      expect(report.messages).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    },
    120_000,
  );

  it('is a print page with its fixed words in Spanish', async () => {
    const res = await author.client.get(`/story/${author.username}/print`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Mi vida (libro para imprimir)</title>');
    expect(res.text).toContain('<button type="button" id="print-book">Imprimir o guardar como PDF</button>');
    expect(res.text).toContain('elija <strong>Guardar como PDF</strong> como impresora');
    // The story is Spanish too: the fixed words need no lang of their own.
    expect(res.text).toContain('<h2 id="contents-heading">Índice</h2>');
  });
});

describe('the book and the reader list the same chapters (ADR 0029)', () => {
  it('same titles, same ids, same order in the EPUB, the print page and stories.get', async () => {
    const author = await signedInPerson(t);
    const text = [
      '<h1>My life</h1><p>Intro.</p>',
      '<h2>Where I was <em>born</em></h2><p>By the sea.</p><h3>The house</h3><p>Small.</p>',
      '<blockquote><h2>A quoted heading</h2></blockquote>',
      '<h2>School &amp; friends</h2><p>A.</p><h2>School &amp; friends</h2><p>B.</p><h2>  </h2><h2>Main</h2>',
    ].join('');
    await t.caller(author.id).stories.publish({ title: 'Chapters', text } as never);
    const chapters = (await t.caller(null).stories.get({ username: author.username }))?.chapters ?? [];
    expect(chapters.map((c) => c.title)).toEqual(['Where I was born', 'School & friends', 'School & friends', 'Main']);
    const decoded = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    const level2 = (html: string, prefix: string) =>
      [...html.matchAll(new RegExp(`<li class="level-2"><a href="${prefix}#([^"]+)">([^<]*)</a></li>`, 'g'))].map((m) => ({
        slug: m[1],
        title: decoded(m[2]!),
      }));
    const expected = chapters.map(({ slug, title }) => ({ slug, title }));

    const epub = await readZip((await download(author.client, `/story/${author.username}/book.epub`)).bytes);
    const nav = epub.find((e) => e.name === 'EPUB/nav.xhtml')?.data.toString() ?? '';
    expect(level2(nav, 'story.xhtml')).toEqual(expected);
    const story = epub.find((e) => e.name === 'EPUB/story.xhtml')?.data.toString() ?? '';
    for (const { slug } of expected) expect(story).toContain(`<h2 id="${slug}" dir="auto">`);
    const print = await author.client.get(`/story/${author.username}/print`);
    expect(level2(print.text, '')).toEqual(expected);
    // the other levels are still listed; a heading in a quote is not
    expect(nav).toContain('<li class="level-1"><a href="story.xhtml#heading-1">My life</a></li>');
    expect(nav).toContain('The house</a></li>');
    expect(nav).not.toContain('A quoted heading');
  });
});

describe('/story/:username/print', () => {
  it('is the author’s book page: cover, title page, contents, the story; others are refused', async () => {
    const author = await signedInPerson(t, { first_name: 'Bea', last_name: 'Inkwell' });
    await t.caller(author.id).stories.publish({ title: 'Print me', text: '<h2>Part one</h2><p>Words to print.</p>' } as never);
    const res = await author.client.get(`/story/${author.username}/print`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('@page { size: A5;');
    expect(res.text).toContain('<h1 dir="auto">Print me</h1>');
    expect(res.text).toContain('<p class="author" dir="auto">Bea Inkwell</p>');
    expect(res.text).toContain('<li class="level-2"><a href="#part-one">Part one</a></li>');
    expect(res.text).toContain('<h2 id="part-one" dir="auto">Part one</h2>');
    expect((await t.client().get(`/story/${author.username}/print`)).status).toBe(401);
    const other = await signedInPerson(t);
    expect((await other.client.get(`/story/${author.username}/print`)).status).toBe(403);
    const font = await t.app.request('http://localhost/book-assets/literata-latin-wght-normal.woff2');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await t.app.request('http://localhost/book-assets/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('rate limits', () => {
  it('answers 429 with a sentence once the hour’s books are spent', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const me = await signedInPerson(limited);
      await limited.caller(me.id).stories.publish({ title: 'Mine', text: '<p>Mine.</p>' } as never);
      const get = () =>
        limited.app.request(`http://localhost/story/${me.username}/book.epub`, { headers: { cookie: me.client.cookie ?? '' } });
      for (let i = 0; i < 20; i++) expect((await get()).status).toBe(200);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(await refused.text()).toMatch(/^Too many book downloads\. Please try again in \d+ minutes\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
