// The writer's and reader's screens in older hands (issue #26, points 4, 6, 7, 8, 9, 10 and 11), at 360 px and at
// 1280 px, light and dark, with axe: the save status, the welcome back, signing in after registering, the guide,
// the short address, the text size, Next Page at the end of the text, 44 px targets and 16 px text, and photos in
// the Versions comparison. Nothing may sit off-screen sideways on a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  hidden,
  openPage,
  person,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  storyHtml,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const WIDTHS = [360, 1280] as const;
type Width = (typeof WIDTHS)[number];

/** A fresh browser context at the width (360 px is narrower than the support's phone of 390 px). */
async function openAt(width: Width) {
  const opened = await openPage(browser, server.baseUrl, width === 1280 ? 'desktop' : 'phone');
  if (width === 360) await opened.page.setViewportSize({ width: 360, height: 780 });
  return opened;
}

/** Screenshots are named by width: support's screenshot() says only phone or desktop. */
const shot = (page: Page, name: string, width: Width) => screenshot(page, `${name}-${width}`);

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function signedIn(width: Width, who?: Person) {
  const p = who ?? (await registerPerson(server.baseUrl));
  const opened = await openAt(width);
  await signInQuickly(opened.context, server.baseUrl, p);
  await opened.page.goto('/help');
  await expect.poll(() => opened.page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
  return { ...opened, person: p };
}

async function photo(context: BrowserContext): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#8a6' } })
    .png()
    .toBuffer();
  const up = await context.request.post(`${server.baseUrl}/api/upload`, {
    multipart: { file: { name: 'boat.png', mimeType: 'image/png', buffer: png } },
    headers: { origin: server.baseUrl },
  });
  expect(up.status()).toBe(201);
  return ((await up.json()) as { data: string }).data;
}

const figure = (name: string) => `<figure><img src="/media/${name}" alt="Dad on his boat"><figcaption>Summer, 1962</figcaption></figure>`;

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`no box for ${selector}`);
  return b;
}

async function fontPx(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
}

describe.each(WIDTHS)('at %i px', (width) => {
  it('after registering, the sign-in page says the account is ready, with the address filled in', async () => {
    const { context, page, errors } = await openAt(width);
    const p = person();
    await page.goto('/register');
    await page.getByLabel('First name').fill(p.first_name);
    await page.getByLabel('Last name').fill(p.last_name);
    await page.getByLabel('Username').fill(p.username);
    await page.getByLabel('Email').fill(p.email);
    await page.getByLabel('Date of birth').fill(p.dob);
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/login?registered=1');
    await hasText(page.getByRole('status'), 'Your account is ready: sign in to start writing.');
    expect(await page.getByLabel('Email').inputValue()).toBe(p.email);
    expect(page.url()).not.toContain(encodeURIComponent(p.email));
    await noSidewaysScroll(page);
    await shot(page, 'writer-login-after-register', width);
    await expectNoAxeViolations(page, 'sign in after registering', { dark: true });
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the write screen: a large, true, polite save status, the guide, and a welcome back with discard tucked away', async () => {
    const { context, page, errors } = await signedIn(width);
    await page.goto('/story/write');
    const status = page.locator('.draft-status-text');
    await page.getByLabel('Title').fill('By the sea');
    await page.getByRole('textbox', { name: 'Story' }).click();
    await page.keyboard.type('We lived by the sea.');
    await hasText(status, 'All changes saved');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.getAttribute('aria-hidden')).toBeNull();
    expect(await fontPx(page, '.draft-status-text')).toBeGreaterThanOrEqual(18);
    // The first keystroke after a save makes it "Saving…" at once: never "saved" beside unsaved words.
    await page.keyboard.type(' More');
    await hasText(status, 'Saving…');
    await hasText(status, 'All changes saved');
    await noSidewaysScroll(page);
    await shot(page, 'writer-write-status', width);
    await expectNoAxeViolations(page, 'write screen with the save status', { dark: true });

    // The guide, from the write screen.
    await page.getByRole('link', { name: 'How to write your story' }).click();
    await page.waitForURL('**/guide');
    await visible(page.getByRole('heading', { name: 'How to write your story', level: 1 }));
    await hasCount(page.locator('.guide-toolbar-list dt'), 8);
    await noSidewaysScroll(page);
    await shot(page, 'writer-guide', width);
    await expectNoAxeViolations(page, 'the writing guide', { dark: true });

    // Back: the unpublished changes are welcomed back; discarding is behind More choices and a question.
    await page.getByRole('link', { name: 'Back to writing' }).click();
    await page.waitForURL('**/story/write');
    await hasText(page.locator('.restore-banner [role="status"]'), 'Welcome back: your unpublished changes from earlier today are here.');
    await hidden(page.getByRole('button', { name: 'Discard changes…' }));
    await page.getByText('More choices').click();
    await page.getByRole('button', { name: 'Discard changes…' }).click();
    await visible(page.getByText('Throw away these words? You have not pressed Save Story yet, so they are kept nowhere else.'));
    await noSidewaysScroll(page);
    await shot(page, 'writer-welcome-back', width);
    await expectNoAxeViolations(page, 'write screen, welcome back with the discard question', { dark: true });
    await page.getByRole('button', { name: 'No, keep them' }).click();
    await visible(page.locator('.restore-banner'));
    expect(await page.getByLabel('Title').inputValue()).toBe('By the sea');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the first Save Story shows page 1 as readers will see it and who will read it; later ones publish at once', async () => {
    const { context, page, errors, person: p } = await signedIn(width);
    await page.goto('/story/write');
    await page.getByLabel('Title').fill('By the sea');
    await page.getByRole('textbox', { name: 'Story' }).click();
    await page.keyboard.type('## The harbour');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We lived by the sea, above the boats.');
    await page.getByRole('radio', { name: 'Only people I invite' }).check();
    await hasText(page.locator('.audience-status'), 'When you press Save Story, only people you invite will be able to read it.');
    await page.getByRole('button', { name: 'Save Story' }).click();

    const preview = page.getByRole('dialog', { name: 'Page 1 as your readers will see it' });
    await visible(preview);
    await hasText(preview.locator('.publish-preview-who'), 'Only the family and friends you invite will be able to read it.');
    await hasText(preview.locator('.publish-preview-story-title'), 'By the sea');
    await visible(preview.getByRole('heading', { name: 'The harbour', level: 2 }));
    await visible(preview.getByText('We lived by the sea, above the boats.'));
    await hasText(
      preview.locator('.publish-preview-pages'),
      'Your story has 1 page. You can change your story, and who can read it, at any time.',
    );
    await visible(preview.getByRole('button', { name: 'Publish my story' }));
    await noSidewaysScroll(page);
    await shot(page, 'writer-first-publish-preview', width);
    await expectNoAxeViolations(page, 'the first publish preview', { dark: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'writer-first-publish-preview-dark', width);
    await page.emulateMedia({ colorScheme: 'light' });

    // "Keep writing" goes back with nothing published; the words are still there.
    await preview.getByRole('button', { name: 'Keep writing' }).click();
    await hidden(preview);
    expect(page.url()).toContain('/story/write');
    const stranger = await context.request.post(`${server.baseUrl}/api/stories/story`, { data: { username: p.username } });
    expect(((await stranger.json()) as { data: unknown }).data).toBeNull();
    await page.getByRole('textbox', { name: 'Story' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' More words.');

    await page.getByRole('button', { name: 'Save Story' }).click();
    await visible(preview.getByText('We lived by the sea, above the boats. More words.'));
    await preview.getByRole('button', { name: 'Publish my story' }).click();
    await page.waitForURL(`**/story/${p.username}/page/1`);
    await visible(page.getByText('Published: visible only to people you invite.'));

    // Published once: Save Story publishes at once, as the spec says.
    await page.goto('/story/write');
    await page.getByRole('textbox', { name: 'Story' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Later.');
    await page.getByRole('button', { name: 'Save Story' }).click();
    await page.waitForURL(`**/story/${p.username}/page/1`);
    await visible(page.getByText(/More words\. Later\./));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the story page: the short address, text size, Next Page after the text, 44 px targets and 16 px text', async () => {
    const author = await registerPerson(server.baseUrl, { first_name: 'Mara', last_name: 'Keeping' });
    const { context, page, errors } = await signedIn(width, author);
    const src = await photo(context);
    await publishStoryQuickly(context, server.baseUrl, 'By the sea', `${figure(src)}${storyHtml(14, 100)}`);

    // /@Username opens page 1 of the story.
    await page.goto(`/@${author.username.toUpperCase()}`);
    await page.waitForURL(`**/story/${author.username}/page/1`);
    await visible(page.locator('.story-text'));

    // A+ makes the text larger and is kept: a reload starts at that size before the app hydrates.
    const before = await fontPx(page, '.story-view .story-text');
    await page.getByRole('button', { name: 'Larger' }).click();
    await page.getByRole('button', { name: 'Larger' }).click();
    await expect.poll(() => fontPx(page, '.story-view .story-text')).toBeCloseTo(before * 1.3, 0);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await fontPx(page, '.story-view .story-text')).toBeCloseTo(before * 1.3, 0);
    await visible(page.getByRole('button', { name: 'Smaller' }));
    await noSidewaysScroll(page);

    // Next Page at the end of the text, before the bar above the comments.
    const end = page.getByRole('navigation', { name: 'End of the page' });
    await hasText(end.locator('p'), 'End of page 1 of 2.');
    expect((await box(page, 'nav[aria-label="End of the page"]')).y).toBeLessThan((await box(page, '.story-bar.bottom')).y);

    // Targets at least 44 px, words at least 16 px.
    const targets = ['.mark-button.like', '.mark-button.save', '.footer-links a', '.story-delete button', '.text-size button'];
    if (width === 360) targets.push('.nav-toggle');
    for (const selector of targets) {
      const b = await box(page, selector);
      expect(b.width, selector).toBeGreaterThanOrEqual(44);
      expect(b.height, selector).toBeGreaterThanOrEqual(44);
    }
    for (const selector of ['.story-byline', '.story-author-details', '.story-text figcaption', '.footer-links a']) {
      expect(await fontPx(page, selector), selector).toBeGreaterThanOrEqual(16);
    }
    // A caption is in the text colour, not a placeholder's grey.
    const colours = await page
      .locator('.story-text figcaption')
      .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('.story-text') as Element).color]);
    expect(colours[0]).toBe(colours[1]);
    // Delete Story is on a row of its own, below Print / save as PDF.
    const print = await box(page, 'a[href$="/print"]');
    const del = await box(page, '.story-delete button');
    expect(del.y).toBeGreaterThanOrEqual(print.y + print.height + 16);
    await page.getByRole('button', { name: 'Smaller' }).click();
    await page.getByRole('button', { name: 'Smaller' }).click();
    await shot(page, 'reader-story-page', width);
    await expectNoAxeViolations(page, 'story page with the text size control', { dark: true });

    // Comments: Send is 44 px too (it shows once the page has hydrated).
    const send = page.getByRole('button', { name: 'Send comment' });
    await send.scrollIntoViewIfNeeded();
    const sendBox = await send.boundingBox();
    expect(sendBox?.width).toBeGreaterThanOrEqual(44);
    expect(sendBox?.height).toBeGreaterThanOrEqual(44);

    await end.getByRole('button', { name: 'Next Page' }).click();
    await page.waitForURL(`**/story/${author.username}/page/2`);
    await hasText(page.locator('.story-page-end-last'), 'The end of the story.');
    expect(errors).toEqual([]);
    await context.close();

    // A reader without an account gets the server's page: the kept size applies from its head, with no app script
    // at all (every script of the build refused here), so the text never changes size under the reader.
    const reader = await openAt(width);
    await reader.page.goto('/robots.txt');
    await reader.page.evaluate(() => localStorage.setItem('reading-text-size', '2'));
    await reader.context.route('**/assets/*.js', (route) => route.abort());
    await reader.page.goto(`/story/${author.username}/page/1`, { waitUntil: 'domcontentloaded' });
    expect(await reader.page.evaluate(() => document.documentElement.style.getPropertyValue('--reading-scale'))).toBe('1.3');
    expect(await fontPx(reader.page, '.story-view .story-text')).toBeCloseTo(before * 1.3, 0);
    await reader.context.close();
  });

  it('Versions: a photo shows as [photo: description] in the comparison, under a readable legend', async () => {
    const { context, page, errors } = await signedIn(width);
    const src = await photo(context);
    await publishStoryQuickly(context, server.baseUrl, 'Harbour days', `<p>We lived by the sea.</p>${figure(src)}`);
    await publishStoryQuickly(context, server.baseUrl, 'Harbour days', '<p>We lived by the sea.</p>');
    await page.goto('/story/versions');
    await page.getByRole('link', { name: /^Version 1: Harbour days/ }).click();
    await page.waitForURL(/\/story\/versions\/\d+$/);
    const diff = page.getByRole('region', { name: 'Differences between this version and the story now' });
    await hasText(diff.locator('.word-diff-text ins').first(), /^\[Only in this version: \[photo: Dad on his boat\]/);
    await hasText(
      diff.getByRole('list', { name: 'How to read the comparison' }).locator('li').first(),
      'Crossed out: only in the story now',
    );
    expect(await fontPx(page, '.word-diff-legend li')).toBeGreaterThanOrEqual(16);
    // Versions and notifications say times the one way (lib/dates.ts): "November 27, 2026 at 8:09 PM".
    await page.goto('/story/versions');
    await hasText(page.locator('.versions-meta').first(), /^Published [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) · /);
    await page.getByRole('link', { name: /^Version 1: Harbour days/ }).click();
    await visible(diff);
    await noSidewaysScroll(page);
    await shot(page, 'writer-versions-photo', width);
    await expectNoAxeViolations(page, 'a version compared, with a photo', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
