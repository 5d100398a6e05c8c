// Issue #27's "Done when", in Chromium: on a phone (390 x 844) a writer brings a Word document with photos into her
// draft, publishes it, and downloads it back with "Download as Word (.docx)": the document holds the imported chapters
// and photos (docs/decisions/0033-import-a-document.md, 0034-word-and-readable-copies.md). At desktop width the same
// screens are opened for axe (light and dark) and screenshots.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { richDocx } from '../support/document-fixtures';
import { readZip } from '../support/read-zip';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  openPage,
  pressSaveStory,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type ViewportName,
} from './support/e2e';

vi.setConfig({ testTimeout: 300_000 });

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const DESCRIBED = 'Mother at the seaside, 1952';
const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });

/** Signs a new writer in at `viewport`, opens the write screen and chooses a .docx of three chapters and two photos. */
async function previewImport(viewport: ViewportName) {
  const person = await registerPerson(server.baseUrl, { first_name: 'Mary', last_name: 'Worde' });
  const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
  if (viewport === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(context, server.baseUrl, person);
  await page.goto('/story/write');
  await visible(storyText(page));
  await page.getByLabel('Title').fill('My Life');
  await page.getByRole('button', { name: 'Import a document' }).click();
  const docx = await richDocx({ photos: [{ alt: DESCRIBED }, { alt: '' }], extraChapters: 2, paragraphsPerChapter: 3 });
  await page.locator('.import-document input[type="file"]').setInputFiles({
    name: 'My life.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  const panel = page.getByRole('region', { name: 'Import a document' });
  // The conversion runs on a worker thread that starts cold, on a machine shared with other runs.
  await panel.locator('.import-document-preview').waitFor({ state: 'visible', timeout: 120_000 });
  await hasCount(panel.locator('.import-document-preview img'), 2);
  return { person, context, page, errors, panel };
}

describe('A Word document in, and back out as Word', () => {
  it('on a phone: imports a .docx with photos, publishes, and downloads a Word document holding its chapters and photos', async () => {
    const { person, context, page, errors, panel } = await previewImport('phone');
    await screenshot(page, 'word-in-and-out-preview');
    await panel.getByRole('button', { name: 'Add to the end of my draft' }).click();
    await hasCount(page.locator('.import-document'), 0);
    await hasCount(storyText(page).locator('figure img'), 2);
    await hasText(page.locator('.draft-status-text'), 'All changes saved');
    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);

    const word = page.getByRole('link', { name: 'Download as Word (.docx)' });
    await visible(word);
    await screenshot(page, 'word-in-and-out-story');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), word.click()]);
    expect(download.suggestedFilename()).toBe('My-Life.docx');
    const path = await download.path();
    const entries = await readZip(fs.readFileSync(path));
    const document = entries.find((e) => e.name === 'word/document.xml')?.data.toString() ?? '';
    // The imported chapters, in order, each a Heading 2 starting a page; the words and the described photo's caption.
    const chapters = [...document.matchAll(/<w:pStyle w:val="Heading2"\/>.*?<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(chapters).toEqual(['Childhood', 'Chapter 2', 'Chapter 3']);
    for (const text of ['My Life', 'Mary Worde', 'Leeds', 'a baker', 'waste not, want not', DESCRIBED]) expect(document).toContain(text);
    // Both imported photos, as the JPEGs the upload pipeline stored.
    const media = entries.filter((e) => e.name.startsWith('word/media/'));
    expect(media).toHaveLength(2);
    for (const photo of media) expect(photo.data.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at desktop width: the import preview and the story with its Word download pass axe in light and dark', async () => {
    const { person, context, page, errors, panel } = await previewImport('desktop');
    await expectNoAxeViolations(page, 'word in and out: import preview (desktop)', { dark: true });
    await screenshot(page, 'word-in-and-out-preview');
    await panel.getByRole('button', { name: 'Add to the end of my draft' }).click();
    await hasCount(page.locator('.import-document'), 0);
    await hasText(page.locator('.draft-status-text'), 'All changes saved');
    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    await visible(page.getByRole('link', { name: 'Download as Word (.docx)' }));
    await expectNoAxeViolations(page, 'word in and out: story actions (desktop)', { dark: true });
    await screenshot(page, 'word-in-and-out-story');
    expect(errors).toEqual([]);
    await context.close();
  });
});
