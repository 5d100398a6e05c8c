// "Developer access" in the profile (docs/decisions/0039-personal-access-tokens.md), in Chromium at phone width first,
// then desktop: a token made in the browser, shown once, then used from outside the browser with
// `Authorization: Bearer` to read the person's draft and like a story, and revoked (the next call is a 401). axe-core
// passes in light and dark at each step; nothing is wider than the phone; every button is at least 44 px high.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasText,
  hidden,
  openPage,
  publishStoryQuickly,
  registerPerson,
  SCREENSHOTS,
  signInQuickly,
  storyHtml,
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

/** A call from a script: no cookie, no browser, the token in the header. */
function withToken(token: string, path: string, body?: unknown) {
  return fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** test-output/screenshots/<name>-<viewport>.png: the section alone, to look at. */
async function screenshot(page: Page, name: string) {
  const viewport = page.viewportSize()!.width <= 390 ? 'phone' : 'desktop';
  // The sticky bar stays out of the picture: it would cover the top of the section when scrolled.
  await page
    .locator('.developer-access')
    .screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport}.png`), style: 'header { visibility: hidden !important; }' });
}

/** Nothing off-screen, and every button of the section a big enough target. */
async function fitsAndBigTargets(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const button of await page.locator('.developer-access button, .developer-access select, .developer-access .token-check').all()) {
    const box = await button.boundingBox();
    expect(box!.height, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
}

async function signedInWithDraft(viewport: ViewportName) {
  const writer = await registerPerson(server.baseUrl);
  const writerPage = await openPage(browser, server.baseUrl);
  await signInQuickly(writerPage.context, server.baseUrl, writer);
  await publishStoryQuickly(writerPage.context, server.baseUrl, 'The orchard', storyHtml(1));
  await writerPage.context.close();

  const p = await registerPerson(server.baseUrl);
  const opened = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(opened.context, server.baseUrl, p);
  const draft = await opened.context.request.post(`${server.baseUrl}/trpc/drafts.autosave`, {
    data: { title: 'My life', text: '<p>DRAFT-ONLY-WORDS about the farm.</p>', base_version: 0, draft_version: 0 },
    headers: { origin: server.baseUrl },
  });
  expect(draft.ok()).toBe(true);
  return { p, writer, ...opened };
}

async function makeToken(page: Page, name: string): Promise<string> {
  const section = page.locator('.developer-access');
  await section.getByRole('button', { name: 'Make a token' }).click();
  await section.getByLabel('Name').fill(name);
  // Read is ticked to begin with; add the social side.
  await section.getByLabel('Like, save, comment on and follow stories').check();
  await section.getByLabel('When it ends').selectOption('30');
  return name;
}

describe('developer access', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: makes a token, shows it once, a script reads the draft and likes a story with it, then it is revoked`, async () => {
      const { writer, context, page, errors } = await signedInWithDraft(viewport);
      await page.goto('/profile');
      const section = page.locator('.developer-access');
      await hasText(section.getByRole('heading', { level: 2 }), 'Developer access');
      await hasText(section.locator('.developer-access-intro'), /Most people never need this\./);
      await hasText(section.locator('.empty-state'), 'You have no tokens.');
      await section.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, 'developer access, no tokens', { dark: true });
      await fitsAndBigTargets(page);

      await makeToken(page, 'Backup script');
      await expectNoAxeViolations(page, 'developer access, the form', { dark: true });
      await fitsAndBigTargets(page);
      await screenshot(page, 'developer-access-form');
      await section.getByRole('button', { name: 'Make token' }).click();

      const field = section.getByRole('textbox', { name: 'Token', exact: true });
      await visible(field);
      const token = await field.inputValue();
      expect(token).toMatch(/^lst_[A-Za-z0-9_-]{43}$/);
      expect(await field.getAttribute('readonly')).not.toBeNull();
      await hasText(section.locator('.new-token'), /It will not be shown again\./);
      await expectNoAxeViolations(page, 'developer access, the new token', { dark: true });
      await fitsAndBigTargets(page);
      await screenshot(page, 'developer-access-new-token');

      // From outside the browser: the person's own draft, and a like.
      const draft = await withToken(token, '/trpc/drafts.get');
      expect(draft.status).toBe(200);
      expect(await draft.text()).toContain('DRAFT-ONLY-WORDS');
      const like = await withToken(token, '/trpc/social.like', { story_username: writer.username, on: true });
      expect(like.status).toBe(200);
      expect(((await like.json()) as { result: { data: { on: boolean } } }).result.data.on).toBe(true);
      // Not allowed to write the story: a 403 that says which permission it needs.
      const publish = await withToken(token, '/api/stories/save', { title: 'x', text: '<p>x</p>' });
      expect(publish.status).toBe(403);

      await section.getByRole('button', { name: 'I have copied it' }).click();
      await hidden(section.getByRole('textbox', { name: 'Token', exact: true }));
      // Shown once: after a reload only its first characters are there, with its last use.
      await page.reload();
      const item = section.locator('.token-item', { hasText: 'Backup script' });
      await hasText(item, /Last used/);
      await hasText(item, new RegExp(`Starts with lst_${token.slice(4, 12).replace(/[-]/g, '\\-')}`));
      expect(await page.content()).not.toContain(token);
      await hasText(item.locator('.token-scopes'), /Read\s*Likes, saves, comments, follows/);
      await item.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, 'developer access, one token', { dark: true });
      await fitsAndBigTargets(page);
      await screenshot(page, 'developer-access-list');

      await item.getByRole('button', { name: 'Revoke Backup script' }).click();
      await hasText(item.locator('.token-confirm p'), 'Revoke “Backup script”? Programs using it stop working at once.');
      await expectNoAxeViolations(page, 'developer access, revoke asked', { dark: true });
      await fitsAndBigTargets(page);
      await screenshot(page, 'developer-access-revoke');
      await item.getByRole('button', { name: 'Yes, revoke' }).click();
      await hasText(section.getByRole('status').first(), '“Backup script” is revoked. Programs using it can no longer get in.');
      await hasText(section.locator('.empty-state'), 'You have no tokens.');

      const after = await withToken(token, '/trpc/drafts.get');
      expect(after.status).toBe(401);
      expect(((await after.json()) as { error: { message: string } }).error.message).toMatch(/not valid/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
