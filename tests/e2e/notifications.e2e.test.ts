// Notifications and the email change as people use them, in Chromium (ADR 0019): the bell after another person
// comments (two browser contexts), the notifications screen, marking as read, settings; changing the email with
// the link read from the outbox. Every screen passes axe-core in light and dark, at desktop and phone width.
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from '../support/outbox';
import {
  type E2eServer,
  hasAttribute,
  hasText,
  hidden,
  openPage,
  projected,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signInQuickly,
  storyHtml,
  visible,
  withServerAndBrowser,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });
const bellSays = async (page: Page, name: string) => {
  await visible(page.getByRole('link', { name, exact: true }));
};

it('rings the bell when another person comments, and lists, marks as read and filters notifications', async () => {
  const author = await registerPerson(server.baseUrl, { first_name: 'Margaret', last_name: 'Hale' });
  const reader = await registerPerson(server.baseUrl, { first_name: 'John', last_name: 'Thornton' });
  const a = await openPage(browser, server.baseUrl);
  await signInQuickly(a.context, server.baseUrl, author);
  await publishStoryQuickly(a.context, server.baseUrl, 'North and South', storyHtml(2));
  await a.page.goto('/');
  await bellSays(a.page, 'Notifications');

  // Someone else, in a browser of their own, reads the story, likes and saves it, and comments.
  const r = await openPage(browser, server.baseUrl);
  await signInQuickly(r.context, server.baseUrl, reader);
  await r.page.goto(`/story/${author.username}/page/1`);
  for (const path of ['/api/users/like', '/api/users/save']) {
    const res = await r.context.request.post(`${server.baseUrl}${path}`, {
      data: { data: { story_username: author.username, liked: false, saved: false } },
      headers: { origin: server.baseUrl },
    });
    expect(res.ok(), path).toBe(true);
  }
  await r.page.getByLabel('Comment', { exact: true }).fill('I read it in one sitting.');
  await r.page.getByRole('button', { name: 'Send comment' }).click();
  await hasText(r.page.locator('.comments'), /I read it in one sitting\./);
  await projected(server);

  // The author's tab asks again when it becomes visible (no reload).
  await a.page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await bellSays(a.page, 'Notifications, 3 unread');
  await screenshot(a.page, 'notifications-bell');
  await bell(a.page).click();
  await a.page.waitForURL('**/notifications');
  await hasText(a.page.getByRole('heading', { level: 1 }), 'Notifications');
  const items = a.page.locator('.notification-text');
  await hasText(items.nth(0), 'Unread: John Thornton commented on your story this week');
  await hasText(items.nth(1), 'Unread: 1 person saved your story this week');
  await hasText(items.nth(2), 'Unread: John Thornton liked your story this week');
  await screenshot(a.page, 'notifications');
  await expectNoAxeViolations(a.page, 'notifications', { dark: true });

  await a.page.getByRole('button', { name: 'Mark as read: 1 person saved your story this week' }).click();
  await bellSays(a.page, 'Notifications, 2 unread');
  await hidden(a.page.getByRole('button', { name: 'Mark as read: 1 person saved your story this week' }));
  await a.page.getByRole('button', { name: 'Mark all as read' }).click();
  await bellSays(a.page, 'Notifications');
  await hasText(a.page.getByRole('status').first(), 'No unread notifications.');
  await screenshot(a.page, 'notifications-read');
  await expectNoAxeViolations(a.page, 'notifications, all read', { dark: true });

  // Settings: no more likes.
  await a.page.getByLabel('When someone likes my story').uncheck();
  await a.page.getByRole('button', { name: 'Save settings' }).click();
  await hasText(a.page.getByText('Your choices are saved.'), 'Your choices are saved.');
  await hidden(a.page.getByText('John Thornton liked your story this week'));
  await a.page.reload();
  await visible(a.page.getByText('John Thornton commented on your story this week'));
  expect(await a.page.getByLabel('When someone likes my story').isChecked()).toBe(false);
  expect(await a.page.getByLabel('Weekly email: a short summary of what is new, once a week').isChecked()).toBe(false);
  await screenshot(a.page, 'notifications-settings');

  // At phone width the bell stays in view beside the menu button.
  const phone = await openPage(browser, server.baseUrl, 'phone');
  await signInQuickly(phone.context, server.baseUrl, author);
  await r.context.request.post(`${server.baseUrl}/api/comments/create`, {
    data: { data: { story_username: author.username, text: 'One more thing.' } },
    headers: { origin: server.baseUrl },
  });
  await projected(server);
  await phone.page.goto('/notifications');
  await bellSays(phone.page, 'Notifications, 1 unread');
  await hasText(phone.page.locator('.notification-text').first(), 'Unread: John Thornton commented on your story this week');
  await screenshot(phone.page, 'notifications');
  await expectNoAxeViolations(phone.page, 'notifications at phone width', { dark: true });

  expect([...a.errors, ...r.errors, ...phone.errors]).toEqual([]);
  await Promise.all([a.context.close(), r.context.close(), phone.context.close()]);
});

it('changes the email only once the link mailed to the new address is opened', async () => {
  const p = await registerPerson(server.baseUrl);
  const newEmail = `moved.${p.username}@example.net`;
  const { context, page, errors } = await openPage(browser, server.baseUrl);
  await signInQuickly(context, server.baseUrl, p);
  await page.goto('/profile/edit');
  await page.getByRole('link', { name: 'Change email' }).click();
  await page.waitForURL('**/profile/edit/email');
  await hasText(page.getByRole('heading', { level: 1 }), 'Change email address');
  await expectNoAxeViolations(page, 'change email', { dark: true });
  await page.getByLabel('New email address').fill(newEmail);
  // The current password is asked every time (issue #23 §1): none, then a wrong one, are refused on the field.
  await page.getByRole('button', { name: 'Send the link' }).click();
  await hasText(page.locator('.field-error'), 'Please enter your current password.');
  const current = page.getByLabel('Current password', { exact: true });
  await current.fill('not my password at all');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await hasText(page.locator('.field-error'), 'Your current password is incorrect.');
  await hasAttribute(current, 'aria-invalid', 'true');
  await expectNoAxeViolations(page, 'change email, wrong current password', { dark: true });
  expect(await mailTo(server, newEmail)).toHaveLength(0);
  await current.fill(p.password);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await hasText(
    page.getByRole('status'),
    `We've sent a link to ${newEmail} — the change takes effect when you open it. Until then your account keeps ${p.email}.`,
  );
  await screenshot(page, 'change-email-sent');
  await expectNoAxeViolations(page, 'change email, link sent', { dark: true });

  await expect.poll(async () => (await mailTo(server, newEmail)).length).toBe(1);
  expect((await mailTo(server, p.email)).map((m) => m.subject)).toEqual(['Your Life Story email address is about to change']);
  const link = (await mailTo(server, newEmail))[0]!.text!.match(/http:\/\/\S+\/confirm-email#token=\S+/)![0];
  expect(link.startsWith(server.baseUrl)).toBe(true);
  // Not yet: the profile still shows the old address.
  await page.goto('/profile');
  await visible(page.getByText(p.email));

  await page.goto(link);
  await hasText(page.getByRole('heading', { level: 1 }), 'Confirm your new email address');
  expect(new URL(page.url()).hash).toBe('');
  await screenshot(page, 'confirm-email');
  await expectNoAxeViolations(page, 'confirm email', { dark: true });
  await page.getByRole('button', { name: 'Confirm my new email address' }).click();
  await hasText(page.getByRole('heading', { level: 1 }), 'Your email address is changed');
  await hasText(page.getByRole('status'), `Your account now uses ${newEmail}. Sign in with it from now on.`);
  await screenshot(page, 'confirm-email-done');
  await expectNoAxeViolations(page, 'confirm email, done');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await visible(page.getByText(newEmail));

  // The same link again says it was used.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my new email address' }).click();
  await hasText(page.getByRole('alert'), /^This link has expired or was already used\./);
  await screenshot(page, 'confirm-email-used');
  await expectNoAxeViolations(page, 'confirm email, used link');
  expect(errors.filter((e) => !e.includes('400') && !e.includes('403'))).toEqual([]);
  await context.close();
});

it('"This wasn\'t me" in the notice to the old address stops the change and signs out everywhere, at phone width', async () => {
  const p = await registerPerson(server.baseUrl);
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
  await signInQuickly(context, server.baseUrl, p);
  await page.goto('/profile/edit/email');
  await page.getByLabel('New email address').fill(`intruder.${p.username}@example.net`);
  await page.getByLabel('Current password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await visible(page.getByRole('status').getByText(/We've sent a link/));
  await expect.poll(async () => (await mailTo(server, p.email)).length).toBe(1);
  const notice = (await mailTo(server, p.email))[0]!;
  const link = notice.text!.match(/http:\/\/\S+\/not-me#token=\S+/)![0];
  expect(notice.text).toContain('Then choose a new password with “Forgot your password?”');

  await page.goto(link);
  await hasText(page.getByRole('heading', { level: 1 }), 'Someone asked to change your email address');
  expect(new URL(page.url()).hash).toBe('');
  await screenshot(page, 'not-me');
  await expectNoAxeViolations(page, 'this was not me', { dark: true });
  await page.getByRole('button', { name: "This wasn't me" }).click();
  await hasText(page.getByRole('heading', { level: 1 }), 'Your account is safe again');
  await hasText(
    page.getByRole('status'),
    `The change of email address is stopped, and your account is signed out on every device. Now choose a new password with “Forgot your password?”: the link will come to ${p.email}.`,
  );
  await screenshot(page, 'not-me-done');
  await expectNoAxeViolations(page, 'this was not me, done', { dark: true });
  // This browser was signed in to the account: it is signed out now too.
  await page.goto('/profile');
  await page.waitForURL('**/login**');
  await page.goto(link);
  await page.getByRole('button', { name: "This wasn't me" }).click();
  await hasText(page.getByRole('alert'), /^This link has expired or was already used\./);
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  await context.close();
});

it('a new address typed on the edit profile screen also waits for its link, and the screen says where it went', async () => {
  const p = await registerPerson(server.baseUrl);
  const newEmail = `typed.${p.username}@example.net`;
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
  await signInQuickly(context, server.baseUrl, p);
  await page.goto('/profile/edit');
  await page.getByLabel('First name').fill('Winifred');
  await page.getByLabel('Email').fill(newEmail);
  // A new address shows the current password field (issue #23 §1).
  await page.locator('.edit-profile-form').getByLabel('Current password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await page.waitForURL('**/profile/edit/email');
  await hasText(
    page.getByRole('status'),
    `We've sent a link to ${newEmail} — the change takes effect when you open it. Until then your account keeps ${p.email}.`,
  );
  await screenshot(page, 'change-email-sent');
  await expectNoAxeViolations(page, 'change email at phone width', { dark: true });
  await expect.poll(async () => (await mailTo(server, newEmail)).length).toBe(1);
  // The other fields were saved at once.
  await page.goto('/profile');
  await visible(page.getByText('Winifred'));
  expect(errors).toEqual([]);
  await context.close();
});
