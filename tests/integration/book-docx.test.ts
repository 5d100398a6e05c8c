// "Download as Word (.docx)": the author's story as a Word document over HTTP, read back with yauzl and
// fast-xml-parser, then opened by Debian's LibreOffice (headless, to PDF) and read back with poppler
// (docs/decisions/0034-word-and-readable-copies.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxToPdf, hasLibreOffice, hasPoppler, pdfImages, pdfText } from '../support/book-tools';
import { readZip, type ZipEntry } from '../support/read-zip';
import { makeTestApp, postgresBaseUrl, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let tmp: string;
beforeAll(async () => {
  t = await makeTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docx-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function uploadImage(client: TestClient, color: string, width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
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

interface Para {
  style: string | null;
  text: string;
  pageBreakBefore: boolean;
  numbered: boolean;
  drawings: { cx: number; cy: number; descr: string }[];
  links: string[];
}

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };
const tagOf = (n: Node) => Object.keys(n).find((k) => k !== ':@') ?? '';
const kids = (n: Node) => (n[tagOf(n)] as Node[] | undefined) ?? [];

function* find(nodes: Node[], tag: string): Generator<Node> {
  for (const n of nodes) {
    if (tagOf(n) === tag) yield n;
    else if (Array.isArray(n[tagOf(n)])) yield* find(kids(n), tag);
  }
}

/** A paragraph's text as Word shows it: its runs' text, not its fields' instructions. */
const textIn = (n: Node): string =>
  tagOf(n) === '#text' ? String(n['#text']) : tagOf(n) === 'w:br' ? '\n' : tagOf(n) === 'w:instrText' ? '' : kids(n).map(textIn).join('');

/** The body's paragraphs in order (a table's too), with what the tests look at. */
function paragraphs(documentXml: string): Para[] {
  const parsed = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', trimValues: false }).parse(
    documentXml,
  ) as Node[];
  return [...find(parsed, 'w:p')].map((p) => {
    const pPr = kids(p).find((k) => tagOf(k) === 'w:pPr');
    const props = pPr ? kids(pPr) : [];
    const style = props.find((k) => tagOf(k) === 'w:pStyle')?.[':@']?.['w:val'] ?? null;
    return {
      style,
      text: kids(p)
        .filter((k) => tagOf(k) !== 'w:pPr')
        .map(textIn)
        .join(''),
      pageBreakBefore: props.some((k) => tagOf(k) === 'w:pageBreakBefore'),
      numbered: props.some((k) => tagOf(k) === 'w:numPr'),
      drawings: [...find([p], 'wp:inline')].map((d) => {
        const extent = kids(d).find((k) => tagOf(k) === 'wp:extent')?.[':@'] ?? {};
        const doc = kids(d).find((k) => tagOf(k) === 'wp:docPr')?.[':@'] ?? {};
        return { cx: Number(extent.cx), cy: Number(extent.cy), descr: doc.descr ?? '' };
      }),
      links: [...find([p], 'w:hyperlink')].map((h) => h[':@']?.['r:id'] ?? ''),
    };
  });
}

const STORY = (photo: string, big: string, lost: string) =>
  [
    '<p>I was born in a small town &amp; grew up by the <em>sea</em>, <strong>“quiet”</strong> days.</p>',
    `<figure><img src="/media/${photo}" alt="Our house by the sea"><figcaption>The house, <em>1950</em></figcaption></figure>`,
    '<h2>Early years</h2>',
    '<p>Line one<br>line two</p>',
    `<p><img src="/media/${big}" alt="The wide harbour"></p>`,
    '<h3>The school</h3>',
    '<ul><li>one</li><li>two<ul><li>two and a half</li></ul></li></ul><ol><li>first</li><li>second</li></ol>',
    '<blockquote><p>Be kind, said Mother.</p></blockquote>',
    '<p><a href="https://example.org/x">a far link</a> and <a href="/story/someone">a near one</a>.</p>',
    '<h2>Work &amp; love</h2>',
    `<p><img src="/media/${lost}" alt="A lost photo"></p>`,
    '<table><tr><th>Year</th><td>1960</td></tr></table>',
    '<h2>  </h2>',
    '<h2>Later</h2><p>The end.</p>',
  ].join('');

describe('/story/:username/book.docx', () => {
  let author: Awaited<ReturnType<typeof signedInPerson>>;
  let photo: string;
  let big: string;
  beforeAll(async () => {
    author = await signedInPerson(t, { first_name: 'Ada', last_name: 'Quill' });
    photo = await uploadImage(author.client, '#a37', 80, 60);
    big = await uploadImage(author.client, '#37a', 2000, 1000);
    const lost = await uploadImage(author.client, '#777', 40, 40);
    await t.caller(author.id).stories.publish({ title: 'Salt & “Sea”', text: STORY(photo, big, lost) } as never);
    await t.deps.blobs.delete(lost);
  });

  it('gives the author a Word document: title page, contents, chapters on new pages, photos at their stored size with captions', async () => {
    const res = await download(author.client, `/story/${author.username}/book.docx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Salt-Sea.docx"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const entries = await readZip(res.bytes);
    const file = (name: string) => entries.find((e: ZipEntry) => e.name === name)?.data.toString('utf8') ?? '';
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', 'word/styles.xml']));
    const media = entries.filter((e) => e.name.startsWith('word/media/'));
    expect(media).toHaveLength(2); // the lost photo is described, not embedded
    const stored = (await t.deps.blobs.get(photo))?.body as Buffer;
    expect(media.some((m) => m.data.equals(stored))).toBe(true); // the stored file, byte for byte

    const paras = paragraphs(file('word/document.xml'));
    const styled = (style: string) => paras.filter((p) => p.style === style).map((p) => p.text);
    expect(styled('Title')).toEqual(['Salt & “Sea”', 'Contents']);
    expect(paras.map((p) => p.text)).toContain('Ada Quill');
    expect(paras.some((p) => /^From Life Story, http:\/\/localhost, as it was on \d+ \w+ \d{4}\.$/.test(p.text))).toBe(true);
    // Chapters are the reader's (an empty h2 is none), each on a new page; h3 a sub-heading.
    const chapters = paras.filter((p) => p.style === 'Heading2');
    expect(chapters.map((c) => c.text)).toEqual(['Early years', 'Work & love', 'Later']);
    expect(chapters.every((c) => c.pageBreakBefore)).toBe(true);
    expect(styled('Heading3')).toEqual(['The school']);
    // The contents are filled in already (no field update needed), one entry per heading.
    expect(file('word/document.xml')).toMatch(/<w:instrText[^>]*>\s*TOC /);
    const contents = paras.filter((p) => /^TOC\d$/.test(p.style ?? '')).map((p) => p.text.trim());
    expect(contents).toEqual(['Early years', 'The school', 'Work & love', 'Later']);

    // Photos: the stored size (80x60 px) in EMUs at 96 px to the inch; the big one fitted to the page's width.
    const drawings = paras.flatMap((p) => p.drawings);
    expect(drawings).toEqual([
      { cx: 80 * 9525, cy: 60 * 9525, descr: 'Our house by the sea' },
      { cx: 600 * 9525, cy: 300 * 9525, descr: 'The wide harbour' },
    ]);
    expect(styled('Caption')).toEqual(['The house, 1950', 'The wide harbour']);
    expect(paras.map((p) => p.text)).toContain('[Picture: A lost photo]');

    expect(paras.find((p) => p.text.startsWith('I was born'))?.text).toBe('I was born in a small town & grew up by the sea, “quiet” days.');
    expect(paras.find((p) => p.text.startsWith('Line one'))?.text).toBe('Line one\nline two');
    expect(paras.filter((p) => p.numbered).map((p) => p.text)).toEqual(['one', 'two', 'two and a half', 'first', 'second']);
    expect(paras.find((p) => p.text === 'Be kind, said Mother.')?.style).toBe('Quote');
    const linked = paras.find((p) => p.text.startsWith('a far link'));
    expect(linked?.links).toHaveLength(2);
    const rels = file('word/_rels/document.xml.rels');
    expect(rels).toContain('Target="https://example.org/x"');
    expect(rels).toContain('Target="http://localhost/story/someone"');
    expect(paras.map((p) => p.text)).toEqual(expect.arrayContaining(['Year', '1960', 'The end.']));
  });

  it('refuses everyone but the author with the EPUB’s sentences', async () => {
    const visitor = await download(t.client(), `/story/${author.username}/book.docx`);
    expect(visitor.status).toBe(401);
    expect(visitor.bytes.toString()).toBe('Please sign in to download or print your story as a book.');
    const other = await signedInPerson(t);
    const refused = await download(other.client, `/story/${author.username}/book.docx`);
    expect(refused.status).toBe(403);
    expect(refused.bytes.toString()).toBe('Only the author can download or print this story as a book.');
    const noStory = await download(other.client, `/story/${other.username}/book.docx`);
    expect(noStory.status).toBe(404);
    expect(noStory.bytes.toString()).toBe('You have not written a story yet.');
  });

  it('is the author’s whoever may read the story: circle-only and only-me stories too, never anyone else’s', async () => {
    const writer = await signedInPerson(t);
    await t.caller(writer.id).stories.publish({ title: 'Ours', text: '<h2>Just us</h2><p>For the family.</p>' } as never);
    const reader = await signedInPerson(t);
    for (const audience of ['circle', 'only_me'] as const) {
      await t.deps.db.updateTable('stories').set({ audience }).where('user_id', '=', writer.id).execute();
      expect((await download(writer.client, `/story/${writer.username}/book.docx`)).status).toBe(200);
      expect((await download(reader.client, `/story/${writer.username}/book.docx`)).status).toBe(403);
    }
  });

  it('a story without headings or photos is a document too', async () => {
    const plain = await signedInPerson(t);
    await t.caller(plain.id).stories.publish({ title: 'Plain', text: '<p>Just one paragraph.</p>' } as never);
    const res = await download(plain.client, `/story/${plain.username}/book.docx`);
    expect(res.status).toBe(200);
    const entries = await readZip(res.bytes);
    const paras = paragraphs(entries.find((e) => e.name === 'word/document.xml')?.data.toString() ?? '');
    expect(paras.map((p) => p.text)).toContain('Just one paragraph.');
    expect(paras.some((p) => p.pageBreakBefore && p.style === 'Heading2')).toBe(false);
  });

  it("a Spanish author's document has its fixed words in Spanish", async () => {
    const lola = await signedInPerson(t, { first_name: 'Lola', last_name: 'Prieto' });
    expect((await lola.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
    await t.caller(lola.id).stories.publish({ title: 'Mi vida', text: '<h2>La infancia</h2><p>Nací junto al río.</p>' } as never);
    const res = await download(lola.client, `/story/${lola.username}/book.docx`);
    expect(res.status).toBe(200);
    const entries = await readZip(res.bytes);
    const file = (name: string) => entries.find((e: ZipEntry) => e.name === name)?.data.toString('utf8') ?? '';
    const paras = paragraphs(file('word/document.xml'));
    expect(paras.filter((p) => p.style === 'Title').map((p) => p.text)).toEqual(['Mi vida', 'Índice']);
    expect(paras.some((p) => /^De Life Story, http:\/\/localhost, tal como estaba el \d+ de \p{L}+ de \d{4}\.$/u.test(p.text))).toBe(true);
    expect(file('docProps/core.xml')).toContain('Mi vida, de Lola Prieto');
  });

  // LibreOffice reads the same bytes whatever database made them: its check runs once, on SQLite (it costs ~40 s).
  it.skipIf(!hasLibreOffice() || !hasPoppler() || Boolean(postgresBaseUrl))(
    'opens in LibreOffice without a warning: the title page, the chapters in order, the photos and their captions',
    async () => {
      const res = await download(author.client, `/story/${author.username}/book.docx`);
      const file = path.join(tmp, 'story.docx');
      fs.writeFileSync(file, res.bytes);
      const { pdf, output } = await docxToPdf(file);
      expect(fs.existsSync(pdf)).toBe(true);
      // Kept to look at (test-output is not in git).
      fs.mkdirSync('test-output/screenshots', { recursive: true });
      fs.copyFileSync(pdf, 'test-output/screenshots/word-in-libreoffice.pdf');
      // LibreOffice prints one line for the conversion and nothing else. Debian's soffice script also says it could
      // not start javaldx (no Java runtime for LibreOffice's Java parts): that is the machine, not the document.
      const lines = output.split('\n').filter((l) => l.trim() && !l.startsWith('Warning: failed to launch javaldx'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^convert .*story\.docx -> .*story\.pdf using filter : writer_pdf_Export$/);
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      const order = ['Salt & “Sea”', 'Ada Quill', 'Contents', 'Early years', 'The house, 1950', 'Work & love', 'Later'];
      // The title page first; then each chapter after the one before it (the contents list them first).
      const body = text.slice(text.indexOf('I was born'));
      expect(text.indexOf('Salt & “Sea”')).toBeLessThan(text.indexOf('Ada Quill'));
      expect(text.indexOf('Ada Quill')).toBeLessThan(text.indexOf('Contents'));
      for (const needle of order) expect(text).toContain(needle);
      const positions = [
        'The house, 1950',
        'Early years',
        'The wide harbour',
        'The school',
        'Work & love',
        '[Picture: A lost photo]',
        'Later',
      ].map((n) => body.indexOf(n));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      // Both photos are drawn in the PDF, each on a page of its own chapter.
      expect(await pdfImages(pdf)).toHaveLength(2);
    },
    240_000,
  );
});
