// The editor's toolbar on a phone and a desktop (issue #26, point 2; docs/editor.md, "The toolbar"): at 360 px it
// shows Add photo, Heading, Bold, Italic, Bulleted list, Quote, Undo and More without scrolling, every target at
// least 44 x 44 px; "More" is a menu button (keyboard, Escape, focus back) holding the rest. axe passes with the
// menu closed and open, light and dark, at 390 px and 1280 px; screenshots in test-output/screenshots/editor-toolbar-*.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasCount,
  openPage,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type ViewportName,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const MAIN = ['Add photo', 'Heading', 'Bold', 'Italic', 'Bulleted list', 'Quote', 'Undo', 'More'];
const IN_MORE = [
  'Subheading',
  'Paragraph',
  'Numbered list',
  'Link',
  'Divider',
  'Redo',
  'Strikethrough',
  'Inline code',
  'Code block',
  'Table',
];

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });
const menu = (page: Page) => page.getByRole('menu', { name: 'More formatting' });
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);

async function writerAt(viewport: ViewportName) {
  const person = await registerPerson(server.baseUrl);
  const opened = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(opened.context, server.baseUrl, person);
  await opened.page.goto('/help');
  await expect.poll(() => opened.page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
  await opened.page.goto('/story/write');
  await visible(storyText(opened.page));
  await expect.poll(() => tool(opened.page, 'Bold').isDisabled(), { timeout: 20_000 }).toBe(false);
  return opened;
}

/** Each button of the toolbar's row: its name and box. */
const boxes = (page: Page) =>
  toolbar(page).evaluate((bar) =>
    [...bar.querySelectorAll<HTMLElement>(':scope > button, :scope > .editor-more > button')].map((b) => {
      const r = b.getBoundingClientRect();
      return {
        name: b.getAttribute('aria-label') ?? b.textContent?.trim(),
        left: r.left,
        right: r.right,
        width: r.width,
        height: r.height,
      };
    }),
  );

describe('the toolbar', () => {
  it('fits a 360 px phone without scrolling, with targets of at least 44 px, and More holds the rest', async () => {
    const { context, page, errors } = await writerAt('phone');
    await page.setViewportSize({ width: 360, height: 740 });
    const row = await boxes(page);
    expect(row.map((b) => b.name)).toEqual(MAIN);
    for (const b of row) {
      expect(b.width, b.name).toBeGreaterThanOrEqual(44);
      expect(b.height, b.name).toBeGreaterThanOrEqual(44);
      expect(b.left, b.name).toBeGreaterThanOrEqual(0);
      expect(b.right, b.name).toBeLessThanOrEqual(360);
    }
    expect(await toolbar(page).evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
    // "Add photo" on one line (a label that wraps is hard to read).
    expect(await tool(page, 'Add photo').evaluate((b) => b.getBoundingClientRect().height)).toBeLessThan(60);
    await screenshot(page, 'editor-toolbar-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);

    // The menu: the rest of the tools, each a large target, the toggles saying whether they are on.
    await tool(page, 'More').click();
    await hasAttribute(tool(page, 'More'), 'aria-expanded', 'true');
    await visible(menu(page));
    const items = await menu(page).evaluate((m) =>
      [...m.querySelectorAll('[role^="menuitem"]')].map((i) => {
        const r = i.getBoundingClientRect();
        return { name: i.textContent?.trim(), role: i.getAttribute('role'), height: r.height, right: r.right, left: r.left };
      }),
    );
    expect(items.map((i) => i.name)).toEqual(IN_MORE);
    for (const i of items) {
      expect(i.height, i.name).toBeGreaterThanOrEqual(44);
      expect(i.left, i.name).toBeGreaterThanOrEqual(0);
      expect(i.right, i.name).toBeLessThanOrEqual(360);
    }
    expect(items.find((i) => i.name === 'Paragraph')?.role).toBe('menuitemcheckbox');
    expect(items.find((i) => i.name === 'Table')?.role).toBe('menuitem');
    await hasAttribute(menu(page).getByRole('menuitemcheckbox', { name: 'Paragraph' }), 'aria-checked', 'true');
    // A press outside closes it.
    await page.getByRole('heading', { level: 1 }).click();
    await hasCount(menu(page), 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard: one tab stop, arrows, Down opens More, Escape closes it with focus back', async () => {
    const { context, page, errors } = await writerAt('desktop');
    await storyText(page).click();
    await page.keyboard.type('A line to make a subheading');
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
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('More');
    await hasAttribute(tool(page, 'More'), 'aria-haspopup', 'menu');
    await hasAttribute(tool(page, 'More'), 'aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await hasAttribute(tool(page, 'More'), 'aria-expanded', 'true');
    expect(await focusedName(page)).toBe('Subheading');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Table');
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('Subheading');
    await page.keyboard.press('Escape');
    await hasCount(menu(page), 0);
    expect(await focusedName(page)).toBe('More');

    // Up opens it on its last tool; Enter on a tool uses it and the text has the focus again.
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Table');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await hasCount(menu(page), 0);
    await hasCount(storyText(page).locator('h3', { hasText: 'A line to make a subheading' }), 1);
    await expect.poll(() => storyText(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`passes axe and looks right at ${viewport} width, light and dark, with More closed and open`, async () => {
      const { context, page, errors } = await writerAt(viewport);
      await storyText(page).click();
      await page.keyboard.type('## My first home');
      await page.keyboard.press('Enter');
      await page.keyboard.type('We lived above the bakery on Rua Augusta.');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'editor-toolbar');
      await expectNoAxeViolations(page, `toolbar at ${viewport} width`, { dark: true });

      await tool(page, 'More').click();
      await visible(menu(page));
      await screenshot(page, 'editor-toolbar-more');
      await expectNoAxeViolations(page, `toolbar with More open at ${viewport} width`, { dark: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'editor-toolbar-more-dark');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
