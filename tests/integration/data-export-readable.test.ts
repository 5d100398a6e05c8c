// The readable copy inside "Download my data" (docs/decisions/0034-word-and-readable-copies.md): README.txt first, in
// plain words; story.html that needs no server (styles inline, every photo a file in the zip, relative links);
// the EPUB, valid. Read back over HTTP with yauzl; the JSON stays as it was (data-export.test.ts checks its schema).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FOLDER } from '../../server/src/core/export/export-schema';
import { epubcheck, hasEpubcheck } from '../support/book-tools';
import { readZip, type ZipEntry } from '../support/read-zip';
import { makeTestApp, postgresBaseUrl, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let tmp: string;
beforeAll(async () => {
  t = await makeTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'export-readable-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function uploadImage(client: TestClient, color: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const res = await client.post('/api/upload', form);
  expect(res.status).toBe(201);
  return res.body.data as string;
}

async function exportOf(client: TestClient): Promise<ZipEntry[]> {
  const res = await t.app.request('http://localhost/account/my-data.zip', { headers: { cookie: client.cookie ?? '' } });
  expect(res.status).toBe(200);
  return readZip(Buffer.from(await res.arrayBuffer()));
}

const inFolder = (entries: ZipEntry[]) => new Map(entries.map((e) => [e.name.slice(EXPORT_FOLDER.length + 1), e]));

describe('the readable copy in the data export', () => {
  it('README.txt first, in plain words; story.html with its photos beside it; the EPUB', async () => {
    const me = await signedInPerson(t, { first_name: 'Nell', last_name: 'Reader' });
    const other = await signedInPerson(t);
    const banner = await uploadImage(me.client, '#c33');
    const mine = await uploadImage(me.client, '#3c3');
    const theirs = await uploadImage(other.client, '#33c');
    const text = [
      '<p>How it began.</p>',
      `<figure><img src="/media/${mine}" alt="Our kitchen"><figcaption>The kitchen, 1961</figcaption></figure>`,
      '<h2>The farm</h2><p>Cows &amp; <em>hens</em>.</p>',
      `<p><img src="/media/${theirs}" alt="Cousin Jo's photo"></p>`,
      '<h2>The city</h2><p>See <a href="/story/someone">a friend’s story</a>.</p>',
    ].join('');
    await t.caller(me.id).stories.publish({ title: 'Nell’s life', text } as never);
    await t.caller(me.id).stories.setBanner({ image: banner });

    const entries = await exportOf(me.client);
    const files = inFolder(entries);
    expect(entries[0]?.name).toBe(`${EXPORT_FOLDER}/README.txt`);
    const readme = entries[0]?.data.toString('utf8') ?? '';
    // The first lines are for a person, not a program: what to open, and how.
    expect(readme.split('TO READ YOUR STORY')[0]).not.toContain('json');
    expect(readme.indexOf('Open the file called "story.html"')).toBeLessThan(readme.indexOf('.json'));
    expect(readme).toContain('"story.epub" is the same story as an e-book');
    expect(readme).toContain('Extract All');

    const page = files.get('story.html')?.data.toString('utf8') ?? '';
    expect(page).toMatch(/^<!doctype html>/);
    const doc = parseDocument(page);
    // Self-contained: its styles inline, no script, no style sheet or font fetched, no absolute image address.
    expect(DomUtils.getElementsByTagName('style', doc)).toHaveLength(1);
    expect(DomUtils.getElementsByTagName('script', doc)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName('link', doc)).toHaveLength(0);
    expect(page).not.toMatch(/url\(|@import/);
    // It follows the reader's light or dark setting, as the site does.
    expect(page).toContain('@media (prefers-color-scheme: dark)');
    const srcs = DomUtils.getElementsByTagName('img', doc).map((img) => img.attribs.src ?? '');
    expect(srcs).toEqual([`files/${banner}`, `files/${mine}`, `story-photos/${theirs}`]);
    // Every photo the page shows is in the zip beside it, byte for byte.
    for (const src of srcs) {
      const name = src.split('/')[1] ?? '';
      expect(files.get(src)?.data.equals((await t.deps.blobs.get(name))?.body as Buffer), src).toBe(true);
    }
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('h1', doc))).toBe('Nell’s life');
    expect(page).toContain('<p class="author" dir="auto">Nell Reader</p>');
    expect(page).toContain('<li class="level-2"><a href="#the-farm">The farm</a></li>');
    expect(page).toContain('<h2 id="the-farm" dir="auto">The farm</h2>');
    expect(page).toContain('<figcaption dir="auto">The kitchen, 1961</figcaption>');
    // A link to the site is a full address (there is no site around a file); the page's own links are relative.
    expect(page).toContain('href="http://localhost/story/someone"');

    const epub = files.get('story.epub');
    expect(epub?.method).toBe(0); // a zip already: stored
    const book = await readZip(epub?.data as Buffer);
    expect(book[0]).toMatchObject({ name: 'mimetype' });
    expect(book.map((e) => e.name)).toEqual(expect.arrayContaining([`EPUB/images/${mine}`, `EPUB/images/${theirs}`]));
    // epubcheck reads the same bytes whatever database made them: once, on SQLite.
    if (hasEpubcheck() && !postgresBaseUrl) {
      const file = path.join(tmp, 'from-export.epub');
      fs.writeFileSync(file, epub?.data as Buffer);
      expect((await epubcheck(file)).messages).toEqual([]);
    }

    // Only files were added: what "Import my data" reads is where it was.
    for (const json of ['profile.json', 'story.json', 'uploads.json']) expect(files.has(json)).toBe(true);
    expect(
      JSON.parse(files.get('uploads.json')?.data.toString() ?? '[]')
        .map((u: { file: string }) => u.file)
        .sort(),
    ).toEqual([`files/${banner}`, `files/${mine}`].sort());
  }, 180_000);

  it('has no story.html or EPUB for someone who has published nothing', async () => {
    const me = await signedInPerson(t);
    const names = [...inFolder(await exportOf(me.client)).keys()];
    expect(names[0]).toBe('README.txt');
    expect(names).not.toContain('story.html');
    expect(names).not.toContain('story.epub');
  });
});
