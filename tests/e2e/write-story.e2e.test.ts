// The write screen (/story/write) with the real Milkdown editor: writing with the toolbar and the keyboard,
// pasting, saving (3 pages), reopening the stored HTML, errors that keep the text, the banner controls,
// and readers never loading the editor's chunk.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasCount,
  hasText,
  hidden,
  openPage,
  pasteHtml,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
  pressSaveStory,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** The built chunks holding Milkdown/ProseMirror (see bundle-split.e2e.test.ts). */
function editorChunks(): string[] {
  const assets = path.join(inject('clientDir'), 'assets');
  return fs.readdirSync(assets).filter((f) => f.endsWith('.js') && /ProseMirror-/.test(fs.readFileSync(path.join(assets, f), 'utf8')));
}

async function signedInPage(viewport: 'desktop' | 'phone' = 'desktop', who?: Person) {
  const p = who ?? (await registerPerson(server.baseUrl));
  const opened = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(opened.context, server.baseUrl, p);
  // The client picks the session up on load; protected routes need it first.
  await opened.page.goto('/help');
  await expect.poll(() => opened.page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
  return { ...opened, person: p };
}

async function storyApi(context: BrowserContext, username: string) {
  const res = await context.request.post(`${server.baseUrl}/api/stories/story`, {
    data: { username },
    headers: { origin: server.baseUrl },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { title: string; text: string | null; page_count: number; story_image: string | null };
}

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

/** A tool under the toolbar's "More" (issue #26): opens the menu when it is closed, then clicks the tool. */
async function moreTool(page: Page, name: string): Promise<void> {
  const more = tool(page, 'More');
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  const menu = page.getByRole('menu', { name: 'More formatting' });
  await menu
    .getByRole('menuitem', { name, exact: true })
    .or(menu.getByRole('menuitemcheckbox', { name, exact: true }))
    .click();
}

/** The focused element's accessible name as these tests set it (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);

/** Opens /story/write and waits until the editor is ready for typing. */
async function openWriter(page: Page): Promise<void> {
  await page.goto('/story/write');
  await visible(storyText(page));
  await hasAttribute(tool(page, 'Bold'), 'aria-pressed', 'false');
}

/** Distinct prose: `count` paragraphs of 100 words, each ending a sentence. */
function proseParagraphs(count: number): string {
  const words = ['summer', 'harbour', 'letters', 'kitchen', 'laughter', 'winter', 'river', 'garden', 'school', 'bicycle'];
  return Array.from(
    { length: count },
    (_, p) => `<p>${Array.from({ length: 100 }, (_, i) => `${words[(i + p) % words.length]}${p}`).join(' ')}.</p>`,
  ).join('');
}

describe('writing a story', () => {
  it('writes with the toolbar and the keyboard, pastes, saves three pages and reopens the stored HTML', async () => {
    const { context, page, errors, person } = await signedInPage();
    await openWriter(page);
    await hasText(page.getByRole('heading', { level: 1 }), 'Write your story');
    await hasCount(page.getByRole('button', { name: 'Delete Story Banner' }), 0);
    await hasAttribute(page.getByRole('link', { name: 'Change Story Banner' }), 'href', '/story/banner');
    await hasAttribute(storyText(page), 'data-empty', 'true');
    await hasAttribute(storyText(page).locator('p'), 'data-placeholder', 'Begin with a memory…');
    await screenshot(page, 'write-story-empty');
    await expectNoAxeViolations(page, 'write story, empty editor', { dark: true });

    await page.getByLabel('Title').fill('Salt and Letters');
    const text = storyText(page);
    await text.click();

    // A heading from the toolbar, then a paragraph with bold text.
    await tool(page, 'Heading').click();
    await hasAttribute(tool(page, 'Heading'), 'aria-pressed', 'true');
    await page.keyboard.type('Childhood by the sea');
    await page.keyboard.press('Enter');
    await hasAttribute(tool(page, 'Heading'), 'aria-pressed', 'false');
    await page.keyboard.type('I was born in a small town by the sea. ');
    await tool(page, 'Bold').click();
    await hasAttribute(tool(page, 'Bold'), 'aria-pressed', 'true');
    await page.keyboard.type('Every summer');
    await tool(page, 'Bold').click();
    await page.keyboard.type(' we swam until the light went out of the sky.');
    await page.keyboard.press('Enter');

    // A bullet list; Enter on an empty item leaves it.
    await tool(page, 'Bulleted list').click();
    await hasAttribute(tool(page, 'Bulleted list'), 'aria-pressed', 'true');
    await page.keyboard.type('The harbour at dawn');
    await page.keyboard.press('Enter');
    await page.keyboard.type('My grandmother’s kitchen');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await hasAttribute(tool(page, 'Bulleted list'), 'aria-pressed', 'false');

    // A quote, left the same way; then Markdown typed by hand (an input rule makes the heading).
    await tool(page, 'Quote').click();
    await page.keyboard.type('Write it down, or it never happened.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await hasAttribute(tool(page, 'Quote'), 'aria-pressed', 'false');
    await page.keyboard.type('### Leaving home');
    await hasCount(text.locator('h3', { hasText: 'Leaving home' }), 1);
    await page.keyboard.press('Enter');

    // A link: a refused scheme is explained, a bare address gets https://.
    await page.keyboard.type('The town keeps an archive: ');
    page.once('dialog', (d) => void d.accept('javascript:alert(1)'));
    await moreTool(page, 'Link');
    await hasText(page.getByRole('status').filter({ hasText: 'A link must be' }), /web address/);
    page.once('dialog', (d) => void d.accept('example.org/memories'));
    await moreTool(page, 'Link');
    await hidden(page.getByText('A link must be'));
    await page.keyboard.type(' is where I found my letters.');
    await page.keyboard.press('Enter');

    // A picture from another site, pasted: left out, and said so (stories hold only our own photos: ADR 0016;
    // photos themselves are added by upload, tests/e2e/photos.e2e.test.ts).
    await pasteHtml(page, '<p><img src="https://images.example.org/harbour.jpg" alt="The harbour at dawn, boats tied up"></p>');
    await hasText(page.locator('.editor-notice'), /^A picture from another website was left out/);
    await hasCount(text.locator('img'), 0);

    // The bulk of the story, pasted: 23 paragraphs of 100 words.
    await pasteHtml(page, proseParagraphs(23));
    await hasCount(text.locator('p', { hasText: 'summer22' }), 1);

    // A table at the end, filled with Tab; its own tools appear inside it.
    await page.keyboard.press('Enter');
    await moreTool(page, 'Table');
    await visible(tool(page, 'Add row'));
    for (const cell of ['Year', 'Place', 'Who', '1962', 'Porto', 'Ana']) {
      await page.keyboard.type(cell);
      await page.keyboard.press('Tab');
    }
    await tool(page, 'Add row').click();
    await hasCount(text.locator('table tr'), 4);
    // Autosave (issue #11) keeps the words as a draft while the person writes.
    await hasText(page.locator('.draft-status-text'), 'All changes saved');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'write-story');
    await expectNoAxeViolations(page, 'write story, editing with unsaved changes', { dark: true });

    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    await visible(page.locator('.story-text h2', { hasText: 'Childhood by the sea' }));

    const stored = await storyApi(context, person.username);
    expect(stored.title).toBe('Salt and Letters');
    expect(stored.page_count).toBe(3);
    expect(stored.text).toContain('<h2>Childhood by the sea</h2>');
    expect(stored.text).toContain('<strong>Every summer</strong>');
    expect(stored.text).toMatch(/<ul><li>The harbour at dawn<\/li><li>My grandmother’s kitchen<\/li><\/ul>/);
    expect(stored.text).toContain('<blockquote><p>Write it down, or it never happened.</p></blockquote>');
    expect(stored.text).toContain('<h3>Leaving home</h3>');
    expect(stored.text).toMatch(/<a href="https:\/\/example\.org\/memories"[^>]*>https:\/\/example\.org\/memories<\/a> is where/);
    expect(stored.text).toMatch(
      /<table><thead><tr><th>Year<\/th><th>Place<\/th><th>Who<\/th><\/tr><\/thead><tbody><tr><td>1962<\/td><td>Porto<\/td><td>Ana<\/td><\/tr>/,
    );
    // A third-party image is dropped on save: stories show only our own uploads (ADR 0016).
    expect(stored.text).not.toContain('images.example.org');
    expect(stored.text).not.toMatch(/data-|javascript:|title=/);

    // Reopened, the editor holds what was stored.
    await openWriter(page);
    await hasText(page.getByRole('heading', { level: 1 }), 'Edit your story');
    expect(await page.getByLabel('Title').inputValue()).toBe('Salt and Letters');
    await hasAttribute(storyText(page), 'data-empty', 'false');
    await hasText(text.locator('h2'), 'Childhood by the sea');
    await hasText(text.locator('h3'), 'Leaving home');
    await hasCount(text.locator('ul > li'), 2);
    await hasText(text.locator('blockquote'), 'Write it down, or it never happened.');
    await hasText(text.locator('strong'), 'Every summer');
    await hasAttribute(text.locator('a'), 'href', 'https://example.org/memories');
    await hasCount(text.locator('table tr'), 4);
    await hasCount(text.locator('img'), 0);
    await hasCount(text.locator('p', { hasText: /summer\d+/ }), 23);
    // Published: no draft is left over, so the editor opens on the story without a restore banner.
    await hasCount(page.getByText('Welcome back: your unpublished changes'), 0);
    await expectNoAxeViolations(page, 'edit story, the stored story in the editor');

    // Saving again unchanged gives the same HTML (what the editor loads is what it stores).
    await page.getByRole('button', { name: 'Save Story' }).click();
    await page.waitForURL(`**/story/${person.username}/page/1`);
    expect((await storyApi(context, person.username)).text).toBe(stored.text);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the text when the server refuses the save (no title), then saves', async () => {
    const { context, page, errors, person } = await signedInPage();
    await openWriter(page);
    await storyText(page).click();
    await page.keyboard.type('Some words I do not want to lose.');
    await page.getByRole('button', { name: 'Save Story' }).click();
    await hasText(page.getByRole('alert'), 'Please give your story a title.');
    await hasText(page.locator('.field-error'), 'Please give your story a title.');
    await expectNoAxeViolations(page, 'write story with a refused save', { dark: true });
    expect(new URL(page.url()).pathname).toBe('/story/write');
    await hasText(storyText(page), 'Some words I do not want to lose.');

    await page.getByLabel('Title').fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Save Story' }).click();
    await hasText(page.getByRole('alert'), 'The title must be at most 200 characters.');
    await hasText(storyText(page), 'Some words I do not want to lose.');

    await page.getByLabel('Title').fill('Kept');
    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    const stored = await storyApi(context, person.username);
    expect(stored.text).toBe('<p>Some words I do not want to lose.</p>');
    expect(stored.page_count).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaving by an in-app link loses nothing: the words are a draft, restored on return; a published story leaves no draft', async () => {
    const { context, page, errors, person } = await signedInPage();
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await openWriter(page);
    await page.getByLabel('Title').fill('Not yet saved');
    await storyText(page).click();
    await page.keyboard.type('A paragraph I have not saved.');
    await hasText(page.locator('.draft-status-text'), 'All changes saved');

    // The navigation bar just goes: the words are kept (before autosave this asked, or lost them).
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await page.waitForURL('**/explore');
    await openWriter(page);
    await hasText(
      page.locator('.restore-banner [role="status"]'),
      /^Welcome back: your unpublished changes from earlier today are here\.$/,
    );
    await hasText(storyText(page), 'A paragraph I have not saved.');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Not yet saved');

    // Publishing clears the draft: the story opens as published, with no banner.
    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await page.waitForURL('**/explore');
    await openWriter(page);
    await hasText(storyText(page), 'A paragraph I have not saved.');
    await hasCount(page.getByText('Welcome back: your unpublished changes'), 0);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the underline, subscript and superscript of an older story through an edit and a save', async () => {
    const { context, page, errors, person } = await signedInPage();
    const old = '<p>Written <u>underlined</u> in H<sub>2</sub>O country, 10<sup>3</sup> miles from <em>home</em>.</p>';
    await publishStoryQuickly(context, server.baseUrl, 'From the old editor', old);
    expect((await storyApi(context, person.username)).text).toBe(old);

    await openWriter(page);
    const text = storyText(page);
    await hasText(text.locator('u'), 'underlined');
    await hasText(text.locator('sub'), '2');
    await hasText(text.locator('sup'), '3');
    await text.locator('em').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' A new sentence.');
    await expect.poll(() => text.textContent()).toContain('home. A new sentence.');
    // Copying writes the clipboard's plain text through the editor's Markdown serializer. Last, with no typing
    // after the select-all, and asked again until the editor has caught up with that selection.
    await page.keyboard.press('Control+a');
    const copyPlainText = () =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            // Read while the event is dispatched (the editor's own handler has set the data by then).
            document.addEventListener('copy', (e) => resolve((e.clipboardData?.getData('text/plain') ?? '').trim()), { once: true });
            document.execCommand('copy');
          }),
      );
    await expect.poll(copyPlainText, { timeout: 10_000 }).toBe('Written underlined in H2O country, 103 miles from *home*. A new sentence.');
    await page.getByRole('button', { name: 'Save Story' }).click();
    await page.waitForURL(`**/story/${person.username}/page/1`);
    expect((await storyApi(context, person.username)).text).toBe(
      '<p>Written <u>underlined</u> in H<sub>2</sub>O country, 10<sup>3</sup> miles from <em>home</em>. A new sentence.</p>',
    );
    await hasText(page.locator('.story-text u'), 'underlined');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Back from the write screen loses nothing: the words come back as a draft', async () => {
    const { context, page, errors, person } = await signedInPage();
    await page.goto(`/story/${person.username}/page/1`);
    await page.getByRole('link', { name: 'Start Writing Your Story' }).click();
    await page.waitForURL('**/story/write');
    await visible(storyText(page));
    await storyText(page).click();
    await page.keyboard.type('Words I would miss.');
    await hasText(page.locator('.draft-status-text'), 'All changes saved');

    await page.goBack();
    await page.waitForURL(`**/story/${person.username}/page/1`);
    // Readers never see a draft: the story is still unwritten.
    await visible(page.getByRole('heading', { name: "You haven't written a story yet!" }));
    await page.goForward();
    await page.waitForURL('**/story/write');
    await hasText(storyText(page), 'Words I would miss.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is usable from the keyboard: one tab stop for the toolbar, arrow keys inside it, shortcuts in the text', async () => {
    const { context, page, errors } = await signedInPage();
    await openWriter(page);
    // The question picker's button and, while the weekly question is off, its link sit between the banner and the
    // toolbar (issue #25).
    await visible(page.getByRole('link', { name: 'Get one question a week by email' }));
    await page.getByRole('link', { name: 'Change Story Banner' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Need an idea? Answer a question');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Get one question a week by email');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Add photo');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Heading');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('More');
    // "More" is a menu button: Down opens it on its first tool, Escape closes it and focus comes back.
    await hasAttribute(tool(page, 'More'), 'aria-haspopup', 'menu');
    await page.keyboard.press('ArrowDown');
    await hasAttribute(tool(page, 'More'), 'aria-expanded', 'true');
    expect(await focusedName(page)).toBe('Subheading');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Paragraph');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Table');
    await page.keyboard.press('Escape');
    await hasCount(page.getByRole('menu'), 0);
    await hasAttribute(tool(page, 'More'), 'aria-expanded', 'false');
    expect(await focusedName(page)).toBe('More');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');

    await page.keyboard.type('Plain, then ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> A quoted line');
    await hasText(storyText(page).locator('strong'), 'bold');
    await hasText(storyText(page).locator('blockquote'), 'A quoted line');
    await hasAttribute(tool(page, 'Quote'), 'aria-pressed', 'true');
    // Undo and redo from the keyboard (typing right after an input rule may group with it, so check the text).
    await page.keyboard.press('Control+z');
    await expect.poll(() => storyText(page).textContent()).not.toContain('A quoted line');
    await page.keyboard.press('Control+Shift+z');
    await hasText(storyText(page).locator('blockquote'), 'A quoted line');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Delete Story Banner only with a banner, and deletes it after confirming', async () => {
    const { context, page, errors, person } = await signedInPage();
    await publishStoryQuickly(context, server.baseUrl, 'With a banner', '<p>A short story.</p>');
    await openWriter(page);
    await hasCount(page.getByRole('button', { name: 'Delete Story Banner' }), 0);

    const png = await sharp({ create: { width: 1200, height: 500, channels: 3, background: { r: 165, g: 72, b: 42 } } })
      .png()
      .toBuffer();
    const upload = await context.request.post(`${server.baseUrl}/api/upload`, {
      multipart: { file: { name: 'banner.png', mimeType: 'image/png', buffer: png } },
      headers: { origin: server.baseUrl },
    });
    expect(upload.ok()).toBe(true);
    const name = (await upload.json()).data as string;
    const set = await context.request.post(`${server.baseUrl}/api/stories/upload`, {
      data: { image: name },
      headers: { origin: server.baseUrl },
    });
    expect(set.ok()).toBe(true);

    await openWriter(page);
    await hasAttribute(page.getByRole('img', { name: "Your story's current banner" }), 'src', `/media/${name}`);
    const remove = page.getByRole('button', { name: 'Delete Story Banner' });
    await visible(remove);
    await screenshot(page, 'write-story-banner');
    await expectNoAxeViolations(page, 'write story with a banner', { dark: true });

    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await remove.click();
    expect(asked).toEqual(["Are you sure you want to delete your story's banner?"]);
    expect((await storyApi(context, person.username)).story_image).toBe(name);

    page.once('dialog', (d) => void d.accept());
    await remove.click();
    await hidden(remove);
    await hidden(page.getByRole('img', { name: "Your story's current banner" }));
    expect((await storyApi(context, person.username)).story_image).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the editor chunk', () => {
  it('is never requested by a reader, and is requested by the write screen', async () => {
    const chunks = editorChunks();
    expect(chunks.length).toBeGreaterThan(0);
    const author = await signedInPage();
    await publishStoryQuickly(author.context, server.baseUrl, 'Read only', '<p>Nothing to edit here, only to read.</p>');

    const reader = await openPage(browser, server.baseUrl);
    const requested: string[] = [];
    reader.page.on('request', (r) => requested.push(r.url()));
    await reader.page.goto(`/story/${author.person.username}/page/1`);
    await visible(reader.page.getByText('Nothing to edit here, only to read.'));
    await reader.page.goto('/explore');
    await visible(reader.page.getByRole('heading', { level: 1 }));
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => chunks.some((c) => url.includes(c)))).toEqual([]);
    expect(reader.errors).toEqual([]);
    await reader.context.close();

    // The author, reading their own story (Edit visible), also loads no editor until they open it.
    const authorRequests: string[] = [];
    author.page.on('request', (r) => authorRequests.push(r.url()));
    await author.page.goto(`/story/${author.person.username}/page/1`);
    await visible(author.page.getByText('Nothing to edit here, only to read.'));
    expect(authorRequests.filter((url) => chunks.some((c) => url.includes(c)))).toEqual([]);
    await openWriter(author.page);
    expect(authorRequests.filter((url) => chunks.some((c) => url.includes(c))).length).toBeGreaterThan(0);
    expect(author.errors).toEqual([]);
    await author.context.close();
  });
});

describe('looks', () => {
  it('on a phone and in dark mode', async () => {
    const { context, page, errors } = await signedInPage('phone');
    await publishStoryQuickly(
      context,
      server.baseUrl,
      'The Long Way Home',
      '<h2>Before</h2><p>We lived above the bakery, and every morning began with the smell of bread and the sound of the <strong>first tram</strong>.</p><ul><li>The bakery</li><li>The tram</li></ul><blockquote><p>Nothing is lost that is written down.</p></blockquote><table><thead><tr><th>Year</th><th>Place</th></tr></thead><tbody><tr><td>1971</td><td>Lisbon</td></tr></tbody></table>',
    );
    await openWriter(page);
    await hasText(storyText(page).locator('h2'), 'Before');
    await screenshot(page, 'write-story');
    await expectNoAxeViolations(page, 'edit story', { dark: true });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 860 });
    await storyText(page).locator('strong').click();
    await hasAttribute(tool(page, 'Bold'), 'aria-pressed', 'true');
    await screenshot(page, 'write-story-dark');
    await expectNoAxeViolations(page, 'edit story, bold text selected');
    expect(errors).toEqual([]);
    await context.close();
  });
});
