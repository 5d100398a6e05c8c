// Profile, edit profile (privacy, email taken, delete account), change password, change picture and
// change banner, in Chromium at desktop and phone widths.
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
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signIn,
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

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A small picture drawn from SVG: a warm gradient with a circle, so previews look like photos. */
function image(format: 'png' | 'jpeg', width = 480, height = 320): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2c48d"/><stop offset="1" stop-color="#7a4a8c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.62}" cy="${height * 0.42}" r="${height * 0.22}" fill="#fff4d6" opacity="0.85"/>
    <path d="M0 ${height * 0.8} Q ${width * 0.3} ${height * 0.6} ${width * 0.6} ${height * 0.78} T ${width} ${height * 0.7} V ${height} H 0 Z" fill="#3d2b4f"/></svg>`;
  const s = sharp(Buffer.from(svg));
  return (format === 'png' ? s.png() : s.jpeg({ quality: 85 })).toBuffer();
}

/** Age in whole years on today's date (UTC, as the browser context runs in UTC). */
function ageOf(dob: string): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const now = new Date();
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** A registered, signed-in person on a page of their own (the client picks the session up on load). */
async function signedInPage(viewport: ViewportName = 'desktop', overrides: Partial<Person> = {}) {
  const p = await registerPerson(server.baseUrl, overrides);
  const opened = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(opened.context, server.baseUrl, p);
  await opened.page.goto('/help');
  await sessionReady(opened.page);
  return { p, ...opened };
}

/** The client has asked the server who we are and stored the session user (protected routes need it). */
async function sessionReady(page: Page) {
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
}

/** The story as a visitor gets it from the REST API. */
async function storyAsVisitor(username: string) {
  const res = await fetch(`${server.baseUrl}/api/stories/story`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ username }),
  });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> | null }).data;
}

async function storyAs(context: BrowserContext, username: string) {
  const res = await context.request.post(`${server.baseUrl}/api/stories/story`, {
    data: { username },
    headers: { origin: server.baseUrl },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> | null }).data;
}

describe('profile', () => {
  it('shows username, names, email, long-form birth date, age, initials and visibility, with its links', async () => {
    const { p, context, page, errors } = await signedInPage('desktop', { first_name: 'Grace', last_name: 'Hopper', dob: '1990-04-12' });
    await page.goto('/profile');
    await hasText(page.getByRole('heading', { level: 1 }), 'Grace Hopper');
    const detail = (term: string) => page.locator('.profile-detail', { has: page.locator('dt', { hasText: term }) }).locator('dd');
    await hasText(detail('Username'), p.username);
    await hasText(detail('First name'), 'Grace');
    await hasText(detail('Last name'), 'Hopper');
    await hasText(detail('Email'), p.email);
    await hasText(detail('Date of birth'), 'April 12, 1990');
    await hasText(detail('Age'), `${ageOf('1990-04-12')} years`);
    await hasText(detail('Visibility'), /^Public/);
    // No picture yet: the initials stand in, named for screen readers.
    await hasText(page.getByRole('img', { name: `Profile picture of ${p.username}` }), 'GH');
    await hasAttribute(page.getByRole('link', { name: 'Edit profile' }), 'href', '/profile/edit');
    await hasAttribute(page.getByRole('link', { name: 'Read your story' }), 'href', `/story/${p.username}/page/1`);
    await expectNoAxeViolations(page, 'profile without a picture', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the error box in place of the profile when loading fails', async () => {
    const { context, page } = await signedInPage();
    await page.route(
      (url) => url.pathname.includes('accounts.profile'),
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/profile');
    await hasText(page.getByRole('alert'), 'An unexpected error occurred.');
    await hasCount(page.locator('.profile-details'), 0);
    await expectNoAxeViolations(page, 'profile failing to load', { dark: true });
    await context.close();
  });
});

describe('edit profile', () => {
  it('saves names, birth date and privacy, shows them on /profile and hides the names from other readers', async () => {
    const p = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signIn(page, p);
    await publishStoryQuickly(context, server.baseUrl, 'A quiet life', storyHtml(2, 30));
    expect((await storyAsVisitor(p.username))?.first_name).toBe('Ada');

    await page.goto('/profile/edit');
    await hasAttribute(page.getByLabel('Email'), 'value', p.email);
    await hasAttribute(page.getByLabel('Date of birth'), 'value', p.dob);
    expect(await page.getByRole('radio', { name: 'Public' }).isChecked()).toBe(true);
    await hasAttribute(page.getByRole('link', { name: 'Change picture' }), 'href', '/profile/edit/picture');
    await hasAttribute(page.getByRole('link', { name: 'Change password' }), 'href', '/profile/edit/password');
    await expectNoAxeViolations(page, 'edit profile', { dark: true });

    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Shelley');
    await page.getByLabel('Date of birth').fill('1985-08-30');
    await page.getByRole('radio', { name: 'Private' }).check();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.waitForURL('**/profile');
    await hasText(page.getByRole('heading', { level: 1 }), 'Mary Shelley');
    await visible(page.getByText('August 30, 1985'));
    await visible(page.getByText(`${ageOf('1985-08-30')} years`));
    await visible(page.locator('.visibility-badge', { hasText: 'Private' }));
    await expectNoAxeViolations(page, 'a private profile', { dark: true });
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? 'null'));
    expect(stored.user_info).toMatchObject({ first_name: 'Mary', last_name: 'Shelley', is_private: true });

    // Another reader (and a visitor) no longer gets the names, age or picture; the author still does.
    const other = await registerPerson(server.baseUrl);
    const { context: otherContext } = await openPage(browser, server.baseUrl);
    await signInQuickly(otherContext, server.baseUrl, other);
    const seen = await storyAs(otherContext, p.username);
    expect(seen).toMatchObject({ first_name: null, last_name: null, age: null, user_image: null, is_private: true });
    expect(await storyAsVisitor(p.username)).toMatchObject({ first_name: null, last_name: null });
    expect(await storyAs(context, p.username)).toMatchObject({ first_name: 'Mary', last_name: 'Shelley' });
    await otherContext.close();

    // And back to public, with the keyboard: arrow keys move between the two radios.
    await page.goto('/profile/edit');
    await page.getByRole('radio', { name: 'Private' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Public' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.waitForURL('**/profile');
    await visible(page.locator('.visibility-badge', { hasText: 'Public' }));
    expect((await storyAsVisitor(p.username))?.first_name).toBe('Mary');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Email is already taken." and requires an email', async () => {
    const taken = await registerPerson(server.baseUrl);
    const { p, context, page, errors } = await signedInPage();
    await page.goto('/profile/edit');
    const email = page.getByLabel('Email');
    await email.fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await hasText(page.locator('.field-error'), 'Email is required.');
    await expectNoAxeViolations(page, 'edit profile with a field error', { dark: true });
    await email.fill(taken.email);
    // A new address asks for the current password (issue #23 §1).
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await hasText(page.locator('.field-error'), 'Please enter your current password.');
    await expectNoAxeViolations(page, 'edit profile asking for the current password', { dark: true });
    await page.locator('.edit-profile-form').getByLabel('Current password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await hasText(page.getByRole('alert'), 'Email is already taken.');
    await hasAttribute(email, 'aria-invalid', 'true');
    await expectNoAxeViolations(page, 'edit profile with the server message');
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes the account only after the confirmation, then signs out; the old password no longer works', async () => {
    const { p, context, page, errors } = await signedInPage();
    await page.goto('/profile/edit');
    // The current password first (issue #23 §1): without it, or with a wrong one, nothing is deleted.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await hasText(page.locator('.danger-zone .field-error'), 'Please enter your current password.');
    const current = page.getByLabel('Current password', { exact: true });
    await current.fill('not the password');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await hasText(page.locator('.danger-zone .field-error'), 'Your current password is incorrect.');
    await hasAttribute(current, 'aria-invalid', 'true');
    await screenshot(page, 'delete-account-wrong-password');
    await expectNoAxeViolations(page, 'delete account, wrong current password', { dark: true });
    await current.fill(p.password);
    const prompts: string[] = [];
    page.once('dialog', (d) => {
      prompts.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect.poll(() => prompts).toEqual(['Are you sure you want to delete your account?']);
    expect(new URL(page.url()).pathname).toBe('/profile/edit');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav.getByRole('link', { name: 'Login' }));
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();

    await page.goto('/login');
    await page.getByLabel('Email').fill(p.email);
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await hasText(page.getByRole('alert'), 'Incorrect email or password.');
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    await context.close();
  });

  it('says "Failed to delete account." when the deletion fails', async () => {
    const { p, context, page } = await signedInPage();
    await page.route('**/trpc/accounts.deleteAccount**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/profile/edit');
    await page.getByLabel('Current password', { exact: true }).fill(p.password);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await hasText(page.getByRole('alert'), 'Failed to delete account.');
    await expectNoAxeViolations(page, 'edit profile after a failed account deletion');
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    await context.close();
  });
});

describe('change password', () => {
  it('refuses a mismatch and a wrong current password, then saves; the new password signs in', async () => {
    const p = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await signIn(page, p);
    await page.goto('/profile/edit');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL('**/profile/edit/password');
    await hasText(page.getByRole('heading', { level: 1 }), 'Change password');

    const fresh = 'a brand new passphrase';
    const newPassword = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    await page.getByRole('button', { name: 'Save Password' }).click();
    await hasText(page.locator('.field-error').first(), 'New password is required.');
    await expectNoAxeViolations(page, 'change password with a field error', { dark: true });

    await newPassword.fill(fresh);
    await confirm.fill(`${fresh}!`);
    await page.getByRole('button', { name: 'Save Password' }).click();
    await hasText(page.getByRole('alert'), 'Passwords do not match.');

    // The toggles show and hide each field.
    await page.getByRole('button', { name: 'Show new password' }).click();
    expect(await newPassword.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide new password' }).click();
    expect(await newPassword.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    expect(await confirm.getAttribute('type')).toBe('text');

    await confirm.fill(fresh);
    await page.getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await hasText(page.getByRole('alert'), 'Your current password is incorrect.');
    await screenshot(page, 'profile-password-error');
    await expectNoAxeViolations(page, 'change password with the server message, a password shown', { dark: true });

    // Signed in a moment ago: an empty current password is fine.
    await page.getByLabel('Current password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await page.waitForURL('**/profile/edit?saved=password');
    await hasText(page.getByRole('status').filter({ hasText: 'password' }), 'Your password has been changed.');
    await expectNoAxeViolations(page, 'edit profile after the password changed');
    // This tab's session was renewed, so it still works.
    await visible(page.getByRole('heading', { name: 'Your details' }));
    expect(errors).toEqual([]);
    await context.close();

    const { context: again, page: loginPage } = await openPage(browser, server.baseUrl);
    await loginPage.goto('/login');
    await loginPage.getByLabel('Email').fill(p.email);
    await loginPage.getByLabel('Password', { exact: true }).fill(p.password);
    await loginPage.getByRole('button', { name: 'Login' }).click();
    await hasText(loginPage.getByRole('alert'), 'Incorrect email or password.');
    await signIn(loginPage, { email: p.email, password: fresh });
    expect(new URL(loginPage.url()).pathname).toBe('/');
    await again.close();
  });

  it('shows the server message for a too-short password', async () => {
    const { context, page } = await signedInPage();
    await page.goto('/profile/edit/password');
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await hasText(page.getByRole('alert'), 'Password must be at least 8 characters.');
    await context.close();
  });
});

describe('change picture', () => {
  it('refuses a non-image, previews and uploads a PNG with progress, shows it, then deletes it after the confirmation', async () => {
    const { p, context, page, errors } = await signedInPage();
    await page.goto('/profile/edit');
    await page.getByRole('link', { name: 'Change picture' }).click();
    await page.waitForURL('**/profile/edit/picture');
    await hasText(page.getByRole('heading', { level: 1 }), 'Change profile picture');
    // No picture yet: nothing to delete.
    await hasCount(page.getByRole('button', { name: 'Delete Profile Picture' }), 0);

    const picker = page.getByLabel('Choose a picture');
    await hasAttribute(picker, 'accept', 'image/jpeg,image/png,.jpg,.jpeg,.png');
    // The drop zone's input stays in the tab order, just before the buttons.
    await page.getByRole('button', { name: 'Save Profile Picture' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await hasText(page.getByRole('alert'), 'Please choose a JPEG or PNG image.');
    await expectNoAxeViolations(page, 'change picture refusing a non-image', { dark: true });
    await hasCount(page.getByRole('img', { name: 'Preview of the chosen file' }), 0);
    await page.getByRole('button', { name: 'Save Profile Picture' }).click();
    await hasText(page.getByRole('alert'), 'Choose a JPEG or PNG image first.');

    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await image('png', 400, 400) });
    await visible(page.getByRole('img', { name: 'Preview of the chosen file' }));
    await hasCount(page.getByRole('alert'), 0);
    await expectNoAxeViolations(page, 'change picture with a preview', { dark: true });

    // Hold the upload so the progress bar can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/upload', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Profile Picture' }).click();
    await visible(page.getByRole('progressbar', { name: 'Upload progress' }));
    await visible(page.getByRole('status').filter({ hasText: /Uploading/ }));
    await screenshot(page, 'profile-picture-uploading');
    await expectNoAxeViolations(page, 'change picture while uploading', { dark: true });
    release();
    await page.waitForURL('**/profile/edit?saved=picture');
    await hasText(page.getByRole('status').filter({ hasText: 'picture' }), 'Your profile picture has been saved.');
    await page.unroute('**/api/upload');

    await page.goto('/profile');
    const picture = page.getByRole('img', { name: `Profile picture of ${p.username}` });
    await visible(picture);
    // Asked for by its 480 px size name (docs/decisions/0016-photos.md, "Sizes by name"), which shows.
    expect(await picture.getAttribute('src')).toMatch(/^\/media\/[a-f0-9]{32}-480\.webp$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? 'null'));
    expect(stored.user_info.image).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await picture.getAttribute('src')).toBe(`/media/${(stored.user_info.image as string).slice(0, 32)}-480.webp`);
    await expectNoAxeViolations(page, 'profile with a picture', { dark: true });

    await page.goto('/profile/edit/picture');
    await visible(page.getByRole('button', { name: 'Delete Profile Picture' }));
    await expectNoAxeViolations(page, 'change picture with a current picture');
    const prompts: string[] = [];
    page.once('dialog', (d) => {
      prompts.push(d.message());
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete Profile Picture' }).click();
    await page.waitForURL('**/profile/edit?saved=picture-deleted');
    expect(prompts).toEqual(['Are you sure you want to delete your profile picture?']);
    await page.goto('/profile');
    await hasText(page.getByRole('img', { name: `Profile picture of ${p.username}` }), 'AL');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the upload failure and stays on the screen', async () => {
    const { context, page } = await signedInPage();
    await page.goto('/profile/edit/picture');
    await page.route('**/api/upload', (route) =>
      route.fulfill({
        status: 415,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Only JPEG and PNG images are accepted.' }),
      }),
    );
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg') });
    await page.getByRole('button', { name: 'Save Profile Picture' }).click();
    await hasText(page.getByRole('alert'), 'Only JPEG and PNG images are accepted.');
    await expectNoAxeViolations(page, 'change picture after a failed upload', { dark: true });
    expect(new URL(page.url()).pathname).toBe('/profile/edit/picture');
    await visible(page.getByRole('img', { name: 'Preview of the chosen file' }));
    await context.close();
  });
});

describe('change banner', () => {
  it('asks for a story first, then uploads a banner and goes to /story/write', async () => {
    const { p, context, page, errors } = await signedInPage();
    await page.goto('/story/banner');
    await hasText(page.locator('.no-story p'), 'You must create a story first.');
    await hasAttribute(page.getByRole('link', { name: 'Start Writing Your Story' }), 'href', '/story/write');
    await expectNoAxeViolations(page, 'change banner without a story', { dark: true });

    await publishStoryQuickly(context, server.baseUrl, 'Letters from the coast', storyHtml(2, 30));
    await page.reload();
    await hasText(page.locator('.banner-for'), 'Banner for Letters from the coast');
    await expectNoAxeViolations(page, 'change banner', { dark: true });
    await page
      .getByLabel('Choose a banner image')
      .setInputFiles({ name: 'coast.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 1200, 400) });
    await visible(page.getByRole('img', { name: 'Preview of the chosen file' }));
    await page.getByRole('button', { name: 'Save Banner' }).click();
    await page.waitForURL('**/story/write');
    const story = await storyAsVisitor(p.username);
    expect(story?.story_image).toMatch(/^[a-f0-9]{32}\.jpg$/);

    await page.goto('/story/banner');
    await hasAttribute(page.getByRole('img', { name: "Your story's current banner" }), 'src', `/media/${story?.story_image as string}`);
    await expectNoAxeViolations(page, 'change banner with a current banner', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('screens at desktop and phone widths', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`looks right on ${viewport}`, async () => {
      const { p, context, page, errors } = await signedInPage(viewport, { first_name: 'Virginia', last_name: 'Woolf', dob: '1982-01-25' });
      await page.goto('/story/banner');
      await visible(page.getByRole('link', { name: 'Start Writing Your Story' }));
      await screenshot(page, 'profile-banner-no-story');
      await expectNoAxeViolations(page, 'change banner without a story');
      await publishStoryQuickly(context, server.baseUrl, 'A room of my own', storyHtml(2, 30));

      // A picture and a banner through the screens themselves, so every screen has something to show.
      await page.goto('/profile/edit/picture');
      await page
        .getByLabel('Choose a picture')
        .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await image('png', 400, 400) });
      await visible(page.getByRole('img', { name: 'Preview of the chosen file' }));
      await screenshot(page, 'profile-picture');
      await expectNoAxeViolations(page, 'change picture with a preview');
      await page.getByRole('button', { name: 'Save Profile Picture' }).click();
      await page.waitForURL('**/profile/edit?saved=picture');
      await visible(page.getByRole('heading', { name: 'Your details' }));
      await screenshot(page, 'profile-edit-saved');
      await expectNoAxeViolations(page, 'edit profile after saving a picture');

      await page.goto('/story/banner');
      await page
        .getByLabel('Choose a banner image')
        .setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 1200, 400) });
      await visible(page.getByRole('img', { name: 'Preview of the chosen file' }));
      await page.getByRole('button', { name: 'Save Banner' }).click();
      await page.waitForURL('**/story/write');
      await page.goto('/story/banner');
      await visible(page.getByRole('img', { name: "Your story's current banner" }));
      await screenshot(page, 'profile-banner');
      await expectNoAxeViolations(page, 'change banner with a current banner');

      await page.goto('/profile');
      await visible(page.getByRole('img', { name: `Profile picture of ${p.username}` }));
      await screenshot(page, 'profile');
      await expectNoAxeViolations(page, 'profile with a picture');
      await page.goto('/profile/edit');
      await visible(page.getByRole('heading', { name: 'Danger zone' }));
      await screenshot(page, 'profile-edit');
      await expectNoAxeViolations(page, 'edit profile');
      await page.goto('/profile/edit/password');
      await visible(page.getByRole('button', { name: 'Save Password' }));
      await screenshot(page, 'profile-password');
      await expectNoAxeViolations(page, 'change password');
      await hidden(page.getByRole('alert'));

      // The dark theme follows the system; the tokens must carry every screen.
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const [path, name] of [
        ['/profile', 'profile-dark'],
        ['/profile/edit', 'profile-edit-dark'],
        ['/profile/edit/picture', 'profile-picture-dark'],
      ] as const) {
        await page.goto(path);
        await visible(page.getByRole('heading', { level: 1 }));
        await hidden(page.getByRole('status').filter({ hasText: 'Loading' }));
        await screenshot(page, name);
        await expectNoAxeViolations(page, name);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
