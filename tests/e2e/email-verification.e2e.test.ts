// Email verification on registration (REQUIRE_EMAIL_VERIFICATION, ADR 0019) as a person meets it, in Chromium:
// register, be told where the link went, be refused at sign-in with "Send the link again", read the mail from the
// outbox, open the link, press the button, sign in. Every new screen passes axe-core (light, dark, phone width).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { hasText, launchBrowser, openPage, person, registerPerson, screenshot, startServer, type E2eServer } from './support/e2e';
import { mailTo } from '../support/outbox';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ REQUIRE_EMAIL_VERIFICATION: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('register -> refused at sign-in, link sent again -> open the link from the outbox -> sign in', async () => {
  const p = person();
  const { context, page, errors } = await openPage(browser, server.baseUrl);
  await page.goto('/register');
  await page.getByLabel('First name').fill(p.first_name);
  await page.getByLabel('Last name').fill(p.last_name);
  await page.getByLabel('Username').fill(p.username);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Date of birth').fill(p.dob);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await hasText(page.getByRole('heading', { level: 1 }), 'Check your email');
  await hasText(
    page.getByRole('status'),
    `We've sent a link to ${p.email}. Open it and press the button on the page to confirm your address; then you can sign in.`,
  );
  await screenshot(page, 'verify-email-register-sent');
  await expectNoAxeViolations(page, 'register, link sent', { dark: true });

  // Signing in before the link: the right password is answered with the sentence and "Send the link again".
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await hasText(
    page.getByRole('alert'),
    `Please confirm your email address first: we sent a link to ${p.email.slice(0, 1)}…@example.com. Send it again?`,
  );
  await screenshot(page, 'verify-email-login-refused');
  await expectNoAxeViolations(page, 'login, not confirmed yet', { dark: true });
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await hasText(page.getByRole('status'), /we've sent it a new link/);
  await screenshot(page, 'verify-email-login-resent');
  await expectNoAxeViolations(page, 'login, link sent again');
  await expect.poll(async () => (await mailTo(server, p.email)).length, { timeout: 10_000 }).toBe(2);

  const [first, newest] = await mailTo(server, p.email);
  expect(newest!.subject).toBe('Confirm your email address for Life Story');
  const linkIn = (text: string | undefined) => text!.match(/http:\/\/\S+\/verify-email#token=\S+/)![0];
  const link = linkIn(newest!.text);
  expect(link.startsWith(server.baseUrl)).toBe(true);
  // "Send the link again" ended the first link (issue #23 §9): only the newest email works.
  await page.goto(linkIn(first!.text));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await hasText(page.getByRole('alert'), 'This link has expired or was already used. Please sign in and ask for a new one.');
  await page.goto('/login'); // a page load: the same path with another fragment would not read the new token
  await page.goto(link);
  await hasText(page.getByRole('heading', { level: 1 }), 'Confirm your email address');
  expect(new URL(page.url()).hash).toBe(''); // the token leaves the address bar once read
  await screenshot(page, 'verify-email');
  await expectNoAxeViolations(page, 'verify email', { dark: true });
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await hasText(page.getByRole('heading', { level: 1 }), 'Your email address is confirmed');
  await screenshot(page, 'verify-email-done');
  await expectNoAxeViolations(page, 'verify email, done', { dark: true });

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.baseUrl}/`);

  // The same link again says so and points to sign-in.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await hasText(page.getByRole('alert'), 'This link has expired or was already used. Please sign in and ask for a new one.');
  await screenshot(page, 'verify-email-used-link');
  await expectNoAxeViolations(page, 'verify email, used link');
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  await context.close();
});

it('the new screens at phone width pass axe and keep large targets', async () => {
  const { context, page } = await openPage(browser, server.baseUrl, 'phone');
  await page.goto('/verify-email#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const button = page.getByRole('button', { name: 'Confirm my email address' });
  await hasText(button, 'Confirm my email address');
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await screenshot(page, 'verify-email');
  await expectNoAxeViolations(page, 'verify email, phone', { dark: true });
  await page.goto('/verify-email');
  await hasText(page.getByRole('alert'), 'This link is incomplete. Please open the whole link from the email.');
  await screenshot(page, 'verify-email-incomplete');
  await expectNoAxeViolations(page, 'verify email, incomplete link, phone');

  const p = await registerPerson(server.baseUrl);
  await page.goto('/login');
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const resend = page.getByRole('button', { name: 'Send the link again' });
  await hasText(resend, 'Send the link again');
  expect((await resend.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await screenshot(page, 'verify-email-login-refused');
  await expectNoAxeViolations(page, 'login, not confirmed yet, phone', { dark: true });
  await context.close();
});
