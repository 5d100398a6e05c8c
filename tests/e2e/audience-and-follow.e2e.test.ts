// Who can read a story, and following it (issue #24), in Chromium at phone and desktop width: the write screen's
// audience control next to Save Story, the author's "Published: visible to ..." line and its way back to the
// control, and a reader following a story (signed in) or asking for emails (no account).
import type { Browser, Locator, Page } from 'playwright-core';
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
  storyHtml,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
  type ViewportName,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
/** A public story that readers follow. */
let followed: Person;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

beforeAll(async () => {
  followed = await registerPerson(server.baseUrl, { first_name: 'Edith', last_name: 'Marsh' });
  const ctx = await browser.newContext();
  await signInQuickly(ctx, server.baseUrl, followed);
  await publishStoryQuickly(
    ctx,
    server.baseUrl,
    'The Orchard Years',
    '<h2>Apples</h2><p>We picked apples every September, my sisters and I, and sold them at the gate for a penny each.</p>' +
      storyHtml(2, 60),
  );
  await ctx.close();
  await server.deps.projector.drain();
});

const VIEWPORTS: ViewportName[] = ['phone', 'desktop'];

const audience = (page: Page) => page.getByRole('group', { name: 'Who can read your story' });
const radio = (page: Page, name: string) => audience(page).getByRole('radio', { name, exact: true });

async function isChecked(locator: Locator, expected: boolean): Promise<void> {
  await expect.poll(() => locator.isChecked(), { timeout: 10_000, interval: 50 }).toBe(expected);
}

/** The story's audience as its author's tRPC read has it. */
async function audienceOf(page: Page, username: string): Promise<string | undefined> {
  const input = encodeURIComponent(JSON.stringify({ username }));
  const res = await page.context().request.get(`/trpc/stories.get?input=${input}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { data: { audience?: string } } }).result.data.audience;
}

describe('choosing who can read a story', () => {
  for (const viewport of VIEWPORTS) {
    it(`publishes for invited people only, says so on the story, and changes to Everyone from there (${viewport})`, async () => {
      const writer = await registerPerson(server.baseUrl, { first_name: 'Rosa', last_name: 'Lindqvist' });
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await signInQuickly(context, server.baseUrl, writer);

      await page.goto('/story/write');
      const text = page.getByRole('textbox', { name: 'Story' });
      await visible(text);
      await page.getByLabel('Title').fill('Letters from the Lighthouse');
      await text.click();
      await page.keyboard.type('My father kept the light at Skagen for thirty years, and I grew up on its stairs.');

      // Four plain choices, Everyone until the writer picks another; each with a one-line hint.
      await visible(audience(page));
      await isChecked(radio(page, 'Everyone'), true);
      for (const name of ['People with the link', 'Only people I invite', 'Only me']) await isChecked(radio(page, name), false);
      await hasText(page.locator('#audience .audience-hint', { hasText: 'invite' }), 'Only the family and friends you invite by email.');
      await radio(page, 'Only people I invite').check();
      await isChecked(radio(page, 'Only people I invite'), true);

      // At the end of the form the choice and Save Story are on the screen together, clear of the sticky bar.
      const save = page.getByRole('button', { name: 'Save Story' });
      await save.scrollIntoViewIfNeeded();
      const height = page.viewportSize()!.height;
      const saveBox = (await save.boundingBox())!;
      const choiceBox = (await audience(page).boundingBox())!;
      const navBottom = await page.locator('.nav-bar').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(height);
      expect(choiceBox.y).toBeGreaterThanOrEqual(navBottom);
      // Big targets: each choice is at least 44 px high.
      for (const label of await page.locator('#audience .audience-choice').all())
        expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await page.screenshot({ path: `test-output/screenshots/audience-write-end-${viewport}.png` });
      await screenshot(page, 'audience-write');
      await expectNoAxeViolations(page, 'write screen with the audience control', { dark: true });

      await save.click();
      // The first publish shows page 1 first, and says who will read it.
      const preview = page.getByRole('dialog', { name: 'Page 1 as your readers will see it' });
      await hasText(preview.locator('.publish-preview-who'), 'Only the family and friends you invite will be able to read it.');
      await preview.getByRole('button', { name: 'Publish my story' }).click();
      await page.waitForURL(`**/story/${writer.username}/page/1`);
      await hasText(page.locator('.story-audience > span').first(), 'Published: visible only to people you invite.');
      expect(await audienceOf(page, writer.username)).toBe('circle');
      await hasAttribute(page.getByRole('link', { name: 'Your readers' }), 'href', '/readers');
      await screenshot(page, 'audience-story-author');
      await expectNoAxeViolations(page, 'story page as its author, with who can read it', { dark: true });
      // Nothing to follow on one's own story.
      expect(await page.getByRole('button', { name: 'Follow this story' }).count()).toBe(0);

      // "Change who can read" opens the write screen at the choice, focused, with the story's audience on.
      await page.getByRole('link', { name: 'Change who can read' }).click();
      await page.waitForURL('**/story/write#audience');
      await isChecked(radio(page, 'Only people I invite'), true);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 10_000 }).toBe('audience');
      const box = (await audience(page).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(page.viewportSize()!.height);

      // A published story's choice applies at once, and says so.
      await radio(page, 'Everyone').check();
      await hasText(page.locator('#audience').getByRole('status'), 'Now everyone can read your story.');
      await expect.poll(() => audienceOf(page, writer.username), { timeout: 10_000 }).toBe('everyone');
      await screenshot(page, 'audience-write-changed');

      await page.goto(`/story/${writer.username}/page/1`);
      await hasText(page.locator('.story-audience > span').first(), 'Published: visible to everyone.');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('following a story', () => {
  for (const viewport of VIEWPORTS) {
    it(`a signed-in reader follows and stops following (${viewport})`, async () => {
      const reader = await registerPerson(server.baseUrl, { first_name: 'Tom', last_name: 'Reyes' });
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await signInQuickly(context, server.baseUrl, reader);
      await page.goto(`/story/${followed.username}/page/1`);

      const follow = page.getByRole('button', { name: 'Follow this story' });
      await visible(follow);
      await hasAttribute(follow, 'disabled', null);
      expect(await page.locator('.story-audience').count()).toBe(0);
      await follow.scrollIntoViewIfNeeded();
      await screenshot(page, 'follow-reader');
      await expectNoAxeViolations(page, 'story page as a reader, with the follow button', { dark: true });

      await follow.click();
      await hasText(
        page.locator('.story-follow-text').first(),
        'You are following this story. We email you when it grows, at most once a day.',
      );
      await visible(page.getByRole('button', { name: 'Stop following' }));
      await screenshot(page, 'follow-following');
      await expectNoAxeViolations(page, 'story page as a reader who follows it', { dark: true });

      // Still following after a reload (the server has it), then stop.
      await page.reload();
      await page.getByRole('button', { name: 'Stop following' }).click();
      await visible(page.getByRole('button', { name: 'Follow this story' }));
      await page.reload();
      await visible(page.getByRole('button', { name: 'Follow this story' }));
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`a reader without an account asks for emails with their address (${viewport})`, async () => {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await page.goto(`/story/${followed.username}/page/1`);
      const field = page.getByLabel('Your email address');
      await visible(field);
      expect(await page.getByRole('button', { name: 'Follow this story' }).count()).toBe(0);
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, 'follow-email');
      await expectNoAxeViolations(page, 'story page as a visitor, with the email form', { dark: true });

      await field.fill('grandma@');
      await page.getByRole('button', { name: 'Email me when it grows' }).click();
      await hasText(page.locator('.story-follow').getByRole('alert'), 'Please enter a valid email address.');
      await hasAttribute(field, 'aria-invalid', 'true');
      await screenshot(page, 'follow-email-error');
      await expectNoAxeViolations(page, 'the email form with a bad address', { dark: true });

      await field.fill(`grandchild-${viewport}@example.org`);
      await page.getByRole('button', { name: 'Email me when it grows' }).click();
      await hasText(page.locator('.story-follow').getByRole('status'), 'Check your email: we sent you a link to confirm.');
      await screenshot(page, 'follow-email-sent');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
