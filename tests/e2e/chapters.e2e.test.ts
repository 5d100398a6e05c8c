// Chapters readers can use (issue #25, docs/decisions/0029-chapters.md), in Chromium at 390 and 1280 px (and 360 for
// sideways overflow): a story of four chapters over four pages; the contents are in the server's HTML, closed on a
// phone and open on a desktop; following a chapter on page 3 lands on its heading, "Chapter 3 of 4" above the text;
// axe clean in light and dark.
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasText,
  openPage,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  VIEWPORTS,
  type E2eServer,
  type Person,
  startTheApp,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
let author: Person;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const SENTENCES = [
  'The kitchen smelled of bread and coal smoke, and my mother sang while she worked.',
  'We had one good coat between the three of us, and whoever went out first wore it.',
  'On Sundays my father polished his shoes on the back step and told us about the war, but only the funny parts.',
  'The river behind the houses froze most winters, and we slid on it until the light went.',
  'I remember the sound of the milk cart before dawn, and the horse that knew every door.',
];

/** Prose of about `words` words, in paragraphs of five sentences. */
function prose(words: number, seed: number): string {
  const paragraphs: string[] = [];
  let count = 0;
  let i = seed;
  while (count < words) {
    const sentences = Array.from({ length: 5 }, () => SENTENCES[i++ % SENTENCES.length]!);
    count += sentences.join(' ').split(/\s+/).length;
    paragraphs.push(`<p>${sentences.join(' ')}</p>`);
  }
  return paragraphs.join('');
}

const CHAPTERS = ['Where I was born', 'My first school', 'Meeting Tom', 'Our first house'];
// 600 words each: more than half a page, so every chapter starts a page of its own (page 3 is "Meeting Tom").
const STORY = CHAPTERS.map((title, i) => `<h2>${title}</h2>${prose(i === 3 ? 300 : 600, i)}`).join('');

beforeAll(async () => {
  author = await registerPerson(server.baseUrl, { first_name: 'Edith', last_name: 'Marsh' });
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, author);
  await publishStoryQuickly(ctx, server.baseUrl, 'A Life by the River', STORY);
  await ctx.close();
});

const storyUrl = (n: number) => `/story/${author.username}/page/${n}`;
const contents = (page: Page) => page.getByRole('navigation', { name: 'Chapters', exact: true });
const chapterLink = (page: Page, title: string) => contents(page).getByRole('link', { name: new RegExp(`^${title} page \\d+$`) });

/** The heading with `id` has the focus and stands in the screen's top part (below the sticky bar). */
async function landedOn(page: Page, id: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? null), { timeout: 10_000 }).toBe(id);
  await expect
    .poll(
      () =>
        page.evaluate((headingId) => {
          const r = document.getElementById(headingId)!.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight / 2;
        }, id),
      { timeout: 10_000 },
    )
    .toBe(true);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe('the contents of a story with chapters', () => {
  it('are in the HTML the server sends, with the chapters, their pages and addresses', async () => {
    const res = await fetch(`${server.baseUrl}${storyUrl(2)}`);
    const html = (await res.text()).replaceAll('<!-- -->', '');
    expect(res.status).toBe(200);
    expect(html).toContain('<nav class="chapter-contents" aria-label="Chapters"><details><summary>Chapters (4)</summary>');
    expect(html).toContain(`href="/story/${author.username}/page/3#meeting-tom"`);
    expect(html).toContain('<p class="chapter-context">Chapter 2 of 4</p>');
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`on a ${viewport}: open the contents on page 1, follow a chapter on page 3, land on its heading`, async () => {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await page.goto(storyUrl(1));
      // The app (which opens the contents on a wide screen and moves the focus to a chapter's heading) comes on a
      // first touch (client/src/lib/start-on-first-touch.ts); before it, the chapters are plain links.
      await startTheApp(page);
      await visible(contents(page));
      const summary = contents(page).locator('summary');
      await hasText(summary, 'Chapters (4)');
      await hasText(page.locator('.chapter-context'), 'Chapter 1 of 4');
      const details = contents(page).locator('details');
      if (viewport === 'phone') {
        // closed on a phone: the text comes first
        await expect.poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        await screenshot(page, 'chapters-closed');
        await summary.click();
      }
      await expect.poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      await hasAttribute(chapterLink(page, 'Where I was born'), 'aria-current', 'true');
      await hasAttribute(chapterLink(page, 'Meeting Tom'), 'aria-current', null);
      // big enough to read and to touch
      for (const target of [summary, chapterLink(page, 'Meeting Tom')]) {
        const box = await target.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      for (const selector of ['.chapter-contents summary', '.chapter-title', '.chapter-page', '.chapter-context']) {
        const size = await page
          .locator(selector)
          .first()
          .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
        expect(size, selector).toBeGreaterThanOrEqual(16);
      }
      await expectNoAxeViolations(page, `chapters contents open (${viewport})`, { dark: true });
      await screenshot(page, 'chapters-open');

      await chapterLink(page, 'Meeting Tom').click();
      await page.waitForURL((url) => url.pathname === storyUrl(3) && url.hash === '#meeting-tom');
      await landedOn(page, 'meeting-tom');
      await hasText(page.locator('.chapter-context'), 'Chapter 3 of 4');
      await hasAttribute(chapterLink(page, 'Meeting Tom'), 'aria-current', 'true');
      await expectNoAxeViolations(page, `chapter 3 (${viewport})`, { dark: true });
      await screenshot(page, 'chapters-landed');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'chapters-landed-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      // The same chapter from the same page: no page load, back to its heading.
      await page.evaluate(() => window.scrollTo(0, 0));
      await chapterLink(page, 'Meeting Tom').click();
      await landedOn(page, 'meeting-tom');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("as the server's render first paints it: the list shown on a desktop, not on a phone; opening it moves nothing", async () => {
    const textTop = async (viewport: 'phone' | 'desktop', javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS[viewport], javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(storyUrl(2));
      if (javaScriptEnabled) await startTheApp(page);
      if (javaScriptEnabled)
        await expect.poll(() => page.evaluate(() => document.querySelector('.chapter-contents.opened') !== null)).toBe(true);
      const listShown = await chapterLink(page, 'Meeting Tom').isVisible();
      const top = await page.locator('.story-page').evaluate((el) => el.getBoundingClientRect().top);
      await context.close();
      return { listShown, top };
    };
    const desktopBefore = await textTop('desktop', false);
    const desktopAfter = await textTop('desktop', true);
    // (the web fonts come after the first paint, over fallback faces sized to match: ADR 0025)
    expect(desktopBefore.listShown).toBe(true);
    expect(desktopAfter.listShown).toBe(true);
    expect(Math.abs(desktopAfter.top - desktopBefore.top)).toBeLessThanOrEqual(4);
    const phoneBefore = await textTop('phone', false);
    const phoneAfter = await textTop('phone', true);
    expect(phoneBefore.listShown).toBe(false);
    expect(phoneAfter.listShown).toBe(false);
    expect(Math.abs(phoneAfter.top - phoneBefore.top)).toBeLessThanOrEqual(4);
  });

  it('an address with a chapter opens its page at its heading, on a first visit', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await page.goto(`${storyUrl(4)}#our-first-house`);
    // The browser scrolls to the heading itself; the app, on the first touch, also gives it the focus.
    await startTheApp(page);
    await landedOn(page, 'our-first-house');
    await hasText(page.locator('.chapter-context'), 'Chapter 4 of 4');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('nothing sits off-screen sideways at 360 px, the contents open', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, 'phone');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(storyUrl(2));
    await contents(page).locator('summary').click();
    await visible(chapterLink(page, 'Our first house'));
    await noSidewaysScroll(page);
    await screenshot(page, 'chapters-360');
    await context.close();
  });
});
