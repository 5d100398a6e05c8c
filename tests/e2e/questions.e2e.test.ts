// Issue #25, "Never a blank page": the question picker on the write screen and "Your life so far", light and dark,
// with axe (docs/decisions/0028-questions-by-life-stage.md). On a phone (390 px, and nothing off-screen at 360), where
// our writers are, the whole journey: register, open the write screen, open the picker, see others, set one aside,
// choose one: its chapter lands at the end of the text with the caret under its heading; type, publish; the story page
// shows the chapter; reopen: the answered and the dismissed questions are not offered again; "Your life so far" shows
// the stage with 1 chapter. At 1280 px, the same screens in the same states, the story put in place through the API.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUESTIONS_EN } from '../../server/src/contract/questions/questions.en';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  hidden,
  openPage,
  pressSaveStory,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const text = (id: string) => QUESTIONS_EN.questions.find((q) => q.id === id)!.text;
const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const picker = (page: Page) => page.getByRole('region', { name: 'Questions to start from' });
const choices = (page: Page) => picker(page).locator('.question-text');

async function shownTexts(page: Page): Promise<string[]> {
  return (await choices(page).allTextContents()).map((t) => t.trim());
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The cells of the row of "Your life so far"'s table for a stage, after its name. */
const lifeRow = (page: Page, stage: string) =>
  page
    .locator('.life-table tbody tr', { has: page.getByRole('rowheader', { name: stage, exact: true }) })
    .locator('td')
    .allTextContents();

/** A screenshot in the dark colour scheme too (the styles follow prefers-color-scheme; no reload). */
async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await screenshot(page, `${name}-dark`);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

/** The smallest text of the elements, in CSS px as drawn (an SVG's text scaled with its picture). */
async function smallestFontPx(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluateAll((els) =>
      Math.min(
        ...els.map((el) =>
          el instanceof SVGTextElement ? el.getBoundingClientRect().height : Number.parseFloat(getComputedStyle(el).fontSize),
        ),
      ),
    );
}

/** Every button of the region at least 44 px tall. */
async function bigTargets(page: Page, selector: string): Promise<void> {
  const small = await page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll('button')]
        .map((b) => ({ name: b.textContent?.trim() ?? '', h: b.getBoundingClientRect().height, w: b.getBoundingClientRect().width }))
        .filter((b) => b.h < 44 || b.w < 44),
    );
  expect(small).toEqual([]);
}

/** The checks of the picker as shown: big targets, text at least 16 px, nothing off-screen. */
async function pickerFits(page: Page): Promise<void> {
  await bigTargets(page, '.question-panel');
  for (const selector of ['.question-panel-intro', '.question-stage', '.question-text', '.question-dismiss'])
    expect(await smallestFontPx(page, selector), selector).toBeGreaterThanOrEqual(16);
  await noSidewaysScroll(page);
}

/** The same for "Your life so far" open on the write screen. */
async function lifeFits(page: Page): Promise<void> {
  for (const selector of ['.life-table th', '.life-table td', '.life-note', '.life-stage text'])
    expect(await smallestFontPx(page, selector), selector).toBeGreaterThanOrEqual(16);
  await bigTargets(page, '.life-disclosure');
  await noSidewaysScroll(page);
}

describe('questions', () => {
  it('on the phone: picks a question, writes the chapter, publishes, and sees the stage in "Your life so far"', async () => {
    const who = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await signInQuickly(context, server.baseUrl, who);
    await page.goto('/story/write');
    await visible(storyText(page));
    await page.getByLabel('Title').fill('Where I come from');
    await storyText(page).click();
    await page.keyboard.type('A few words to begin.');

    // The picker: three questions of three stages, each naming its stage.
    const toggle = page.getByRole('button', { name: 'Need an idea? Answer a question' });
    await toggle.click();
    await visible(picker(page));
    await visible(page.getByRole('heading', { name: 'Questions to start from' }));
    await hasCount(choices(page), 3);
    expect(await shownTexts(page)).toEqual([text('roots-and-family-001'), text('early-childhood-001'), text('school-001')]);
    await hasCount(picker(page).getByRole('button', { name: 'Not for me' }), 3);
    await hasCount(picker(page).getByRole('button', { name: 'Keep for later' }), 3);
    await visible(picker(page).getByRole('button', { name: `Roots and family ${text('roots-and-family-001')}` }));
    await pickerFits(page);
    await shots(page, 'questions-picker');
    await expectNoAxeViolations(page, 'write screen with the question picker', { dark: true });

    // Show me others: three others.
    await page.getByRole('button', { name: 'Show me others' }).click();
    await expect.poll(() => shownTexts(page)).toEqual([text('growing-up-001'), text('work-001'), text('love-and-partnership-001')]);
    // Not for me: that one goes, and never comes back.
    await picker(page).getByRole('button', { name: 'Not for me' }).first().click();
    await expect.poll(() => shownTexts(page)).not.toContain(text('growing-up-001'));
    await hasCount(choices(page), 3);

    // Choose one: a chapter at the end, its heading the question, the caret on the line under it.
    const chosen = text('work-001');
    await picker(page)
      .getByRole('button', { name: `Work ${chosen}` })
      .click();
    await hidden(picker(page));
    await visible(storyText(page).locator('h2', { hasText: chosen }));
    expect(await storyText(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('I swept the floor of a bakery at fourteen.');
    expect(await storyText(page).innerHTML()).toMatch(
      new RegExp(
        // dir="auto" on every block: the editor's decoration (text-direction.ts), not the stored text.
        `<p[^>]*>A few words to begin\\.</p><h2[^>]*>${chosen.replace(/[?.]/g, '\\$&')}</h2><p[^>]*>I swept the floor of a bakery at fourteen\\.</p>`,
      ),
    );
    // In view: the heading and the line under it are on the screen.
    expect(await storyText(page).locator('h2').last().isVisible()).toBe(true);
    const headingBox = await storyText(page).locator('h2').last().boundingBox();
    expect(headingBox && headingBox.y >= 0 && headingBox.y < (page.viewportSize()?.height ?? 0)).toBe(true);

    // Your life so far, folded until asked; once the draft is saved it shows the Work chapter.
    const life = page.getByRole('button', { name: 'Your life so far' });
    await hasText(page.locator('.draft-status-text'), /saved/i);
    expect(await life.getAttribute('aria-expanded')).toBe('false');
    await life.click();
    await visible(page.getByRole('heading', { name: 'Your life so far' }));
    await expect.poll(() => lifeRow(page, 'Work')).toEqual(['1', '9']);
    expect(await lifeRow(page, 'School days')).toEqual(['Not written yet']);
    await lifeFits(page);
    expect(await page.getByRole('img', { name: /^Your life so far\. 1 of 12 stages of your life written: Work\./ }).count()).toBe(1);
    await shots(page, 'questions-life-so-far-write');
    await expectNoAxeViolations(page, 'write screen with your life so far', { dark: true });

    // Publish: the story page shows the chapter.
    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${who.username}/page/1`);
    await visible(page.locator('.story-text h2', { hasText: chosen }));
    await visible(page.locator('.story-text p', { hasText: 'I swept the floor of a bakery at fourteen.' }));

    // Reopen: the answered question and the one set aside are not offered again.
    await page.goto('/story/write');
    await visible(storyText(page));
    await page.getByRole('button', { name: 'Need an idea? Answer a question' }).click();
    await hasCount(choices(page), 3);
    const offered = await shownTexts(page);
    await page.getByRole('button', { name: 'Show me others' }).click();
    await expect.poll(() => shownTexts(page)).not.toEqual(offered);
    offered.push(...(await shownTexts(page)));
    expect(offered).toHaveLength(6);
    expect(offered).not.toContain(chosen);
    expect(offered).not.toContain(text('growing-up-001'));

    // The profile shows it too.
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Your life so far' }));
    await expect.poll(() => lifeRow(page, 'Work')).toEqual(['1', '9']);
    await noSidewaysScroll(page);
    await shots(page, 'questions-life-so-far-profile');
    await expectNoAxeViolations(page, 'profile with your life so far', { dark: true });

    // Nothing off-screen at 360 px either, the picker open.
    await page.setViewportSize({ width: 360, height: 780 });
    await noSidewaysScroll(page);
    await page.goto('/story/write');
    await visible(storyText(page));
    await page.getByRole('button', { name: 'Need an idea? Answer a question' }).click();
    await hasCount(choices(page), 3);
    await page.getByRole('button', { name: 'Your life so far' }).click();
    await visible(page.locator('.life-table'));
    await noSidewaysScroll(page);
    await screenshot(page, 'questions-write-360');
    expect(errors).toEqual([]);
    await context.close();
    // A whole journey, with six axe checks and a dozen screenshots: a minute or more on a busy machine.
  }, 180_000);

  it('at 1280 px: the picker, and "Your life so far" on the write screen and the profile, fit and pass axe', async () => {
    const who = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'desktop');
    await signInQuickly(context, server.baseUrl, who);
    // The phone journey's end, through the API: the story with its Work chapter, published, the question answered.
    const chosen = text('work-001');
    await publishStoryQuickly(
      context,
      server.baseUrl,
      'Where I come from',
      `<p>A few words to begin.</p><h2>${chosen}</h2><p>I swept the floor of a bakery at fourteen.</p>`,
    );
    const res = await context.request.post(`${server.baseUrl}/trpc/questions.answer`, {
      data: { id: 'work-001' },
      headers: { origin: server.baseUrl },
    });
    expect(res.status(), await res.text()).toBe(200);

    // The write screen with the picker open.
    await page.goto('/story/write');
    await visible(storyText(page));
    await page.getByRole('button', { name: 'Need an idea? Answer a question' }).click();
    await visible(page.getByRole('heading', { name: 'Questions to start from' }));
    await hasCount(choices(page), 3);
    expect(await shownTexts(page)).not.toContain(chosen);
    await pickerFits(page);
    await shots(page, 'questions-picker');
    await expectNoAxeViolations(page, 'write screen with the question picker', { dark: true });

    // "Your life so far", opened under it.
    await page.getByRole('button', { name: 'Your life so far' }).click();
    await visible(page.getByRole('heading', { name: 'Your life so far' }));
    await expect.poll(() => lifeRow(page, 'Work')).toEqual(['1', '9']);
    await lifeFits(page);
    await shots(page, 'questions-life-so-far-write');
    await expectNoAxeViolations(page, 'write screen with your life so far', { dark: true });

    // The profile.
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Your life so far' }));
    await expect.poll(() => lifeRow(page, 'Work')).toEqual(['1', '9']);
    await noSidewaysScroll(page);
    await shots(page, 'questions-life-so-far-profile');
    await expectNoAxeViolations(page, 'profile with your life so far', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
