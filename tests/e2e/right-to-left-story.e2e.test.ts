// A story in Arabic, written in the editor and read on a phone and on a wide screen (issue #30): every block in its
// own direction (dir="auto" in the editor's view and the reader's pages), so the text stands on the right, the
// bullets and the quote's border on the right, and an English paragraph among them on the left
// (docs/stories-in-every-language.md). Found by search in Arabic, its book in Arabic. Screenshots in
// test-output/screenshots/right-to-left-*.png.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasText,
  openPage,
  pasteHtml,
  projected,
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

const TITLE = 'حكاية جدتي في القاهرة';
const STORY =
  '<h2>بيت على النيل</h2>' +
  '<p>وُلدت في بيت صغير قرب النيل، وكانت جدتي تخبز الخبز لنا كل صباح قبل أن يستيقظ أحد. كان الحي كله يعرف رائحة خبزها.</p>' +
  '<ul><li>الخبز الساخن في الصباح</li><li>الشاي بالنعناع بعد الظهر</li><li>حكايات المساء على السطح</li></ul>' +
  '<blockquote><p>قالت لي جدتي: لا تنسَ أبداً من أين أتيت.</p></blockquote>' +
  '<p>In English, for my grandchildren: this is my grandmother’s house by the Nile, in 1962.</p>' +
  '<p>انتقلنا إلى الإسكندرية عندما كنت في العاشرة، لكن قلبي بقي في ذلك البيت.</p>';

/** The horizontal middle of an element and of its parent's box, and the page's width, to tell which side it is on. */
async function box(locator: Locator): Promise<{ left: number; right: number; width: number }> {
  const b = (await locator.boundingBox())!;
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  return { left: b.x, right: b.x + b.width, width };
}

/** Where the first line of a block's text starts and ends (its text's own box, not the block's). */
function textLine(locator: Locator): Promise<{ left: number; right: number }> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const first = range.getClientRects()[0]!;
    return { left: first.left, right: first.right };
  });
}

/** The side an item's bullet is on: its ::marker has no box, so the item's start margin tells (components.css). */
function markerSide(li: Locator): Promise<'left' | 'right'> {
  return li.evaluate((el) => {
    const s = getComputedStyle(el);
    return Number.parseFloat(s.marginRight) > Number.parseFloat(s.marginLeft) ? 'right' : 'left';
  });
}

async function readIt(page: Page, username: string, viewport: ViewportName): Promise<void> {
  await page.goto(`/story/${username}/page/1`);
  const text = page.locator('.story-text');
  await visible(text.locator('h2', { hasText: 'بيت على النيل' }));
  await hasAttribute(page.locator('h1.story-title'), 'dir', 'auto');
  expect(await page.locator('h1.story-title').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

  // Arabic paragraphs run right to left, their lines against the right edge; the English one stays left to right.
  const arabic = text.locator('p', { hasText: 'وُلدت في بيت صغير' });
  const english = text.locator('p', { hasText: 'In English' });
  expect(await arabic.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(await english.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  const block = await box(arabic);
  const line = await textLine(arabic);
  expect(Math.abs(block.right - line.right)).toBeLessThan(2);
  const englishBlock = await box(english);
  expect(Math.abs((await textLine(english)).left - englishBlock.left)).toBeLessThan(2);

  // The bullets stand on the right, each item indented from the right; the quote's border on the right.
  const item = text.locator('li').first();
  expect(await item.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(await markerSide(item)).toBe('right');
  const quote = text.locator('blockquote');
  expect(await quote.evaluate((el) => getComputedStyle(el).borderRightWidth)).toBe('3px');
  expect(await quote.evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe('0px');
  // Nothing wider than the screen (a bullet pushed out of the column would be).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await screenshot(page, `right-to-left-story`);
  await expectNoAxeViolations(page, `a right-to-left story read (${viewport})`, { dark: true });
}

describe('a story in Arabic', () => {
  it('is written in the editor in its direction, published, and read right to left on a phone', async () => {
    const person = await registerPerson(server.baseUrl, { first_name: 'أمل', last_name: 'حداد' });
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await signInQuickly(context, server.baseUrl, person);
    await page.goto('/story/write');
    const editor = page.getByRole('textbox', { name: 'Story' });
    await visible(editor);
    await page.getByLabel('Title').fill(TITLE);
    expect(await page.getByLabel('Title').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await editor.click();
    await pasteHtml(page, STORY);
    await visible(editor.locator('li', { hasText: 'الشاي بالنعناع' }));
    // In the editor too: each block in its own direction, the bullets and the quote's border on the right.
    await hasAttribute(editor.locator('p', { hasText: 'وُلدت في بيت صغير' }), 'dir', 'auto');
    expect(
      await editor
        .locator('li')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    expect(await markerSide(editor.locator('li').first())).toBe('right');
    expect(await editor.locator('blockquote').evaluate((el) => getComputedStyle(el).borderRightWidth)).toBe('3px');
    expect(await editor.locator('p', { hasText: 'In English' }).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await hasText(page.locator('.draft-status-text'), 'All changes saved');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'right-to-left-write');
    await expectNoAxeViolations(page, 'writing a right-to-left story', { dark: true });

    // Page 1 as readers will see it, before the first publish: in its direction already.
    await page.getByRole('button', { name: 'Save Story' }).click();
    const preview = page.getByRole('dialog', { name: 'Page 1 as your readers will see it' });
    await visible(preview.getByRole('heading', { name: 'بيت على النيل', level: 2 }));
    expect(
      await preview
        .locator('.story-text li')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    await screenshot(page, 'right-to-left-preview');
    await preview.getByRole('button', { name: 'Publish my story' }).click();
    await page.waitForURL(`**/story/${person.username}/page/1`);
    // The stored text is the writer's: the directions are the pages' and the editor's view only.
    const stored = await context.request.post(`${server.baseUrl}/api/stories/story`, {
      data: { username: person.username },
      headers: { origin: server.baseUrl },
    });
    expect(((await stored.json()) as { data: { text: string } }).data.text).not.toContain('dir=');

    await readIt(page, person.username, 'phone');

    // Found by what a reader types: without the harakat, the teh marbuta as heh, a word being typed.
    await projected(server);
    await page.goto('/explore');
    const searchBox = page.getByRole('searchbox');
    for (const query of ['القاهره', 'جدتي', 'حكاي']) {
      await searchBox.fill(query);
      await hasAttribute(page.getByRole('region', { name: `Results for “${query}”` }), 'aria-busy', 'false');
      await visible(page.locator('.story-row-title', { hasText: TITLE }));
    }
    expect(await searchBox.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await screenshot(page, 'right-to-left-search');
    await expectNoAxeViolations(page, 'a search in Arabic', { dark: true });

    // And at 1280.
    await page.setViewportSize({ width: 1280, height: 860 });
    await readIt(page, person.username, 'desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
