// "Import my data" in Chromium (docs/decisions/0035-moving-a-story-between-sites.md): a story with photos, two
// versions is exported from one server, and a person on another server brings it in from her profile on
// a phone: she sees what will come in, brings it in and reads it, photos and all. axe light and dark; screenshots.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasText,
  launchBrowser,
  openPage,
  registerPerson,
  screenshot,
  signInQuickly,
  startServer,
  visible,
  type E2eServer,
  type ViewportName,
} from './support/e2e';

let from: E2eServer;
let to: E2eServer;
let browser: Browser;
let exported: Buffer;

beforeAll(async () => {
  [from, to] = [await startServer(), await startServer()];
  browser = await launchBrowser();
  // The old site: a story of two versions with a photo in each chapter, and a draft.
  const writer = await registerPerson(from.baseUrl, { first_name: 'Maud', last_name: 'Moving' });
  const { context } = await openPage(browser, from.baseUrl);
  context.setDefaultTimeout(60_000); // the machine is shared: setting up through the API may wait its turn
  await signInQuickly(context, from.baseUrl, writer);
  const photo = async (background: string) => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const res = await context.request.post(`${from.baseUrl}/uploads/photo`, {
      multipart: { file: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
      headers: { origin: from.baseUrl },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { name: string }).name;
  };
  const [sea, city] = [await photo('#4a7fa6'), await photo('#a67f4a')];
  const figure = (name: string, caption: string) =>
    `<figure><img src="/media/${name}" alt="${caption}"><figcaption>${caption}</figcaption></figure>`;
  const save = async (title: string, text: string) => {
    const res = await context.request.post(`${from.baseUrl}/api/stories/save`, {
      data: { title, text },
      headers: { origin: from.baseUrl },
    });
    expect(res.ok()).toBe(true);
  };
  await save('By the sea', `<p>We lived by the sea when I was small.</p>${figure(sea, 'Our house by the sea')}`);
  await save(
    'A life by the sea',
    `<h2>The sea</h2><p>We lived by the sea when I was small.</p>${figure(sea, 'Our house by the sea')}<h2>The city</h2><p>Then we moved to the city.</p>${figure(city, 'The flat in town')}`,
  );
  const res = await context.request.get(`${from.baseUrl}/account/my-data.zip`);
  expect(res.status()).toBe(200);
  exported = Buffer.from(await res.body());
  await context.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await from?.close();
  await to?.close();
});

async function nothingOffScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function targetsAreBig(page: Page) {
  for (const el of await page.locator('.import-data .button').all()) {
    const box = await el.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
}

async function importOn(viewport: ViewportName) {
  const mover = await registerPerson(to.baseUrl, { first_name: 'Maud', last_name: 'Moved' });
  const { context, page, errors } = await openPage(browser, to.baseUrl, viewport);
  await signInQuickly(context, to.baseUrl, mover);
  await page.goto('/profile');
  await visible(page.getByRole('heading', { name: 'Bring your story from another site' }));
  await page
    .locator('.import-data input[type="file"]')
    .setInputFiles({ name: 'life-story-data.zip', mimeType: 'application/zip', buffer: exported });
  await page.getByRole('button', { name: 'Bring my story in' }).waitFor({ timeout: 60_000 });
  await hasText(page.locator('.import-summary'), /A life by the sea/);
  await hasText(page.locator('.import-summary'), /2 photos/);
  await hasText(page.locator('.import-summary'), /2 versions/);
  await page.locator('.import-data').scrollIntoViewIfNeeded();
  await nothingOffScreen(page);
  await targetsAreBig(page);
  await expectNoAxeViolations(page, `import my data: what comes in (${viewport})`, { dark: true });
  await screenshot(page, 'move-import-confirm');

  await page.getByRole('button', { name: 'Bring my story in' }).click();
  await page.getByText('Your story is here.').waitFor({ timeout: 60_000 });
  await nothingOffScreen(page);
  await targetsAreBig(page);
  await expectNoAxeViolations(page, `import my data: done (${viewport})`, { dark: true });
  await screenshot(page, 'move-import-done');

  await page.getByRole('link', { name: 'Read your story now' }).click();
  await visible(page.getByText('We lived by the sea when I was small.'));
  const img = page.locator('img[alt="Our house by the sea"]').first();
  await visible(img);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await nothingOffScreen(page);
  await screenshot(page, 'move-imported-story');
  expect(errors).toEqual([]);
  await context.close();
}

describe('moving a story to another site', () => {
  it('on a phone: choose the zip, see what comes in, bring it in, read it', async () => {
    await importOn('phone');
  }, 120_000);

  it('on a desktop too', async () => {
    await importOn('desktop');
  }, 120_000);

  it('a file that is no export gets one sentence on the profile', async () => {
    const mover = await registerPerson(to.baseUrl);
    const { context, page } = await openPage(browser, to.baseUrl, 'phone');
    await signInQuickly(context, to.baseUrl, mover);
    await page.goto('/profile');
    await page
      .locator('.import-data input[type="file"]')
      .setInputFiles({ name: 'holiday.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
    await page.locator('.import-data [role="alert"]').waitFor({ timeout: 60_000 });
    await hasText(page.locator('.import-data [role="alert"]'), /not a data export from Life Story/);
    await nothingOffScreen(page);
    await expectNoAxeViolations(page, 'import my data: refused (phone)', { dark: true });
    await screenshot(page, 'move-import-refused');
    await context.close();
  }, 60_000);
});
