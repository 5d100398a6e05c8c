// "Download as Word (.docx)" in Chromium, at phone and desktop width: the author finds it beside the EPUB, downloads it
// (a playwright download) and gets a Word document of the story; axe light and dark. Then the readable copy from
// "Download my data": its story.html opened from the unpacked folder, offline, shows every photo
// (docs/decisions/0034-word-and-readable-copies.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FOLDER } from '../../server/src/core/export/export-schema';
import { readZip } from '../support/read-zip';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  openPage,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  VIEWPORTS,
  type ViewportName,
  visible,
  withServerAndBrowser,
  type E2eServer,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'word-e2e-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function authorWithStory(viewport: ViewportName) {
  const p = await registerPerson(server.baseUrl, { first_name: 'Wyn', last_name: 'Wordsworth' });
  const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(context, server.baseUrl, p);
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#8a6' } })
    .png()
    .toBuffer();
  const up = await context.request.post(`${server.baseUrl}/api/upload`, {
    multipart: { file: { name: 'house.png', mimeType: 'image/png', buffer: png } },
    headers: { origin: server.baseUrl },
  });
  expect(up.status()).toBe(201);
  const photo = ((await up.json()) as { data: string }).data;
  const html = [
    '<p>Where it starts.</p>',
    `<figure><img src="/media/${photo}" alt="The old house"><figcaption>The old house, 1952</figcaption></figure>`,
    '<h2>Childhood</h2><p>We had a goat.</p><h3>The goat</h3><p>It ate the washing.</p>',
    '<h2>Marriage</h2><p>We met at a dance.</p>',
  ].join('');
  await publishStoryQuickly(context, server.baseUrl, 'Words Kept', html);
  return { p, context, page, errors, photo };
}

describe('Download as Word (.docx)', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`the author finds it beside the EPUB and downloads the story as a Word document (${viewport})`, async () => {
      const { p, context, page, errors } = await authorWithStory(viewport);
      await page.goto(`/story/${p.username}/page/1`);
      const word = page.getByRole('link', { name: 'Download as Word (.docx)' });
      await visible(word);
      await visible(page.getByRole('link', { name: 'Download as a book' }));
      // Every keep-it button inside the screen, and a big enough target for a finger.
      for (const control of await page.locator('.story-owner-actions > *').all()) {
        const box = await control.boundingBox();
        const label = (await control.textContent()) ?? '';
        expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS[viewport].width, label).toBe(true);
        expect(box?.height ?? 0, label).toBeGreaterThanOrEqual(44);
      }
      await expectNoAxeViolations(page, `story screen with Download as Word, ${viewport}`, { dark: true });
      await screenshot(page, 'word-download-story');
      const [download] = await Promise.all([page.waitForEvent('download'), word.click()]);
      expect(download.suggestedFilename()).toBe('Words-Kept.docx');
      const file = path.join(tmp, `story-${viewport}.docx`);
      await download.saveAs(file);
      const entries = await readZip(fs.readFileSync(file));
      const document = entries.find((e) => e.name === 'word/document.xml')?.data.toString() ?? '';
      for (const text of ['Words Kept', 'Wyn Wordsworth', 'Childhood', 'The goat', 'Marriage', 'The old house, 1952']) {
        expect(document).toContain(text);
      }
      expect(entries.filter((e) => e.name.startsWith('word/media/'))).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a reader sees no Word link on someone else’s story, and the address refuses them', async () => {
    const author = await authorWithStory('desktop');
    await author.context.close();
    const reader = await registerPerson(server.baseUrl);
    const { context, page } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, reader);
    await page.goto(`/story/${author.p.username}/page/1`);
    await visible(page.getByRole('heading', { name: 'Words Kept' }));
    await hasCount(page.getByRole('link', { name: 'Download as Word (.docx)' }), 0);
    const res = await context.request.get(`${server.baseUrl}/story/${author.p.username}/book.docx`);
    expect(res.status()).toBe(403);
    await context.close();
  });
});

/** Unpacks a zip into `dir` as a person's computer would (yauzl; names are checked not to leave the folder). */
function unzip(bytes: Buffer, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        const target = path.join(dir, entry.fileName);
        if (!target.startsWith(dir + path.sep)) return reject(new Error(`${entry.fileName} leaves the folder`));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          stream.pipe(fs.createWriteStream(target)).on('finish', () => zip.readEntry());
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('the readable copy in Download my data', () => {
  it('story.html opens from the unpacked folder with no server and no network, every photo shown', async () => {
    const { context, photo } = await authorWithStory('desktop');
    const res = await context.request.get(`${server.baseUrl}/account/my-data.zip`);
    expect(res.status()).toBe(200);
    const dir = fs.mkdtempSync(path.join(tmp, 'unpacked-'));
    await unzip(Buffer.from(await res.body()), dir);
    await context.close();
    const folder = path.join(dir, EXPORT_FOLDER);
    expect(fs.readdirSync(folder)).toEqual(expect.arrayContaining(['README.txt', 'story.html', 'story.epub', 'files']));

    for (const viewport of ['phone', 'desktop'] as const) {
      const offline = await browser.newContext({ viewport: VIEWPORTS[viewport], offline: true });
      const page = await offline.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      await page.goto(`file://${path.join(folder, 'story.html')}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Words Kept' }));
      await visible(page.getByRole('link', { name: 'Marriage' }));
      const images = await page
        .locator('img')
        .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => ({ src: img.getAttribute('src'), width: img.naturalWidth })));
      expect(images).toEqual([{ src: `files/${photo}`, width: 600 }]);
      expect(failed).toEqual([]);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await expectNoAxeViolations(page, `story.html from the data export, ${viewport}`, { dark: true });
      await screenshot(page, 'readable-copy-story-html');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'readable-copy-story-html-dark');
      await offline.close();
    }
  });
});
