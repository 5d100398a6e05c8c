// Server-rendered reader pages in Chromium (issue #13; docs/decisions/0017-server-rendering.md): with JavaScript
// off the story is there; with it on, hydration neither warns nor asks the server again, and axe passes.
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  openPage,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signInQuickly,
  startTheApp,
  storyHtml,
  VIEWPORTS,
  withServerAndBrowser,
  type E2eServer,
  type Person,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
let author: Person;
let longAuthor: Person;
const TITLE = 'Bread, Bicycles and the Summer of 1962';
const FIRST_LINE = 'The bakery opened at five, and by six the whole street smelled of it.';

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

beforeAll(async () => {
  author = await registerPerson(server.baseUrl, { first_name: 'Edna', last_name: 'Baker' });
  longAuthor = await registerPerson(server.baseUrl, { first_name: 'Tom', last_name: 'Long' });
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, author);
  await publishStoryQuickly(ctx, server.baseUrl, TITLE, `<p>${FIRST_LINE}</p><p>My uncle rode a black bicycle with a basket.</p>`);
  await ctx.close();
  const ctx2 = await browser.newContext();
  await signInQuickly(ctx2, server.baseUrl, longAuthor);
  await publishStoryQuickly(ctx2, server.baseUrl, 'A long road', storyHtml(30, 100));
  await ctx2.close();
  await server.deps.projector.drain();
});

/** Every /trpc call the page makes, by procedure name. */
function trpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/trpc/')) calls.push(...url.pathname.slice('/trpc/'.length).split(','));
  });
  return calls;
}

/** Console lines React writes when hydration goes wrong (mismatches, recoverable errors) or warns. */
function reactComplaints(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (msg) => {
    // The browser reports a 404 document as a failed resource; that is the status asked for, not a complaint.
    if ((msg.type() === 'error' || msg.type() === 'warning') && !/Failed to load resource/.test(msg.text()))
      lines.push(`${msg.type()}: ${msg.text()}`);
  });
  return lines;
}

describe('without JavaScript', () => {
  it('shows the story, its title and the page navigation', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const res = await page.goto(`/story/${author.username}/page/1`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(TITLE);
    expect(await page.locator('main').textContent()).toContain(FIRST_LINE);
    expect(await page.title()).toBe(`${TITLE} · Life Story`);
    await screenshot(page, 'ssr-no-js-story');

    const missing = await page.goto(`/story/${author.username}/page/9`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('main').textContent()).toContain('there is no page 9');
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    expect(await page.locator('main').textContent()).toContain(TITLE); // in the top stories
    await context.close();
  });
});

describe('with JavaScript', () => {
  for (const [label, path, title] of [
    ['a one-page story', () => `/story/${author.username}/page/1`, TITLE],
    ['the home page', () => '/', 'Life Story'],
    ['explore', () => '/explore', 'Search · Life Story'],
    ['top stories', () => '/explore/top', 'Top Stories · Life Story'],
    ['new stories', () => '/explore/new', 'New Stories · Life Story'],
    ['an unknown page', () => '/no/such/page', 'Page not found · Life Story'],
  ] as const) {
    it(`hydrates ${label} without warnings, without asking the server again, and passes axe`, async () => {
      // A phone, whose menu button shows whether React is attached.
      const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
      const calls = trpcCalls(page);
      const complaints = reactComplaints(page);
      await page.goto(path(), { waitUntil: 'networkidle' });
      // Hydrated: the press started the app (client/src/lib/start-on-first-touch.ts), which did it once React had
      // attached its handlers (the menu button answers), and nothing was asked again.
      await page.locator('.nav-toggle').click();
      await expect.poll(() => page.locator('.nav-toggle').getAttribute('aria-expanded')).toBe('true');
      await page.locator('.nav-toggle').click();
      await page.waitForLoadState('networkidle');
      expect(calls, 'tRPC calls after load').toEqual([]);
      expect(complaints, 'console errors and warnings').toEqual([]);
      expect(errors).toEqual([]);
      expect(await page.title()).toContain(title);
      await expectNoAxeViolations(page, `ssr ${label}`);
      await context.close();
    });
  }

  it('asks for nothing already on a long story page but the next page it prefetches', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    const calls = trpcCalls(page);
    const complaints = reactComplaints(page);
    await page.goto(`/story/${longAuthor.username}/page/2`, { waitUntil: 'networkidle' });
    // The app comes on the first touch (client/src/lib/start-on-first-touch.ts): a key.
    await startTheApp(page);
    await page.waitForLoadState('networkidle');
    // The story view prefetches the next page once it shows one (story-page-text.tsx): that is new, not repeated.
    expect(calls.filter((c) => c !== 'stories.page')).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(1);
    expect(complaints).toEqual([]);
    expect(errors).toEqual([]);
    // Turning the page works on the hydrated screen.
    await page.getByRole('button', { name: /next/i }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/story/${longAuthor.username}/page/3`);
    await expectNoAxeViolations(page, 'ssr long story, page 3');
    await context.close();
  });

  it('carries the story text once, and hydrates it from the markup (issue #32)', async () => {
    const path = `/story/${longAuthor.username}/page/2`;
    const html = await (await fetch(`${server.baseUrl}${path}`)).text();
    // The page's words (storyHtml's w<paragraph>x<word>); the description in the head repeats only the first ones.
    const words = html.match(/w\d+x\d+/g) ?? [];
    const last = words.at(-1) ?? '';
    const middle = words[Math.floor(words.length / 2)] ?? '';
    expect(words.length).toBeGreaterThan(1000);
    for (const word of [middle, last]) expect(html.split(word).length - 1, `${word} in the HTML`).toBe(1);
    expect(html).toContain('id="ssr-state"');

    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    const calls = trpcCalls(page);
    const complaints = reactComplaints(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.locator('.nav-toggle').click();
    await expect.poll(() => page.locator('.nav-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.story-text').textContent()).toContain(`${last}.`);
    // Only the next page, prefetched once the app has come (on the press): page 2 came with the page.
    await expect.poll(() => calls.length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['stories.page']);
    expect(complaints).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a signed-in person read as before (the app shell, their own screens)', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'desktop');
    await signInQuickly(context, server.baseUrl, author);
    const res = await page.goto(`/story/${author.username}/page/1`);
    expect(res?.status()).toBe(200);
    expect(await res?.text()).not.toContain('id="ssr-state"');
    await expect.poll(() => page.getByRole('link', { name: /edit/i }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
