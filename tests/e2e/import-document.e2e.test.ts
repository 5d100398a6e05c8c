// Import a document (issue #27, docs/decisions/0033-import-a-document.md) in Chromium. On a phone (390 px), the whole
// journey: a renamed program is refused with its sentence; a Word document with two photos (one described) is
// previewed with its report and added to the draft; a Markdown file replaces the draft; Versions' "Drafts you
// replaced" brings the draft back; Word's clipboard is pasted into the editor; the story is published. At 1280 px
// the same screens are only opened (preview, Versions) for their layout, axe and screenshots. Nothing off-screen at
// 390 px, targets of 44 px, axe clean in light and dark.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../server/src/contract/document-import';
import { programBytes, richDocx } from '../support/document-fixtures';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasCount,
  hasText,
  openPage,
  pasteHtml,
  pressSaveStory,
  registerPerson,
  SCREENSHOTS,
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

/** Nothing wider than the screen, and every button (and the file picker's label) at least 44 px high. */
async function fitsAndBigEnough(page: Page, buttons = '.import-document .button, .import-document-open'): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const small = await page
    .locator(buttons)
    .evaluateAll(
      (els) =>
        els.map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0 && (r.height < 44 || r.right > window.innerWidth)).length,
    );
  expect(small).toBe(0);
}

/** Word for Windows' clipboard (as Chromium hands it over): a heading, a bulleted list and a numbered list. */
const WORD_CLIPBOARD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><style><!-- p.MsoNormal {mso-style-parent:""; margin:0cm;} --></style></head><body lang=EN-GB style='tab-interval:36.0pt'>
<!--StartFragment--><h2><span lang=EN-GB style='mso-ansi-language:EN-GB'>Our wedding<o:p></o:p></span></h2>
<p class=MsoNormal><span style='mso-bidi-font-weight:bold'>It rained all <b>morning</b>.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>a cake<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>a band<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><!--[endif]-->First the church<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><!--[endif]-->Then the dance<o:p></o:p></p>
<!--EndFragment--></body></html>`;

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const importPanel = (page: Page) => page.getByRole('region', { name: 'Import a document' });

/** Opens "Import a document" and chooses a file. */
async function chooseDocument(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  if ((await page.locator('.import-document').count()) === 0) await page.getByRole('button', { name: 'Import a document' }).click();
  await page.locator('.import-document input[type="file"]').setInputFiles(file);
}

/** The preview is in: the conversion runs on a worker thread that starts cold, on a machine shared with other runs. */
const previewShown = (page: Page) => importPanel(page).locator('.import-document-preview').waitFor({ state: 'visible', timeout: 120_000 });

/** Versions' "Drafts you replaced": laid out within the screen, axe clean light and dark, a picture of the section. */
async function checkKeptDrafts(page: Page, viewport: ViewportName): Promise<void> {
  const kept = page.getByRole('region', { name: 'Drafts you replaced' });
  await visible(kept.getByRole('button', { name: 'Bring back this draft' }));
  await fitsAndBigEnough(page, '.versions-kept .button');
  await kept.screenshot({ path: path.join(SCREENSHOTS, `import-document-versions-kept-${viewport}.png`) });
  await expectNoAxeViolations(page, `Versions, drafts you replaced (${viewport})`, { dark: true });
}

describe('Import a document', () => {
  it('on a phone: refused file, a Word document added, a draft replaced and brought back, Word pasted, published', async () => {
    const viewport: ViewportName = 'phone';
    const person = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(context, server.baseUrl, person);
    await page.goto('/story/write');
    await visible(storyText(page));
    await page.getByLabel('Title').fill('My Life');
    await storyText(page).click();
    await page.keyboard.type('What I typed first.');
    await hasText(page.locator('.draft-status-text'), 'All changes saved');

    // A program renamed .docx: its sentence, and nothing else changes.
    await page.getByRole('button', { name: 'Import a document' }).click();
    await fitsAndBigEnough(page);
    await screenshot(page, 'import-document-choose');
    await chooseDocument(page, { name: 'letter.docx', mimeType: DOCX_TYPE, buffer: programBytes() });
    await hasText(importPanel(page).getByRole('alert'), DOCUMENT_MESSAGES.notDocx);
    await visible(importPanel(page).getByText('Choose a document'));
    await fitsAndBigEnough(page);
    await screenshot(page, 'import-document-refused');
    await expectNoAxeViolations(page, 'import a document, refused (phone)', { dark: true });
    await hasText(storyText(page), 'What I typed first.');

    // A Word document with two photos: its preview, then added to the end of the draft.
    const docx = await richDocx({ photos: [{ alt: 'Mother at the seaside, 1952' }, { alt: '' }] });
    await chooseDocument(page, { name: 'My life.docx', mimeType: DOCX_TYPE, buffer: docx });
    await previewShown(page);
    const panel = importPanel(page);
    await hasText(panel.getByRole('status'), /^My life\.docx: \d+ words and 2 photos\. This is how it will look in your draft\.$/);
    await hasText(
      panel.getByRole('list', { name: 'What changed' }).getByRole('listitem').first(),
      '2 footnotes were added at the end, under "Notes".',
    );
    await hasCount(panel.locator('.import-document-preview img'), 2);
    await fitsAndBigEnough(page);
    await screenshot(page, 'import-document-preview');
    await expectNoAxeViolations(page, 'import a document, preview (phone)', { dark: true });
    // Save Story waits while the document goes in: pressed then, it would publish the draft without it.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route(/\/trpc\/drafts\.importDocument/, async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Add to the end of my draft' }).click();
    await hasAttribute(page.getByRole('button', { name: 'Save Story' }), 'disabled', '');
    letThrough();
    await hasCount(page.locator('.import-document'), 0);
    await page.unroute(/\/trpc\/drafts\.importDocument/);
    await hasAttribute(page.getByRole('button', { name: 'Save Story' }), 'disabled', null);
    await hasText(storyText(page).locator('p').first(), 'What I typed first.');
    await hasText(storyText(page).locator('h2').first(), 'Childhood');
    await hasCount(storyText(page).locator('figure img'), 2);
    await hasText(page.locator('.draft-status-text'), 'All changes saved');
    await screenshot(page, 'import-document-in-draft');

    // A Markdown file replaces the draft; the draft it replaced waits in Versions.
    await chooseDocument(page, {
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('## A new start\n\nOnly these words.\n'),
    });
    await previewShown(page);
    await importPanel(page).getByRole('button', { name: 'Replace my draft' }).click();
    await hasCount(page.locator('.import-document'), 0);
    await hasText(storyText(page).locator('h2').first(), 'A new start');
    await hasCount(storyText(page).locator('figure img'), 0);

    await page.locator('.write-heading').getByRole('link', { name: 'Versions' }).click();
    await page.waitForURL('**/story/versions');
    await checkKeptDrafts(page, viewport);
    await page.getByRole('region', { name: 'Drafts you replaced' }).getByRole('button', { name: 'Bring back this draft' }).click();
    await page.waitForURL('**/story/write');
    await hasText(storyText(page).locator('h2').first(), 'Childhood');
    await hasText(storyText(page).locator('p').first(), 'What I typed first.');
    await hasCount(storyText(page).locator('figure img'), 2);

    // Word's clipboard pasted into a new paragraph after the first: its heading and both lists, none of its styling.
    await storyText(page).locator('p').first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await pasteHtml(page, WORD_CLIPBOARD);
    await hasCount(storyText(page).locator('h2', { hasText: 'Our wedding' }), 1);
    await hasText(storyText(page).locator('ul', { hasText: 'a cake' }), /^a cake\s*a band$/);
    await hasText(storyText(page).locator('ol', { hasText: 'First the church' }), /^First the church\s*Then the dance$/);
    expect(await storyText(page).innerHTML()).not.toMatch(/mso-|MsoList|o:p/);
    await hasText(page.locator('.draft-status-text'), 'All changes saved');

    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    const stored = (await storyApi(context, person.username)).text ?? '';
    expect(stored).toContain('<p>What I typed first.</p>');
    expect(stored).toContain('<h2>Childhood</h2>');
    expect(stored).toContain('<strong>Leeds</strong>');
    expect(stored).toMatch(/<img src="\/media\/[a-f0-9]{32}\.jpg" alt="Mother at the seaside, 1952"/);
    expect(stored).toContain('<p>It rained all <strong>morning</strong>.</p>');
    expect(stored).toMatch(/<ul><li>(<p>)?a cake(<\/p>)?<\/li><li>(<p>)?a band(<\/p>)?<\/li><\/ul>/);
    expect(stored).toMatch(/<ol><li>(<p>)?First the church(<\/p>)?<\/li><li>(<p>)?Then the dance(<\/p>)?<\/li><\/ol>/);
    expect(stored).not.toContain('A new start');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px: the preview and Versions\u2019 drafts you replaced, laid out, axe clean, pictured', async () => {
    const viewport: ViewportName = 'desktop';
    const person = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(context, server.baseUrl, person);
    // A draft replaced through the API: what "Replace my draft" does on the phone above.
    const trpcPost = async (procedure: string, data: unknown) => {
      const res = await context.request.post(`${server.baseUrl}/trpc/${procedure}`, { data, headers: { origin: server.baseUrl } });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).result.data as { draft_version: number };
    };
    const saved = await trpcPost('drafts.autosave', {
      title: 'My Life',
      text: '<p>What I typed first.</p>',
      base_version: 0,
      draft_version: 0,
    });
    await trpcPost('drafts.importDocument', {
      text: '<h2>A new start</h2><p>Only these words.</p>',
      mode: 'replace',
      draft_version: saved.draft_version,
    });

    await page.goto('/story/write');
    await visible(storyText(page));
    await hasText(storyText(page).locator('h2').first(), 'A new start');
    const docx = await richDocx({ photos: [{ alt: 'Mother at the seaside, 1952' }] });
    await chooseDocument(page, { name: 'My life.docx', mimeType: DOCX_TYPE, buffer: docx });
    await previewShown(page);
    await hasCount(importPanel(page).locator('.import-document-preview img'), 1);
    await fitsAndBigEnough(page);
    await screenshot(page, 'import-document-preview');
    await expectNoAxeViolations(page, 'import a document, preview (desktop)', { dark: true });
    await importPanel(page).getByRole('button', { name: 'Cancel' }).click();
    await hasCount(page.locator('.import-document'), 0);

    await page.goto('/story/versions');
    await checkKeptDrafts(page, viewport);
    await screenshot(page, 'import-document-versions');
    expect(errors).toEqual([]);
    await context.close();
  });
});
