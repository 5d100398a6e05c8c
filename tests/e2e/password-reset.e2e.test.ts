// "Forgot your password?" as a person does it, in Chromium: from the login screen, through a real SMTP server
// (the link read from the delivered email), to signing in with the new password; every screen passes axe-core.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type RunningSmtp } from '../support/smtp-server';
import { expectNoAxeViolations } from './support/axe';
import { hasText, launchBrowser, openPage, registerPerson, screenshot, startServer, type E2eServer } from './support/e2e';

let server: E2eServer;
let browser: Browser;
let smtp: RunningSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.stop();
});

it('asks for a link, follows it from the email, sets a new password and signs in with it', async () => {
  const p = await registerPerson(server.baseUrl);
  const { context, page, errors } = await openPage(browser, server.baseUrl);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL('**/forgot-password');
  await hasText(page.getByRole('heading', { level: 1 }), 'Forgot your password?');
  await screenshot(page, 'forgot-password');
  await expectNoAxeViolations(page, 'forgot password', { dark: true });

  // An empty address is caught on the screen; a real one gets the one answer for every address.
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await hasText(page.getByText('Email is required.'), 'Email is required.');
  await page.getByLabel('Email').fill(p.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await hasText(page.getByRole('status'), /If an account uses this address, we've sent a link/);
  await screenshot(page, 'forgot-password-sent');
  await expectNoAxeViolations(page, 'forgot password, sent');

  await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(1);
  const link = smtp.messages[0]!.text!.match(/http:\/\/\S+\/reset-password#token=\S+/)![0];
  expect(link.startsWith(server.baseUrl)).toBe(true);

  await page.goto(link);
  await hasText(page.getByRole('heading', { level: 1 }), 'Choose a new password');
  // The token leaves the address bar once read.
  expect(new URL(page.url()).hash).toBe('');
  await screenshot(page, 'reset-password');
  await expectNoAxeViolations(page, 'reset password', { dark: true });
  await page.getByLabel('New password', { exact: true }).fill('fresh-new-password-7');
  await page.getByLabel('Confirm new password', { exact: true }).fill('not-the-same-7');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await hasText(page.getByText('Passwords do not match.'), 'Passwords do not match.');
  await page.getByLabel('Confirm new password', { exact: true }).fill('fresh-new-password-7');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await hasText(page.getByRole('heading', { level: 1 }), 'Your password was changed');
  await screenshot(page, 'reset-password-done');
  await expectNoAxeViolations(page, 'reset password, done');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill('fresh-new-password-7');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.baseUrl}/`);

  // The same link a second time says so, and offers a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-password-8');
  await page.getByLabel('Confirm new password', { exact: true }).fill('another-password-8');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await hasText(page.getByRole('alert'), 'This link has expired or was already used. Please ask for a new one.');
  await hasText(page.getByRole('link', { name: 'Ask for a new link' }), 'Ask for a new link');
  await screenshot(page, 'reset-password-used-link');
  await expectNoAxeViolations(page, 'reset password, used link');
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  await context.close();
});
