// "Keep it" in Chromium: the author downloads the story as an EPUB and their data as a zip (playwright download
// events), opens the print page and prints it to a PDF, read back with poppler (pdfinfo, pdftotext): A5 pages,
// every word of the story in order, page numbers at the bottom. Others see no such buttons. axe on each screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FOLDER } from '../../server/src/core/export/export-schema';
import { hasPoppler, pdfImages, pdfInfo, pdfText } from '../support/book-tools';
import { readZip } from '../support/read-zip';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  openPage,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  SCREENSHOTS,
  signInQuickly,
  VIEWPORTS,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-it-e2e-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Twelve chapters of distinct words, long enough for many A5 pages; each word is `c<chapter>w<n>`. */
const CHAPTERS = 12;
const WORDS = 160;
const word = (c: number, i: number) => `c${c}w${i}`;
function bookHtml(photo: string): string {
  const parts: string[] = [];
  for (let c = 0; c < CHAPTERS; c++) {
    parts.push(`<h2>Chapter ${c + 1}</h2>`);
    parts.push(`<p>${Array.from({ length: WORDS / 2 }, (_, i) => word(c, i)).join(' ')}.</p>`);
    if (c === 2) parts.push(`<p><img src="/media/${photo}" alt="The old house"></p>`);
    parts.push(`<p>${Array.from({ length: WORDS / 2 }, (_, i) => word(c, i + WORDS / 2)).join(' ')}.</p>`);
  }
  return parts.join('');
}

async function authorWithStory(): Promise<{ p: Person; page: Page; close: () => Promise<void> }> {
  const p = await registerPerson(server.baseUrl, { first_name: 'Nora', last_name: 'Keeping' });
  const { context, page, errors } = await openPage(browser, server.baseUrl);
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
  await publishStoryQuickly(context, server.baseUrl, 'A Life Kept', bookHtml(photo));
  const bannerPng = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c96' } })
    .png()
    .toBuffer();
  const bannerUp = await context.request.post(`${server.baseUrl}/api/upload`, {
    multipart: { file: { name: 'banner.png', mimeType: 'image/png', buffer: bannerPng } },
    headers: { origin: server.baseUrl },
  });
  const banner = ((await bannerUp.json()) as { data: string }).data;
  const set = await context.request.post(`${server.baseUrl}/api/stories/upload`, {
    data: { image: banner },
    headers: { origin: server.baseUrl },
  });
  expect(set.status()).toBe(200);
  return {
    p,
    page,
    close: async () => {
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

describe('keep it', () => {
  it('the author downloads the story as an EPUB from the story screen', async () => {
    const { p, page, close } = await authorWithStory();
    await page.goto(`/story/${p.username}/page/1`);
    const book = page.getByRole('link', { name: 'Download as a book' });
    await visible(book);
    await visible(page.getByRole('link', { name: 'Print / save as PDF' }));
    await expectNoAxeViolations(page, 'story screen with the keep-it buttons', { dark: true });
    await screenshot(page, 'keep-it-story');
    const [download] = await Promise.all([page.waitForEvent('download'), book.click()]);
    expect(download.suggestedFilename()).toBe('A-Life-Kept.epub');
    const file = path.join(tmp, 'book.epub');
    await download.saveAs(file);
    const entries = await readZip(fs.readFileSync(file));
    expect(entries[0]?.name).toBe('mimetype');
    expect(entries[0]?.data.toString()).toBe('application/epub+zip');
    const story = entries.find((e) => e.name === 'EPUB/story.xhtml')?.data.toString() ?? '';
    expect(story).toContain(word(CHAPTERS - 1, WORDS - 1));
    expect(entries.filter((e) => e.name.startsWith('EPUB/images/'))).toHaveLength(2); // the banner as cover, the photo
    expect(entries.map((e) => e.name)).toContain('EPUB/cover.xhtml');
    // At phone width the buttons wrap inside the screen, each at least the 24 px target of WCAG 2.5.8.
    await page.setViewportSize(VIEWPORTS.phone);
    for (const control of await page.locator('.story-owner-actions > *').all()) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width && box.height >= 24, (await control.textContent()) ?? '').toBe(
        true,
      );
    }
    await expectNoAxeViolations(page, 'story screen with the keep-it buttons, phone');
    await screenshot(page, 'keep-it-story');
    await close();
  });

  it.skipIf(!hasPoppler())('the print page is a book: Chromium prints it to A5 pages with every word in order, numbered', async () => {
    const { p, page, close } = await authorWithStory();
    await page.goto(`/story/${p.username}/page/1`);
    await page.getByRole('link', { name: 'Print / save as PDF' }).click();
    await page.waitForURL(`**/story/${p.username}/print`);
    await visible(page.getByRole('button', { name: 'Print or save as PDF' }));
    await visible(page.getByRole('heading', { level: 1, name: 'A Life Kept' }));
    await hasCount(page.getByRole('navigation', { name: 'Contents' }).getByRole('link'), CHAPTERS);
    await page.evaluate(() => document.fonts.ready);
    await expectNoAxeViolations(page, 'print page');
    await screenshot(page, 'keep-it-print');

    const pdf = path.join(tmp, 'book.pdf');
    fs.writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    // Kept next to the screenshots, to look at (test-output is not in git).
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.copyFileSync(pdf, path.join(SCREENSHOTS, 'keep-it-book.pdf'));
    const info = await pdfInfo(pdf);
    // A5 is 148 x 210 mm = 419.5 x 595.3 pt; Chromium rounds to whole CSS pixels (420 x 594.96).
    const [w, h] = (info['Page size'] ?? '')
      .split(' ')
      .filter((_, i) => i === 0 || i === 2)
      .map(Number);
    expect(Math.abs((w ?? 0) - 419.53)).toBeLessThan(1);
    expect(Math.abs((h ?? 0) - 595.28)).toBeLessThan(1);
    const pages = Number(info.Pages);
    expect(pages).toBeGreaterThanOrEqual(6); // cover, title page, contents, and the story

    const text = await pdfText(pdf);
    const words = text.match(/c\d+w\d+/g) ?? [];
    const expected = Array.from({ length: CHAPTERS }, (_, c) => Array.from({ length: WORDS }, (_, i) => word(c, i))).flat();
    expect(words).toEqual(expected);
    // Each page of the story ends with its number (the @page bottom-center box); the cover and front pages have none.
    const byPage = text.split('\f').slice(0, pages);
    const lastLine = (t: string) => t.trim().split('\n').at(-1)?.trim();
    expect(byPage[0]?.trim()).toBe('A Life Kept');
    for (let n = 4; n <= pages; n++) expect(lastLine(byPage[n - 1] ?? ''), `page ${n}`).toBe(String(n));
    expect(lastLine(byPage[1] ?? '')).not.toBe('2');
    expect(byPage[2]).toContain('Contents');
    // The banner on the cover, the photo in chapter 3 (its own size: 600 x 400).
    const images = await pdfImages(pdf);
    expect(images.map((i) => i.page)[0]).toBe(1);
    expect(images.some((i) => i.page > 3 && i.width === 600 && i.height === 400)).toBe(true);
    await close();
  });

  it('the person downloads their data from the profile screen', async () => {
    const { p, page, close } = await authorWithStory();
    await page.goto('/profile');
    const button = page.getByRole('button', { name: 'Download my data' });
    await visible(button);
    // The current password first (issue #23 §1): a wrong one downloads nothing.
    const current = page.getByLabel('Current password', { exact: true });
    await current.fill('not my password');
    await button.click();
    await hasText(page.locator('.download-data .field-error'), 'Your current password is incorrect.');
    await expectNoAxeViolations(page, 'profile with Download my data', { dark: true });
    await screenshot(page, 'keep-it-profile');
    await current.fill(p.password);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`life-story-data-${p.username}.zip`);
    const file = path.join(tmp, 'data.zip');
    await download.saveAs(file);
    const entries = await readZip(fs.readFileSync(file));
    const profile = JSON.parse(entries.find((e) => e.name === `${EXPORT_FOLDER}/profile.json`)?.data.toString() ?? 'null');
    expect(profile).toMatchObject({ username: p.username, email: p.email, first_name: 'Nora' });
    expect(entries.filter((e) => e.name.startsWith(`${EXPORT_FOLDER}/files/`))).toHaveLength(2); // the photo and the banner
    await close();
  });

  it('a reader sees no keep-it buttons on someone else’s story, and the addresses refuse them', async () => {
    const { p, close } = await authorWithStory();
    const reader = await registerPerson(server.baseUrl);
    const { context, page } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, reader);
    await page.goto(`/story/${p.username}/page/1`);
    await visible(page.getByRole('heading', { name: 'A Life Kept' }));
    await hasCount(page.getByRole('link', { name: 'Download as a book' }), 0);
    await hasCount(page.getByRole('link', { name: 'Print / save as PDF' }), 0);
    const res = await page.goto(`/story/${p.username}/print`);
    expect(res?.status()).toBe(403);
    expect(await page.textContent('body')).toBe('Only the author can download or print this story as a book.');
    await context.close();
    await close();
  });
});
