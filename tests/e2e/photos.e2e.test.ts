// Photos in the story (issue #12), end to end in Chromium: added by the toolbar's button, by dropping and by pasting
// image files; described and captioned; kept through save and reload; a refused upload says why; pictures from
// other sites are left out of pasted HTML; readers get the size srcset picks for their screen and open a photo large
// (keyboard, Escape, Back). Every screen passes axe in both themes, at desktop and phone width.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasCount,
  hasText,
  hidden,
  openPage,
  pasteHtml,
  registerPerson,
  SCREENSHOTS,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
  type ViewportName,
  pressSaveStory,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const PHOTO_SRC = /^\/media\/[a-f0-9]{32}\.(jpg|png)$/;

/** A landscape scene, so that screenshots show a photo rather than a flat colour. */
function scene(width: number, height: number, sky: string, land: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f6e6de"/></linearGradient></defs>
    <rect width="400" height="300" fill="url(#s)"/><circle cx="300" cy="90" r="34" fill="#fbe6c2"/>
    <path d="M0 210 Q 100 170 200 205 T 400 195 V300 H0Z" fill="${land}"/>
    <path d="M60 230 h70 l-12 18 h-46z" fill="#3f2a24"/><path d="M95 230 v-40 l25 36z" fill="#fbf8f3"/></svg>`);
}

const harbourJpeg = () =>
  sharp(scene(2000, 1500, '#8fb3d9', '#4f6b5a'))
    .jpeg({ quality: 80 })
    .toBuffer();
const boatsPng = () =>
  sharp(scene(1200, 900, '#f4c98b', '#7a4a3a'))
    .png()
    .toBuffer();
const gardenJpeg = () =>
  sharp(scene(1000, 750, '#b7d3a8', '#5d6e3e'))
    .jpeg({ quality: 80 })
    .toBuffer();

async function signedInPage(viewport: ViewportName = 'desktop', who?: Person) {
  const p = who ?? (await registerPerson(server.baseUrl));
  const opened = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(opened.context, server.baseUrl, p);
  await opened.page.goto('/help');
  await expect.poll(() => opened.page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
  return { ...opened, person: p };
}

async function storyApi(context: BrowserContext, username: string) {
  const res = await context.request.post(`${server.baseUrl}/api/stories/story`, {
    data: { username },
    headers: { origin: server.baseUrl },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { title: string; text: string | null; page_count: number };
}

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
const photosInEditor = (page: Page) => storyText(page).locator('figure.editor-photo');

async function openWriter(page: Page): Promise<void> {
  await page.goto('/story/write');
  await visible(storyText(page));
  await hasAttribute(tool(page, 'Bold'), 'aria-pressed', 'false');
}

/** A File made in the page (bytes from here), handed over in a DataTransfer by a synthetic drop or paste. */
async function dispatchFiles(page: Page, how: 'drop' | 'paste', file: { name: string; type: string; bytes: Buffer }, onText?: string) {
  await storyText(page).evaluate(
    (el, { how, name, type, bytes, at }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      if (how === 'paste') {
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
        return;
      }
      // Just inside the end of the target's last line: the photo goes below that paragraph.
      const target = [...el.querySelectorAll(':scope > p')].find((p) => p.textContent === at) ?? el.lastElementChild ?? el;
      const box = target.getBoundingClientRect();
      const point = { clientX: box.right - 4, clientY: box.bottom - 6 };
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true, ...point }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, ...point }));
    },
    { how, name: file.name, type: file.type, bytes: [...file.bytes], at: onText },
  );
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('photos while writing', () => {
  it('adds photos by the button, by drop and by paste, with descriptions and captions that survive save and reload', async () => {
    const { context, page, errors, person } = await signedInPage();
    await openWriter(page);
    await page.getByLabel('Title').fill('Harbour Days');
    await storyText(page).click();
    await page.keyboard.type('The summer we spent at the harbour.');

    // The button: two files at once from the picker; the description dialog asks about both.
    const chooser = page.waitForEvent('filechooser');
    await tool(page, 'Add photo').click();
    await (await chooser).setFiles([
      { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await harbourJpeg() },
      { name: 'boats.png', mimeType: 'image/png', buffer: await boatsPng() },
    ]);
    await visible(dialog(page));
    await hasText(dialog(page).getByRole('heading'), 'Describe your 2 photos');
    const first = dialog(page).getByLabel('What does photo 1 show? (harbour.jpg)');
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await first.fill('The harbour at dawn, fishing boats tied up');
    await screenshot(page, 'photos-describe-dialog');
    await expectNoAxeViolations(page, 'write story, photo description dialog', { dark: true });
    await dialog(page).getByRole('button', { name: 'Save descriptions' }).click();
    await hidden(dialog(page));
    await hasCount(photosInEditor(page), 2);
    await hasAttribute(photosInEditor(page).first().locator('img'), 'alt', 'The harbour at dawn, fishing boats tied up');
    await hasAttribute(photosInEditor(page).nth(1).locator('img'), 'alt', '');
    // The second has no description: a gentle reminder with a button to write one.
    await hasText(
      photosInEditor(page).nth(1).locator('.editor-photo-note span'),
      'No description yet for people who cannot see this photo.',
    );

    // A caption, typed in place under the first photo.
    await photosInEditor(page).first().locator('figcaption').click();
    await page.keyboard.type('Porto, summer 1962');
    // Enter leaves the caption for a new paragraph below the photo.
    await page.keyboard.press('Enter');
    await page.keyboard.type('We woke before the fishermen.');

    // A drop onto the text: the dialog can be skipped with Escape.
    await dispatchFiles(
      page,
      'drop',
      { name: 'garden.jpg', type: 'image/jpeg', bytes: await gardenJpeg() },
      'We woke before the fishermen.',
    );
    await visible(dialog(page));
    await hasText(dialog(page).getByRole('heading'), 'Describe your photo');
    await page.keyboard.press('Escape');
    await hidden(dialog(page));
    await hasCount(photosInEditor(page), 3);

    // A paste (a screenshot on the clipboard), described at once.
    await storyText(page).locator('p').last().click();
    await page.keyboard.press('End');
    await dispatchFiles(page, 'paste', { name: 'image.png', type: 'image/png', bytes: await boatsPng() });
    await visible(dialog(page));
    await dialog(page).getByLabel('What does the photo show?').fill('The boat shed, painted blue');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await hidden(dialog(page));
    await hasCount(photosInEditor(page), 4);

    // In order: harbour, garden (dropped below "We woke…"), boats, the pasted one.
    await hasAttribute(photosInEditor(page).nth(1).locator('img'), 'width', '1000');
    await hasAttribute(photosInEditor(page).nth(2).locator('img'), 'width', '1200');
    // Described later: select the boats, then "Describe photo" in the toolbar.
    await photosInEditor(page).nth(2).locator('img').click();
    await visible(tool(page, 'Describe photo'));
    await tool(page, 'Describe photo').click();
    await hasText(dialog(page).getByRole('heading'), 'Describe this photo');
    await dialog(page).getByLabel('What does the photo show?').fill('Two boats on the sand');
    await dialog(page).getByRole('button', { name: 'Save description' }).click();
    await hidden(dialog(page));
    await hasText(photosInEditor(page).nth(2).locator('.editor-photo-note span'), 'Description: Two boats on the sand');
    // Focus is back in the text.
    await expect.poll(() => storyText(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await hasText(page.locator('.draft-status-text'), 'All changes saved');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'photos-write');
    await expectNoAxeViolations(page, 'write story with photos', { dark: true });

    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    const stored = (await storyApi(context, person.username)).text ?? '';
    const figures = [
      ...stored.matchAll(
        /<figure><img src="([^"]+)" alt="([^"]*)" width="(\d+)" height="(\d+)">(?:<figcaption>(.*?)<\/figcaption>)?<\/figure>/g,
      ),
    ];
    expect(figures.map((f) => [f[2], f[3], f[4], f[5]])).toEqual([
      ['The harbour at dawn, fishing boats tied up', '2000', '1500', 'Porto, summer 1962'],
      ['', '1000', '750', undefined],
      ['Two boats on the sand', '1200', '900', undefined],
      ['The boat shed, painted blue', '1200', '900', undefined],
    ]);
    for (const f of figures) expect(f[1]).toMatch(PHOTO_SRC);
    expect(stored).toMatch(/<\/figure><p>We woke before the fishermen\.<\/p><figure>/);

    // The profile says how much of the photo space is used.
    await page.goto('/profile');
    await hasText(page.locator('.profile-detail', { hasText: 'Photo space' }).locator('dd'), /^\d+ (KB|MB) of 1 GB used · 4 photos$/);
    await screenshot(page, 'photos-profile-usage');

    // Reopened: the editor holds the photos, their descriptions and the caption.
    await openWriter(page);
    await hasCount(photosInEditor(page), 4);
    await hasAttribute(photosInEditor(page).first().locator('img'), 'alt', 'The harbour at dawn, fishing boats tied up');
    await hasText(photosInEditor(page).first().locator('figcaption'), 'Porto, summer 1962');
    await hasText(
      photosInEditor(page).nth(1).locator('.editor-photo-note span'),
      'No description yet for people who cannot see this photo.',
    );
    await hasAttribute(photosInEditor(page).nth(2).locator('img'), 'alt', 'Two boats on the sand');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows why an upload was refused, with Retry and Remove, and keeps typing possible', async () => {
    const { context, page, errors } = await signedInPage('phone');
    await openWriter(page);
    await storyText(page).click();
    await page.keyboard.type('A letter from my aunt.');
    const chooser = page.waitForEvent('filechooser');
    await tool(page, 'Add photo').click();
    await (await chooser).setFiles([
      { name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are not the bytes of a photo') },
    ]);
    await dialog(page).getByRole('button', { name: 'Skip for now' }).click();
    const failed = storyText(page).locator('.photo-upload.failed');
    await visible(failed);
    // The server's own sentence, after "Not added:".
    await hasText(failed.locator('.photo-upload-status'), /^Not added: \S.+/);
    await visible(failed.getByRole('button', { name: 'Retry not-a-photo.jpg' }));
    await visible(failed.getByRole('button', { name: 'Remove not-a-photo.jpg' }));
    // Typing goes on around it.
    await storyText(page).locator('p').first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' She wrote every week.');
    await hasText(storyText(page).locator('p').first(), 'A letter from my aunt. She wrote every week.');
    // Publishing waits for it.
    await page.getByLabel('Title').fill('Letters');
    await page.getByRole('button', { name: 'Save Story' }).click();
    await hasText(page.getByRole('alert').filter({ hasText: 'Some photos are not in your story yet' }), /press Remove/);
    // In view, clear of the sticky navigation bar (which axe would count as covering its buttons).
    await failed.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'photos-upload-refused');
    await expectNoAxeViolations(page, 'write story, a refused photo upload', { dark: true });
    await failed.getByRole('button', { name: 'Remove not-a-photo.jpg' }).click();
    await hasCount(storyText(page).locator('.photo-upload'), 0);
    await hidden(page.getByText('Some photos are not in your story yet'));

    // A real photo at phone width: the dialog and the photo with its reminder pass axe too.
    await storyText(page).locator('p').first().click();
    await page.keyboard.press('End');
    await dispatchFiles(page, 'paste', { name: 'garden.jpg', type: 'image/jpeg', bytes: await gardenJpeg() });
    await visible(dialog(page));
    await expectNoAxeViolations(page, 'photo description dialog on a phone', { dark: true });
    await page.keyboard.press('Escape');
    await hasCount(photosInEditor(page), 1);
    await photosInEditor(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'photos-write');
    await expectNoAxeViolations(page, 'write story with a photo on a phone', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves a picture from another site out of pasted HTML, and says so', async () => {
    const { context, page, errors, person } = await signedInPage();
    await openWriter(page);
    await page.getByLabel('Title').fill('Found online');
    await storyText(page).click();
    await pasteHtml(
      page,
      '<p>A postcard I found <img src="https://images.example.org/postcard.jpg" alt="postcard"> online.</p><figure><img src="https://tracker.example.net/p.gif" alt=""><figcaption>Greetings from Porto</figcaption></figure>',
    );
    await hasText(page.locator('.editor-notice'), /2 pictures from other websites were left out/);
    await hasCount(storyText(page).locator('img'), 0);
    await hasText(storyText(page).locator('p').first(), 'A postcard I found online.');
    await pressSaveStory(page, { first: true });
    await page.waitForURL(`**/story/${person.username}/page/1`);
    const stored = (await storyApi(context, person.username)).text ?? '';
    expect(stored).not.toMatch(/example\.(org|net)|<img/);
    expect(stored).toContain('Greetings from Porto');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('photos for readers', () => {
  let author: Person;

  /** One story with a large photo first on page 1 (no lazy loading) and a small one, published through the editor. */
  async function publishPhotoStory(): Promise<void> {
    const { context, page } = await signedInPage();
    await openWriter(page);
    await page.getByLabel('Title').fill('By the Sea');
    await storyText(page).click();
    await page.keyboard.type('We lived by the sea.');
    const chooser = page.waitForEvent('filechooser');
    await tool(page, 'Add photo').click();
    await (await chooser).setFiles([{ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await harbourJpeg() }]);
    await dialog(page).getByLabel('What does the photo show?').fill('The harbour at dawn');
    await dialog(page).getByRole('button', { name: 'Save description' }).click();
    await hasCount(photosInEditor(page), 1);
    await photosInEditor(page).locator('figcaption').click();
    await page.keyboard.type('Porto, 1962');
    await pressSaveStory(page, { first: true });
    await page.waitForURL(/\/story\/[^/]+\/page\/1$/);
    const username = new URL(page.url()).pathname.split('/')[2]!;
    author = { username } as Person;
    await context.close();
  }

  async function readerAt(viewport: ViewportName) {
    const opened = await openPage(browser, server.baseUrl, viewport);
    await opened.page.goto(`/story/${author.username}/page/1`);
    const img = opened.page.locator('.story-text figure img');
    await visible(img);
    // The page is read before the app arrives (after the first paint: ADR 0025); photos open once it has made
    // them buttons.
    await hasAttribute(img, 'role', 'button');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : '')), { timeout: 10_000 })
      .not.toBe('');
    return { ...opened, img };
  }

  it('serves each screen the size srcset picks: 480 px wide on a phone, 960 px on a desktop', async () => {
    await publishPhotoStory();
    const phone = await readerAt('phone');
    expect(new URL(await phone.img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toMatch(
      /^\/media\/[a-f0-9]{32}-480\.webp$/,
    );
    await hasAttribute(phone.img, 'width', '2000');
    await hasAttribute(phone.img, 'height', '1500');
    // The figure fits the column: no sideways scrolling, the height follows the width.
    const box = await phone.img.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.width).toBeLessThanOrEqual(390);
    expect(Math.abs(box.height - (box.width * 1500) / 2000)).toBeLessThan(1.5);
    await screenshot(phone.page, 'photos-reader');
    await expectNoAxeViolations(phone.page, 'story page with a photo', { dark: true });
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    const desktop = await readerAt('desktop');
    expect(new URL(await desktop.img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toMatch(
      /^\/media\/[a-f0-9]{32}-960\.webp$/,
    );
    // The server's sizes="(max-width: 44rem) 100vw, 42rem" names this column: 42rem is within 5% of its width.
    const column = await desktop.page.locator('.story-text').evaluate((el) => el.getBoundingClientRect().width);
    console.log(`story column at 1280 px: ${column.toFixed(1)} px (42rem = 672 px)`);
    expect(Math.abs(column - 672) / 672).toBeLessThan(0.05);
    await screenshot(desktop.page, 'photos-reader');
    await expectNoAxeViolations(desktop.page, 'story page with a photo', { dark: true });
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });

  it('opens a photo large by keyboard and by click; Escape, Close and Back close it', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page, errors, img } = await readerAt(viewport);
      const start = page.url();
      const lightbox = page.getByRole('dialog', { name: 'Photo: The harbour at dawn' });

      // Keyboard: Enter opens, focus is on Close, Escape closes and focus is back on the photo.
      await img.focus();
      await page.keyboard.press('Enter');
      await visible(lightbox);
      await hasAttribute(lightbox.locator('img'), 'src', (await img.getAttribute('data-full'))!);
      expect(await lightbox.locator('img').getAttribute('src')).toMatch(PHOTO_SRC);
      await hasText(lightbox.locator('figcaption'), 'Porto, 1962');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
      const close = await lightbox.getByRole('button', { name: 'Close' }).boundingBox();
      expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(44);
      await expect.poll(() => lightbox.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      // The dialog covers the viewport: a full-page shot would show it cut, so this one is the screen as seen.
      await page.screenshot({ path: path.join(SCREENSHOTS, `photos-lightbox-${viewport}.png`) });
      await expectNoAxeViolations(page, 'a story photo opened large', { dark: true });
      await page.keyboard.press('Escape');
      await hidden(lightbox);
      await expect.poll(() => img.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(page.url()).toBe(start);

      // Space opens it; Back closes it and stays on the story page.
      await page.keyboard.press('Space');
      await visible(lightbox);
      await page.goBack();
      await hidden(lightbox);
      expect(page.url()).toBe(start);
      await visible(img);

      // A click opens it; the Close button closes it.
      await img.click();
      await visible(lightbox);
      await lightbox.getByRole('button', { name: 'Close' }).click();
      await hidden(lightbox);
      expect(page.url()).toBe(start);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
