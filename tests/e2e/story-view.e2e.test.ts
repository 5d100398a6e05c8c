// The story view (/story/{username}/page/{n}): header and privacy, like and save, the author's Edit and
// Delete Story, paging top and bottom, bad addresses, "no story yet", and comments, in Chromium.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasCount,
  hasText,
  hidden,
  openPage,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signInQuickly,
  storyHtml,
  toComments,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
/** The main story: banner, public author with a picture, several pages. */
let author: Person;
const TITLE = 'Salt, Rain and the Long Way Home';
let pageCount = 0;

/** A few paragraphs of real prose first (so the screenshots look like a story), then filler for the page count. */
const OPENING =
  '<h2>The house by the estuary</h2>' +
  '<p>I was born in a house that leaned a little toward the sea, as if it wanted to hear what the tide was saying. ' +
  'My mother said it had been leaning since before the war, and that one day it would simply lie down in the mud and rest.</p>' +
  '<p>Every morning my father walked to the end of the jetty with his coffee and reported the weather to no one in particular. ' +
  'Fog was “a grey day for thinking.” Rain was “good for the potatoes.” Sun was suspicious.</p>' +
  '<blockquote>We are made of the places that made us, and of the people who stayed long enough to be remembered.</blockquote>' +
  '<p>This is the story of how I left that house, and of the long way I took to come back to it.</p>';

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

beforeAll(async () => {
  author = await registerPerson(server.baseUrl, { first_name: 'Mara', last_name: 'Quill', dob: '1984-06-02' });
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, author);
  await publishStoryQuickly(ctx, server.baseUrl, TITLE, OPENING + storyHtml(30, 100));
  await setImage(ctx, '/api/stories/upload', await bannerPng());
  await setImage(ctx, '/api/users/upload', await portraitPng());
  pageCount = (await storyOf(ctx, author.username))!.page_count;
  await ctx.close();
  expect(pageCount).toBeGreaterThanOrEqual(3);
});

// ---- helpers: data through the API ----

function bannerPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4c98b"/><stop offset="1" stop-color="#c96f4a"/></linearGradient></defs>
    <rect width="1600" height="700" fill="url(#sky)"/>
    <circle cx="1150" cy="300" r="110" fill="#fbe6c2"/>
    <path d="M0 480 Q 300 380 600 470 T 1200 450 T 1600 430 V700 H0Z" fill="#7a4a3a"/>
    <path d="M0 560 Q 400 500 800 560 T 1600 540 V700 H0Z" fill="#3f2a24"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function portraitPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
    <rect width="200" height="200" fill="#d9c7b3"/><circle cx="100" cy="80" r="42" fill="#7b5a45"/>
    <ellipse cx="100" cy="190" rx="70" ry="60" fill="#5d6e7e"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads an image and attaches it (banner or picture) for the context's signed-in person. */
async function setImage(ctx: BrowserContext, attachPath: string, png: Buffer): Promise<void> {
  const up = await ctx.request.post(`${server.baseUrl}/api/upload`, {
    multipart: { file: { name: 'image.png', mimeType: 'image/png', buffer: png } },
    headers: { origin: server.baseUrl },
  });
  if (!up.ok()) throw new Error(`upload: ${up.status()} ${await up.text()}`);
  const { data } = (await up.json()) as { data: string };
  const res = await ctx.request.post(`${server.baseUrl}${attachPath}`, { data: { image: data }, headers: { origin: server.baseUrl } });
  if (!res.ok()) throw new Error(`${attachPath}: ${res.status()} ${await res.text()}`);
}

async function storyOf(ctx: BrowserContext, username: string): Promise<{ page_count: number } | null> {
  const res = await ctx.request.post(`${server.baseUrl}/api/stories/story`, { data: { username }, headers: { origin: server.baseUrl } });
  return ((await res.json()) as { data: { page_count: number } | null }).data;
}

async function pageHtml(username: string, page_number: number): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/stories/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ username, page_number }),
  });
  return ((await res.json()) as { data: string }).data;
}

async function commentQuickly(ctx: BrowserContext, story_username: string, text: string): Promise<void> {
  const res = await ctx.request.post(`${server.baseUrl}/api/comments/create`, {
    data: { data: { story_username, text } },
    headers: { origin: server.baseUrl },
  });
  if (!res.ok()) throw new Error(`comment: ${res.status()} ${await res.text()}`);
}

/** A person with a saved story, signed in through `ctx` (a fresh request context when none is given). */
async function writer(story: string, title = 'A Short Life, So Far', overrides: Partial<Person> = {}): Promise<Person> {
  const p = await registerPerson(server.baseUrl, overrides);
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, p);
  await publishStoryQuickly(ctx, server.baseUrl, title, story);
  await ctx.close();
  return p;
}

const storyUrl = (username: string, n: number | string = 1) => `/story/${username}/page/${n}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const likeButton = (page: Page) => page.getByRole('button', { name: /^(Like|Unlike)$/ }).first();
const saveButton = (page: Page) => page.getByRole('button', { name: /^(Save|Unsave)$/ }).first();
const topPager = (page: Page) => page.getByRole('navigation', { name: 'Story pages', exact: true });
const bottomPager = (page: Page) => page.getByRole('navigation', { name: 'Story pages (bottom)' });
const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Comment' });
const comments = (page: Page) => page.locator('.comment-list > li');

async function topBarInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const r = document.querySelector('.story-bar.top')!.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });
}

// ---- the tests ----

describe('reading a story', () => {
  it('shows a visitor the title, banner, author, age and text; like and save go to /login; commenting is disabled', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    const flagCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('social.flags')) flagCalls.push(req.url());
    });
    await page.goto(storyUrl(author.username));
    await hasText(page.getByRole('heading', { level: 1 }), TITLE);
    expect(await page.title()).toContain(TITLE);
    await visible(page.getByRole('img', { name: `Banner of “${TITLE}”` }));
    await hasText(page.locator('.story-byline'), `By ${author.username}`);
    await visible(page.getByRole('img', { name: 'Picture of Mara Quill' }));
    await hasText(page.locator('.story-author-details'), /^Mara Quill · \d+ years old$/);
    // Rendered as HTML: the heading and the quote are elements, not text with tags in it.
    await hasText(page.locator('.story-text h2'), 'The house by the estuary');
    await visible(page.locator('.story-text blockquote'));
    await hidden(page.getByRole('link', { name: 'Edit' }));
    await hidden(page.getByRole('button', { name: 'Delete Story' }));

    await toComments(page);
    const box = commentBox(page);
    await hasAttribute(box, 'placeholder', 'Must be signed in to comment');
    expect(await box.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'a story page for a visitor', { dark: true });

    await hasAttribute(likeButton(page), 'aria-pressed', null);
    await likeButton(page).click();
    await page.waitForURL(`**/login?next=${encodeURIComponent(storyUrl(author.username))}`);
    await page.goBack();
    await saveButton(page).click();
    await page.waitForURL(`**/login?next=${encodeURIComponent(storyUrl(author.username))}`);
    expect(flagCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the banner by size (srcset) and the picture by its 480 px name, which falls back to a smaller original', async () => {
    const loaded = (img: Locator) =>
      expect
        .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? new URL(el.currentSrc).pathname : '')), {
          timeout: 10_000,
        })
        .not.toBe('');
    for (const [viewport, width] of [
      ['phone', 480],
      ['desktop', 960],
    ] as const) {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await page.goto(storyUrl(author.username));
      const banner = page.getByRole('img', { name: `Banner of “${TITLE}”` });
      await loaded(banner);
      // The banner (1600 px wide) has its 480 and 960 px sizes; the column is 42rem on a desktop, 390 px on a phone.
      expect(new URL(await banner.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toMatch(
        new RegExp(`^/media/[a-f0-9]{32}-${width}\\.webp$`),
      );
      // The picture is 200 px wide, so it has no sizes: its 480 px name redirects to the original, which shows.
      const picture = page.getByRole('img', { name: 'Picture of Mara Quill' });
      expect(await picture.getAttribute('src')).toMatch(/^\/media\/[a-f0-9]{32}-480\.webp$/);
      await loaded(picture);
      expect(await picture.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(200);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('hides the names, age and picture of a private author', async () => {
    const p = await writer(storyHtml(2, 50), 'Quiet Pages', { first_name: 'Hidden', last_name: 'Person' });
    const ctx = await browser.newContext();
    await signInQuickly(ctx, server.baseUrl, p);
    await setImage(ctx, '/api/users/upload', await portraitPng());
    const edit = await ctx.request.post(`${server.baseUrl}/api/users/edit`, {
      data: { first_name: p.first_name, last_name: p.last_name, email: p.email, dob: p.dob, is_private: true },
      headers: { origin: server.baseUrl },
    });
    expect(edit.ok()).toBe(true);
    await ctx.close();

    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await page.goto(storyUrl(p.username));
    await hasText(page.getByRole('heading', { level: 1 }), 'Quiet Pages');
    await hasText(page.locator('.story-byline'), `By ${p.username}`);
    await hasCount(page.locator('.story-author-details'), 0);
    await hasCount(page.locator('.story-header img'), 0);
    expect(await page.locator('.story-header').textContent()).not.toMatch(/Hidden|Person|years old/);
    await expectNoAxeViolations(page, 'the story of a private author');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('right-to-left and invisible text', () => {
  it('isolates titles, names and comments in <bdi>, and never shows a bidi override, in the page or the tab', async () => {
    // The override (U+202E) is dropped by the server; the numbers would otherwise join the Hebrew run.
    const p = await writer(storyHtml(2, 40), 'ספר החיים שלי \u202e1984', { first_name: 'שרה', last_name: 'לוי', dob: '1984-06-02' });
    const reader = await registerPerson(server.baseUrl);
    const ctx = await browser.newContext();
    await signInQuickly(ctx, server.baseUrl, reader);
    await commentQuickly(ctx, p.username, 'שלום! 42');
    await ctx.close();

    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, reader);
    await page.goto(storyUrl(p.username));
    // The title in its own direction (dir="auto" on the heading: isolated, and right to left here).
    await hasText(page.locator('h1.story-title'), 'ספר החיים שלי 1984');
    expect(await page.locator('h1.story-title').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await page.title()).toBe('ספר החיים שלי 1984 · Life Story');
    await hasText(page.locator('.story-byline > bdi'), p.username);
    // Isolated, the name keeps the age after it; a plain span would pull '· 40' into the Hebrew, left of it.
    const name = page.locator('.story-author-details > bdi');
    await hasText(name, 'שרה לוי');
    const age = page.locator('.story-author-details > span').last();
    await hasText(age, /^\d+ years old$/);
    expect((await age.boundingBox())!.x).toBeGreaterThanOrEqual((await name.boundingBox())!.x + (await name.boundingBox())!.width - 1);
    expect(await page.locator('.story-header').textContent()).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);

    const comment = comments(page).first();
    await hasText(comment.locator('.comment-author > bdi'), reader.username);
    expect(await comment.locator('.comment-text').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    // A comment of only invisible characters is not sent (the server would refuse it too).
    let sent = 0;
    page.on('request', (req) => {
      if (req.url().includes('social.comment')) sent++;
    });
    await commentBox(page).fill('\u200b\u2060\ufeff');
    await commentBox(page).press('Enter');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await commentBox(page).fill('Visible.');
    await commentBox(page).press('Enter');
    await hasCount(comments(page), 2);
    expect(sent).toBe(1);
    await screenshot(page, 'story-right-to-left');
    await expectNoAxeViolations(page, 'a right-to-left story with comments');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('like and save', () => {
  it('flip only when the server agrees, and stay after a reload', async () => {
    const reader = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, reader);
    await page.goto(storyUrl(author.username));
    await hasAttribute(likeButton(page), 'aria-pressed', 'false');
    await hasText(page.locator('.like-count').first(), '0 likes');

    // A failed call says so and flips nothing.
    await page.route(/\/trpc\/social\.like\?/, (route) => route.abort());
    await likeButton(page).click();
    await hasText(page.getByRole('alert'), 'Failed to like or unlike story.');
    await hasAttribute(likeButton(page), 'aria-label', 'Like');
    await expectNoAxeViolations(page, 'a story page with a failed like', { dark: true });
    await page.unroute(/\/trpc\/social\.like\?/);

    await likeButton(page).click();
    await hasAttribute(likeButton(page), 'aria-label', 'Unlike');
    await hasAttribute(likeButton(page), 'aria-pressed', 'true');
    await hasText(page.locator('.like-count').first(), '1 like');
    await hasCount(page.getByRole('alert'), 0);
    await saveButton(page).click();
    await hasAttribute(saveButton(page), 'aria-label', 'Unsave');
    await hasAttribute(saveButton(page), 'aria-pressed', 'true');
    // Both bars show the same state.
    await hasCount(page.getByRole('button', { name: 'Unlike' }), 2);
    await hasCount(page.getByRole('button', { name: 'Unsave' }), 2);
    await screenshot(page, 'story-view-reader');
    await expectNoAxeViolations(page, 'a liked and saved story', { dark: true });

    await page.reload();
    await hasAttribute(likeButton(page), 'aria-label', 'Unlike');
    await hasAttribute(saveButton(page), 'aria-label', 'Unsave');

    await page.route(/\/trpc\/social\.bookmark\?/, (route) => route.abort());
    await saveButton(page).click();
    await hasText(page.getByRole('alert'), 'Failed to save or unsave story.');
    await hasAttribute(saveButton(page), 'aria-label', 'Unsave');
    await page.unroute(/\/trpc\/social\.bookmark\?/);

    // The bottom bar works as well.
    await page.getByRole('button', { name: 'Unlike' }).last().click();
    await hasAttribute(likeButton(page), 'aria-label', 'Like');
    await page.getByRole('button', { name: 'Unsave' }).last().click();
    await hasAttribute(saveButton(page), 'aria-label', 'Save');
    await page.reload();
    await hasAttribute(likeButton(page), 'aria-pressed', 'false');
    await hasAttribute(saveButton(page), 'aria-pressed', 'false');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the author', () => {
  it('sees Edit and Delete Story; a failed delete says so; a confirmed delete goes to /profile', async () => {
    const me = await writer(storyHtml(3, 40), 'Gone Tomorrow');
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, me);
    await page.goto(storyUrl(me.username));
    await hasText(page.getByRole('heading', { level: 1 }), 'Gone Tomorrow');
    await hasCount(page.getByRole('link', { name: 'Edit' }), 2);
    await hasAttribute(page.getByRole('link', { name: 'Edit' }), 'href', '/story/write');
    await hasCount(page.getByRole('button', { name: 'Delete Story' }), 1);
    await screenshot(page, 'story-view-author');
    await expectNoAxeViolations(page, 'the author’s own story', { dark: true });

    // Dismissing the confirmation keeps the story.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete your story?');
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Story' }).click();
    expect(pathOf(page)).toBe(storyUrl(me.username));

    await page.route(/\/trpc\/stories\.delete\?/, (route) => route.abort());
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Story' }).click();
    await hasText(page.getByRole('alert'), 'Failed to delete story.');
    await expectNoAxeViolations(page, 'the author’s story after a failed delete');
    await page.unroute(/\/trpc\/stories\.delete\?/);
    expect(await storyOf(context, me.username)).not.toBeNull();

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Story' }).click();
    await page.waitForURL('**/profile');
    expect(await storyOf(context, me.username)).toBeNull();

    // Back on the story address: the author is invited to start again.
    await page.goto(storyUrl(me.username));
    await hasText(page.getByRole('heading', { level: 1 }), "You haven't written a story yet!");
    await hasAttribute(page.getByRole('link', { name: 'Start Writing Your Story' }), 'href', '/story/write');
    await screenshot(page, 'story-none-author');
    await expectNoAxeViolations(page, 'no story yet, for its author', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('paging', () => {
  it('goes through the pages with Next, Previous and the selector, top and bottom', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await page.goto(storyUrl(author.username));
    const top = topPager(page);
    const bottom = bottomPager(page);
    await visible(top.getByRole('button', { name: 'Next Page' }));
    await hasCount(top.getByRole('button', { name: 'Previous Page' }), 0);
    await hasCount(bottom.getByRole('button', { name: 'Previous Page' }), 0);
    expect(await top.getByLabel('Page').inputValue()).toBe('1');
    await hasCount(top.getByLabel('Page').locator('option'), pageCount);

    const word = async (n: number) => /w\d+x\d+/.exec(await pageHtml(author.username, n))![0];

    await top.getByRole('button', { name: 'Next Page' }).click();
    await page.waitForURL(`**${storyUrl(author.username, 2)}`);
    await hasText(page.locator('.story-text'), new RegExp(`\\b${await word(2)}\\b`));
    expect(await top.getByLabel('Page').inputValue()).toBe('2');
    await visible(top.getByRole('button', { name: 'Previous Page' }));
    await expectNoAxeViolations(page, 'a middle page of a story');

    await top.getByRole('button', { name: 'Previous Page' }).click();
    await page.waitForURL(`**${storyUrl(author.username, 1)}`);
    await hasText(page.locator('.story-text h2'), 'The house by the estuary');

    await top.getByLabel('Page').selectOption(String(pageCount));
    await page.waitForURL(`**${storyUrl(author.username, pageCount)}`);
    await hasText(page.locator('.story-text'), new RegExp(`\\b${await word(pageCount)}\\b`));
    await hasCount(top.getByRole('button', { name: 'Next Page' }), 0);
    await hasCount(bottom.getByRole('button', { name: 'Next Page' }), 0);

    // From the bottom bar the view returns to the top bar.
    await bottom.getByRole('button', { name: 'Previous Page' }).click();
    await page.waitForURL(`**${storyUrl(author.username, pageCount - 1)}`);
    await expect.poll(() => topBarInView(page), { timeout: 10_000 }).toBe(true);

    await bottom.getByRole('button', { name: 'Next Page' }).click();
    await page.waitForURL(`**${storyUrl(author.username, pageCount)}`);
    await bottom.getByLabel('Page').selectOption('1');
    await page.waitForURL(`**${storyUrl(author.username, 1)}`);
    await expect.poll(() => topBarInView(page), { timeout: 10_000 }).toBe(true);
    await hasText(page.locator('.story-text h2'), 'The house by the estuary');

    // Browser history follows the pages.
    await page.goBack();
    await page.waitForURL(`**${storyUrl(author.username, pageCount)}`);
    await hasText(page.locator('.story-text'), new RegExp(`\\b${await word(pageCount)}\\b`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a one-page story has no page navigation; a page past the end offers page 1', async () => {
    const p = await writer(storyHtml(2, 30), 'One Page Only');
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await page.goto(storyUrl(p.username));
    await hasText(page.getByRole('heading', { level: 1 }), 'One Page Only');
    await visible(page.locator('.story-text'));
    await hasCount(page.getByRole('navigation', { name: /^Story pages/ }), 0);
    await hasCount(page.getByRole('combobox', { name: 'Page' }), 0);
    await expectNoAxeViolations(page, 'a one-page story');

    await page.goto(storyUrl(author.username, 99));
    await hasText(page.getByRole('status'), new RegExp(`only ${pageCount} pages, so there is no page 99`));
    await expectNoAxeViolations(page, 'a page past the end of a story', { dark: true });
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL(`**${storyUrl(author.username, 1)}`);
    await visible(page.locator('.story-text h2'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Invalid parameters." for a bad address', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    for (const path of ['/story/x/page/abc', '/story/x/page/0', '/story/x/page/-2', '/story/x/page/1.5', '/story/x']) {
      await page.goto(path);
      await hasText(page.getByRole('alert'), 'Invalid parameters.');
    }
    await screenshot(page, 'story-invalid');
    await expectNoAxeViolations(page, 'a bad story address', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('no story yet', () => {
  it("tells others that the person hasn't written a story, and the author how to start", async () => {
    const p = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await page.goto(storyUrl(p.username));
    await hasText(page.getByRole('heading', { level: 1 }), `${p.username} hasn't written a story yet!`);
    await hasCount(page.getByRole('link', { name: 'Start Writing Your Story' }), 0);
    await page.goto(storyUrl('nobody_at_all'));
    await hasText(page.getByRole('heading', { level: 1 }), "nobody_at_all hasn't written a story yet!");
    await screenshot(page, 'story-none');
    await expectNoAxeViolations(page, 'no story yet, for a visitor', { dark: true });

    await signInQuickly(context, server.baseUrl, p);
    await page.goto(storyUrl(p.username));
    await hasText(page.getByRole('heading', { level: 1 }), "You haven't written a story yet!");
    await page.getByRole('link', { name: 'Start Writing Your Story' }).click();
    await page.waitForURL('**/story/write');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('comments', () => {
  it('sends with Enter, keeps Shift+Enter newlines, refuses 5001 characters, and deletes with confirmation', async () => {
    const p = await writer(storyHtml(3, 60), 'Letters to Nobody');
    const reader = await registerPerson(server.baseUrl);
    const other = await registerPerson(server.baseUrl);
    const otherCtx = await browser.newContext();
    await signInQuickly(otherCtx, server.baseUrl, other);
    await commentQuickly(otherCtx, p.username, 'Someone else was here first.');
    await otherCtx.close();

    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, reader);
    await page.goto(storyUrl(p.username));
    const box = commentBox(page);
    await hasAttribute(box, 'placeholder', 'Comment...');
    await hasText(page.locator('#comments-heading'), '1 Comment');
    await hasCount(comments(page), 1);
    await hasCount(comments(page).first().getByRole('button', { name: 'Delete comment' }), 0);

    await box.fill('A first thought.');
    await box.press('Enter');
    await hasText(comments(page).first().locator('.comment-text'), 'A first thought.');
    await hasText(page.locator('#comments-heading'), '2 Comments');
    expect(await box.inputValue()).toBe('');

    await box.click();
    await page.keyboard.type('line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('line two');
    expect(await box.inputValue()).toBe('line one\nline two');
    await page.keyboard.press('Enter');
    await hasCount(comments(page), 3);
    expect(
      await comments(page)
        .first()
        .locator('.comment-text')
        .evaluate((el) => el.textContent),
    ).toBe('line one\nline two');
    // The newline shows as a line break, and a comment is never HTML.
    expect(
      await comments(page)
        .first()
        .locator('.comment-text')
        .evaluate((el) => getComputedStyle(el).whiteSpace),
    ).toBe('pre-wrap');

    const first = comments(page).first();
    await hasAttribute(first.getByRole('link', { name: reader.username }), 'href', storyUrl(reader.username));
    await hasText(
      first.locator('time'),
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    );

    await box.fill('x'.repeat(5001));
    await box.press('Enter');
    await hasText(page.getByRole('alert'), 'Comment exceeds the limit of 5000 words.');
    await expectNoAxeViolations(page, 'comments with a refused comment', { dark: true });
    await page.getByRole('button', { name: 'Send comment' }).click();
    await hasText(page.getByRole('alert'), 'Comment exceeds the limit of 5000 words.');
    await hasCount(comments(page), 3);

    await page.route(/\/trpc\/social\.comment\?/, (route) => route.abort());
    await box.fill('<b>not bold</b>');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await hasText(page.getByRole('alert'), 'Failed to create comment.');
    await page.unroute(/\/trpc\/social\.comment\?/);
    await page.getByRole('button', { name: 'Send comment' }).click();
    await hasText(comments(page).first().locator('.comment-text'), '<b>not bold</b>');
    await hasCount(comments(page).first().locator('.comment-text b'), 0);
    await hasText(page.locator('#comments-heading'), '4 Comments');

    // Delete: dismissed keeps it, a failure says so in place of the text, confirmed removes it.
    const mine = comments(page).filter({ hasText: 'A first thought.' });
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete your comment?');
      void d.dismiss();
    });
    await mine.getByRole('button', { name: 'Delete comment' }).click();
    await hasCount(comments(page), 4);

    await page.route(/\/trpc\/social\.deleteComment\?/, (route) => route.abort());
    page.once('dialog', (d) => void d.accept());
    await mine.getByRole('button', { name: 'Delete comment' }).click();
    await hasText(comments(page).nth(2).locator('.comment-text'), 'Failed to delete comment.');
    await expectNoAxeViolations(page, 'comments with a failed delete');
    await page.unroute(/\/trpc\/social\.deleteComment\?/);

    const lines = comments(page).filter({ hasText: 'line two' });
    page.once('dialog', (d) => void d.accept());
    await lines.getByRole('button', { name: 'Delete comment' }).click();
    await hasCount(comments(page), 3);
    await hasText(page.locator('#comments-heading'), '3 Comments');

    await page.reload();
    await hasCount(comments(page), 3);
    await hasCount(comments(page).filter({ hasText: 'line two' }), 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads 50 at a time with See More, without duplicates', async () => {
    const p = await writer(storyHtml(2, 40), 'Much Discussed');
    const chatty = await registerPerson(server.baseUrl);
    const ctx = await browser.newContext();
    await signInQuickly(ctx, server.baseUrl, chatty);
    for (let i = 1; i <= 55; i++) await commentQuickly(ctx, p.username, `Comment number ${i}`);
    await ctx.close();

    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signInQuickly(context, server.baseUrl, chatty);
    await page.goto(storyUrl(p.username));
    await hasText(page.locator('#comments-heading'), '55 Comments');
    await hasCount(comments(page), 50);
    await hasText(comments(page).first().locator('.comment-text'), 'Comment number 55');
    await expectNoAxeViolations(page, 'a story with 55 comments');

    // A new comment shifts the server's pages by one: page 2 then repeats one already shown.
    await commentBox(page).fill('Comment number 56');
    await commentBox(page).press('Enter');
    await hasCount(comments(page), 51);
    await page.getByRole('button', { name: 'See More' }).click();
    await hasCount(comments(page), 56);
    const texts = await page.locator('.comment-list .comment-text').allTextContents();
    expect(new Set(texts).size).toBe(56);
    expect(texts[55]).toBe('Comment number 1');
    await hasCount(page.getByRole('button', { name: 'See More' }), 0);

    await comments(page).first().getByRole('link', { name: chatty.username }).click();
    await page.waitForURL(`**${storyUrl(chatty.username)}`);
    await hasText(page.getByRole('heading', { level: 1 }), "You haven't written a story yet!");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('screenshots', () => {
  it('a story page with banner and comments, desktop and phone', async () => {
    const fans = [await registerPerson(server.baseUrl), await registerPerson(server.baseUrl)];
    const lines = [
      'This made me call my grandmother. Thank you for writing it down.',
      'The jetty, the coffee, the weather report to no one.\nI can see it all.',
    ];
    for (const [i, fan] of fans.entries()) {
      const ctx = await browser.newContext();
      await signInQuickly(ctx, server.baseUrl, fan);
      if (i === 0) await setImage(ctx, '/api/users/upload', await portraitPng());
      await commentQuickly(ctx, author.username, lines[i]!);
      await ctx.close();
    }
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await page.goto(storyUrl(author.username));
      await visible(page.locator('.story-text h2'));
      await toComments(page);
      await hasCount(comments(page), 2);
      await settle(page);
      await screenshot(page, 'story-view');
      await expectNoAxeViolations(page, 'a story page with banner and comments');
      await page.goto(storyUrl(author.username, 2));
      await visible(page.locator('.story-text'));
      await settle(page);
      await page.screenshot({ path: `test-output/screenshots/story-view-top-${viewport}.png` });

      // Dark theme, signed in (the comment box is live), with the comments in view.
      await signInQuickly(context, server.baseUrl, fans[1]!);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(storyUrl(author.username, 3));
      await toComments(page);
      await hasAttribute(commentBox(page), 'placeholder', 'Comment...');
      await hasCount(comments(page), 2);
      await settle(page);
      await screenshot(page, 'story-view-dark');
      await expectNoAxeViolations(page, 'a story page with banner and comments, signed in');
      await page.goto(storyUrl(author.username, 99));
      await visible(page.getByRole('link', { name: 'Go to page 1' }));
      await settle(page);
      await page.screenshot({ path: `test-output/screenshots/story-past-end-dark-${viewport}.png` });
      await expectNoAxeViolations(page, 'a page past the end of a story');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

/** Fonts loaded and every (lazy) picture fetched, so a full-page screenshot shows them; then back to the top. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, document.body.scrollHeight);
    const loads = Array.from(document.images).map((img) =>
      img.complete
        ? null
        : new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
    );
    // A lazy picture far from both ends may never start; do not wait on it for ever.
    await Promise.race([Promise.all(loads), new Promise((done) => setTimeout(done, 3000))]);
    window.scrollTo(0, 0);
  });
}
