// Import a document (issue #27, docs/decisions/0033-import-a-document.md) in Chromium at 390 and 1280 px: a Word
// document with two photos (one described) is chosen on the write screen, previewed with its report, added to the
// draft, and published; nothing off-screen at 390 px, targets of 44 px, axe clean in light and dark.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { richDocx } from '../support/document-fixtures';
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

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });

async function storyApi(context: BrowserContext, username: string) {
  const res = await context.request.post(`${server.baseUrl}/api/stories/story`, {
    data: { username },
    headers: { origin: server.baseUrl },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { title: string; text: string | null };
}

/** Nothing wider than the screen, and every button and the file picker's label at least 44 px high. */
async function fitsAndBigEnough(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const small = await page
    .locator('.import-document .button, .import-document-open')
    .evaluateAll(
      (els) =>
        els.map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0 && (r.height < 44 || r.right > window.innerWidth)).length,
    );
  expect(small).toBe(0);
}

describe('Import a document', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`brings a Word document with photos into the draft and publishes it (${viewport})`, async () => {
      const person = await registerPerson(server.baseUrl);
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await signInQuickly(context, server.baseUrl, person);
      await page.goto('/story/write');
      await visible(storyText(page));
      await page.getByLabel('Title').fill('My Life');

      await page.getByRole('button', { name: 'Import a document' }).click();
      await fitsAndBigEnough(page);
      await screenshot(page, `import-document-choose-${viewport}`);
      const docx = await richDocx({ photos: [{ alt: 'Mother at the seaside, 1952' }, { alt: '' }] });
      await page.locator('.import-document input[type="file"]').setInputFiles({
        name: 'My life.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docx,
      });
      const panel = page.getByRole('region', { name: 'Import a document' });
      // The conversion runs on a worker thread that starts cold, on a machine shared with other runs.
      await panel.locator('.import-document-preview').waitFor({ state: 'visible', timeout: 120_000 });
      await hasText(panel.getByRole('status'), /^My life\.docx: \d+ words and 2 photos\. This is how it will look in your draft\.$/);
      await hasText(
        panel.getByRole('list', { name: 'What changed' }).getByRole('listitem').first(),
        '2 footnotes were added at the end, under "Notes".',
      );
      await hasCount(panel.locator('.import-document-preview img'), 2);
      await fitsAndBigEnough(page);
      await screenshot(page, `import-document-preview-${viewport}`);
      await expectNoAxeViolations(page, `import a document, preview (${viewport})`, { dark: true });

      await panel.getByRole('button', { name: 'Add to the end of my draft' }).click();
      await hasCount(page.locator('.import-document'), 0);
      await hasText(storyText(page).locator('h2').first(), 'Childhood');
      await hasCount(storyText(page).locator('figure img'), 2);
      await hasText(page.locator('.draft-status-text'), 'All changes saved');
      await screenshot(page, `import-document-in-draft-${viewport}`);

      await pressSaveStory(page, { first: true });
      await page.waitForURL(`**/story/${person.username}/page/1`);
      const stored = (await storyApi(context, person.username)).text ?? '';
      expect(stored).toContain('<h2>Childhood</h2>');
      expect(stored).toContain('<strong>Leeds</strong>');
      expect(stored).toMatch(/<img src="\/media\/[a-f0-9]{32}\.jpg" alt="Mother at the seaside, 1952"/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
