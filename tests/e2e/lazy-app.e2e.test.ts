// A server-rendered page loads the app on the reader's first touch, not on load (issue #32; client/src/lib/
// start-on-first-touch.ts, docs/decisions/0038-lighter-reader-pages.md): a reader who only reads and scrolls loads
// the entry alone; what they press before the app has come is shown pending and done once it has; plain links stay
// links; a key, a keyboard focus or the comments coming near start it.
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  appStarted,
  holdTheApp,
  openPage,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  storyHtml,
  toComments,
  type E2eServer,
  type Person,
  withServerAndBrowser,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
let author: Person;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

beforeAll(async () => {
  author = await registerPerson(server.baseUrl, { first_name: 'Lena', last_name: 'Lazy' });
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, author);
  await publishStoryQuickly(ctx, server.baseUrl, 'The Long Walk Home', storyHtml(30, 100));
  await ctx.close();
  await server.deps.projector.drain();
});

/** The scripts the page asked for, by file name. */
function scripts(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.endsWith('.js')) names.push(url.pathname.split('/').pop()!);
  });
  return names;
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const historyLength = (page: Page) => page.evaluate(() => history.length);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const busy = (page: Page, selector: string) => page.locator(selector).first().getAttribute('aria-busy');

describe('a story page before its app, on a phone', () => {
  it('loads only the entry for a reader who reads and scrolls, keeps links plain, and passes axe', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    const loaded = scripts(page);
    const res = await page.goto(`/story/${author.username}/page/1`, { waitUntil: 'networkidle' });
    // No module preloads in the head: the entry stays the only script until the reader needs more.
    expect(await res?.text()).not.toContain('modulepreload');
    // A finger scrolling the text (wheel and touch scrolls send no key, press or focus).
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 900);
    await page.evaluate(() => window.scrollBy(0, 900));
    await page.waitForLoadState('networkidle');
    await pause(300);
    expect(loaded).toHaveLength(1);
    expect(await appStarted(page)).toBe(false);
    await expectNoAxeViolations(page, 'story page before the app', { dark: true });
    // A link works as a link: a full page load of the home page, which again loads no app.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('a.brand').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('networkidle');
    expect(await appStarted(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const)
    it(`shows Next Page pressed before the app as pending, and turns one page once it has come (${viewport})`, async () => {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      const release = await holdTheApp(page, server.baseUrl);
      await page.goto(`/story/${author.username}/page/1`);
      const before = await historyLength(page);
      const next = page.getByRole('button', { name: /next page/i }).first();
      await next.click();
      await next.click(); // pressed again while it loads: still one page
      expect(await busy(page, '.pager-next')).toBe('true');
      await screenshot(page, 'lazy-app-next-pending');
      release();
      await expect.poll(() => pathname(page)).toBe(`/story/${author.username}/page/2`);
      await pause(500);
      expect(pathname(page)).toBe(`/story/${author.username}/page/2`);
      expect(await historyLength(page)).toBe(before + 1);
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

  it('sends a visitor who pressed Like before the app to sign in, once', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    const release = await holdTheApp(page, server.baseUrl);
    await page.goto(`/story/${author.username}/page/1`);
    const before = await historyLength(page);
    await page.locator('.mark-button.like').first().click();
    expect(await busy(page, '.mark-button.like')).toBe('true');
    release();
    await expect.poll(() => pathname(page)).toBe('/login');
    await pause(300);
    expect(await historyLength(page)).toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does the menu, the text size and the page selector pressed before the app', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    const release = await holdTheApp(page, server.baseUrl);
    await page.goto(`/story/${author.username}/page/1`);
    const scale = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--reading-scale').trim());
    expect(['', '1']).toContain(await scale());
    await page.locator('.nav-toggle').click();
    await page.getByRole('button', { name: /larger/i }).click();
    expect(await busy(page, '.nav-toggle')).toBe('true');
    release();
    await expect.poll(() => page.locator('.nav-toggle').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(scale).not.toBe('1');
    expect(await page.getByRole('button', { name: /larger/i }).getAttribute('aria-busy')).toBeNull();
    await page.locator('.nav-toggle').click();
    await context.close();

    // The page selector: its change is done once the app has come.
    const second = await openPage(browser, server.baseUrl, 'phone');
    const releaseAgain = await holdTheApp(second.page, server.baseUrl);
    await second.page.goto(`/story/${author.username}/page/1`);
    await second.page.locator('.pager select').first().selectOption('3');
    releaseAgain();
    await expect.poll(() => pathname(second.page)).toBe(`/story/${author.username}/page/3`);
    expect(second.errors).toEqual([]);
    expect(errors).toEqual([]);
    await second.context.close();
  });

  it('starts on a key: Tab to Next Page, then Enter', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    const release = await holdTheApp(page, server.baseUrl);
    await page.goto(`/story/${author.username}/page/1`, { waitUntil: 'domcontentloaded' });
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement?.classList.contains('pager-next') ?? false);
    }
    expect(found).toBe(true);
    // The key asked for the app (held here): the script is on its way.
    await page.keyboard.press('Enter');
    expect(await busy(page, '.pager-next')).toBe('true');
    release();
    await expect.poll(() => pathname(page)).toBe(`/story/${author.username}/page/2`);
    expect(await appStarted(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts when the comments come within a screen, and shows them', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await page.goto(`/story/${author.username}/page/1`, { waitUntil: 'networkidle' });
    expect(await appStarted(page)).toBe(false);
    // A screen above them: near enough.
    await page.evaluate(() => {
      const section = document.querySelector('section.comments')!;
      window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 1.5 * window.innerHeight);
    });
    await expect.poll(() => appStarted(page)).toBe(true);
    await toComments(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
