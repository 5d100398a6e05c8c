// A server-rendered story page paints before its script and its web fonts are asked for, and the fonts' arrival
// moves nothing (docs/decisions/0025-web-fonts-after-the-first-paint.md); the app comes on the reader's first touch
// (docs/decisions/0038-lighter-reader-pages.md). The fallback faces are measured for the
// local fonts this machine's Chromium falls back to (DejaVu, with Chromium on Debian); the check is of the layout.
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  appStarted,
  openPage,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signInQuickly,
  startTheApp,
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

// Real sentences of varied lengths (not one repeated word), so the line breaks depend on the glyphs' widths.
const SENTENCES = [
  'At sixteen I became an apprentice to a mechanic, who was strict, fair and almost always right.',
  'Our first home was two rooms above a bakery on Clover Court, and the stairs smelled of warm bread.',
  'I worked as a glassblower for seven years and loved nearly every day of it.',
  'My grandmother kept her letters in a biscuit tin, tied with blue ribbon, under the bed.',
  'We walked to the river every Sunday, whatever the weather, and fed the swans.',
  // What our languages put in a story: accents, curly quotes, an em dash (in the latin subsets, ADR 0038).
  'In Sevilla she called me “mi niño” — and the café’s owner, Herr Müller, laughed.',
];
const storyText = Array.from(
  { length: 12 },
  (_, p) => `<p>${Array.from({ length: 4 }, (_, i) => SENTENCES[(p + i) % SENTENCES.length]).join(' ')}</p>`,
).join('');

beforeAll(async () => {
  author = await registerPerson(server.baseUrl, { first_name: 'Wanda', last_name: 'Nowak' });
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, author);
  await publishStoryQuickly(ctx, server.baseUrl, 'Above the Bakery', storyText);
  await ctx.close();
  await server.deps.projector.drain();
});

describe('a story page on a first visit', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`paints first, then asks for the fonts, whose arrival moves nothing, and the app on a touch (${viewport})`, async () => {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      // Hold the fonts back until the page has shown in its fallback faces.
      let releaseFonts!: () => void;
      const fontsHeld = new Promise<void>((resolve) => {
        releaseFonts = resolve;
      });
      await page.route(/\.woff2$/, async (route) => {
        await fontsHeld;
        await route.continue();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`/story/${author.username}/page/1`);
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
      releaseFonts();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      // The web fonts are the ones showing now.
      expect(
        await page.evaluate(() => document.fonts.check('1rem "Literata Variable"') && document.fonts.check('1rem "Inter Variable"')),
      ).toBe(true);
      const timings = () =>
        page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
          const started = (pattern: RegExp) =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((e) => pattern.test(e.name))
              .map((e) => e.startTime);
          return { fcp, fonts: started(/\.woff2$/), app: started(/\/start-app-[\w-]+\.js$/) };
        });
      const loaded = await timings();
      expect(loaded.fonts.length).toBeGreaterThan(0);
      for (const start of loaded.fonts) expect(start).toBeGreaterThanOrEqual(loaded.fcp);
      // The app only when the reader needs it: at the desktop's height the comments may already be within a screen.
      if (viewport === 'phone') expect(loaded.app).toHaveLength(0);
      if (!(await appStarted(page))) await startTheApp(page);
      const after = await timings();
      expect(after.app).toHaveLength(1);
      expect(after.app[0]!).toBeGreaterThanOrEqual(after.fcp);
      // Lighthouse's goal is a total below 0.02; the fallback faces keep the swap far below it.
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts.reduce((sum, v) => sum + v, 0)).toBeLessThan(0.005);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the web fonts on a story page (docs/decisions/0038-lighter-reader-pages.md)', () => {
  /** Notes each face the page adds to document.fonts: its family, whether it had loaded, and in which task. */
  const watchFontsAdded = () => {
    const w = window as unknown as { added: { family: string; status: string; task: number }[] };
    w.added = [];
    let task = 0;
    let pending = false;
    const add = document.fonts.add.bind(document.fonts);
    document.fonts.add = (face: FontFace) => {
      w.added.push({ family: face.family, status: face.status, task });
      if (!pending) {
        pending = true;
        setTimeout(() => {
          task++;
          pending = false;
        });
      }
      return add(face);
    };
  };

  it('loads at most two font files, has them before adding any face, and shows accents, quotes and dashes in them', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await page.addInitScript(watchFontsAdded);
    await page.goto(`/story/${author.username}/page/1`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const fonts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.endsWith('.woff2')).map((e) => e.name),
    );
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.length).toBeLessThanOrEqual(2);
    // Every face that covers these characters has loaded (check is false while one still has to come).
    const sample = 'é ñ ü “ ” ’ —';
    expect(
      await page.evaluate(
        (text) => document.fonts.check('1rem "Literata Variable"', text) && document.fonts.check('600 1rem "Inter Variable"', text),
        sample,
      ),
    ).toBe(true);
    // One relayout for the fonts: every face added in one task, the two the page needs already loaded; the others
    // (other scripts) wait unloaded until text of theirs shows.
    const added = await page.evaluate(() => (window as unknown as { added: { family: string; status: string; task: number }[] }).added);
    expect(added.length).toBeGreaterThanOrEqual(16);
    expect(new Set(added.map((a) => a.task))).toEqual(new Set([0]));
    const loadedWhenAdded = added.filter((a) => a.status === 'loaded').map((a) => a.family.replaceAll('"', ''));
    expect(loadedWhenAdded.sort()).toEqual(['Inter Variable', 'Literata Variable']);
    expect(added.filter((a) => a.status === 'unloaded')).toHaveLength(added.length - 2);
    await expectNoAxeViolations(page, 'story page with its web fonts', { dark: true });
    await screenshot(page, 'story-web-fonts');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a Polish name in a small file of Europe's letters, not the whole latin-ext subset", async () => {
    const writer = await registerPerson(server.baseUrl, { first_name: 'Łucja', last_name: 'Woźniak' });
    const ctx = await browser.newContext();
    await signInQuickly(ctx, server.baseUrl, writer);
    await publishStoryQuickly(ctx, server.baseUrl, 'Żurek on Sundays', `<p>${SENTENCES.join(' ')} Zażółć gęślą jaźń.</p>`);
    await ctx.close();
    await server.deps.projector.drain();
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await page.goto(`/story/${writer.username}/page/1`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const files = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => new URL(e.name).pathname.replace(/^\/assets\/|-[\w-]{8}\.woff2$/g, ''))
        .sort(),
    );
    // Polish is in the title and the text (Literata) and the name (Inter): each family's latin file and its Europe file.
    expect(files).toEqual(['inter-latin', 'inter-latin-ext-a', 'literata-latin', 'literata-latin-ext-a']);
    expect(
      await page.evaluate(
        () =>
          document.fonts.check('1rem "Literata Variable"', 'Zażółć gęślą jaźń') &&
          document.fonts.check('600 1rem "Inter Variable"', 'Łucja Woźniak'),
      ),
    ).toBe(true);
    await screenshot(page, 'story-polish-name');
    expect(errors).toEqual([]);
    await context.close();
  });
});
