// Register, login, the layout's navigation, protected routes, help, 404 and /legal, in Chromium; every screen
// passes axe-core (WCAG 2.2 AA), light and dark.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasText,
  hidden,
  visible,
  LEGAL_URL,
  openPage,
  person,
  registerPerson,
  screenshot,
  signIn,
  withServerAndBrowser,
  type E2eServer,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('register', () => {
  it('refuses the under-16 and a password mismatch, then creates the account and goes to /login', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    const p = person();
    await page.goto('/register');
    await screenshot(page, 'register');
    await expectNoAxeViolations(page, 'register', { dark: true });
    await page.getByLabel('First name').fill(p.first_name);
    await page.getByLabel('Last name').fill(p.last_name);
    await page.getByLabel('Username').fill(p.username);
    await page.getByLabel('Email').fill(p.email);
    const young = new Date();
    young.setFullYear(young.getFullYear() - 15);
    await page.getByLabel('Date of birth').fill(young.toISOString().slice(0, 10));
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await hasText(page.getByRole('alert'), 'You must be at least 16 years old to register.');
    await expectNoAxeViolations(page, 'register with an error', { dark: true });

    await page.getByLabel('Date of birth').fill(p.dob);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${p.password}!`);
    await page.getByRole('button', { name: 'Register' }).click();
    await hasText(page.getByRole('alert'), 'Passwords do not match.');

    await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/login?registered=1');
    await hasText(page.getByRole('status'), /Your account is ready/);
    await expectNoAxeViolations(page, 'login after registering');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: register and login at 390 px, without sideways scrolling', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    for (const path of ['/register', '/login']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, path.slice(1));
      await expectNoAxeViolations(page, path.slice(1), { dark: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server message when the username is taken', async () => {
    const taken = await registerPerson(server.baseUrl);
    const { context, page } = await openPage(browser, server.baseUrl);
    const p = person({ username: taken.username });
    await page.goto('/register');
    await page.getByLabel('Username').fill(p.username);
    await page.getByLabel('Email').fill(`other-${p.email}`);
    await page.getByLabel('Date of birth').fill(p.dob);
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await hasText(page.getByRole('alert').first(), /username/i);
    await expectNoAxeViolations(page, 'register with the server message');
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });
});

describe('login and the layout', () => {
  it('says "Incorrect email or password." and signs in, with a password toggle', async () => {
    const p = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl);
    await page.goto('/login');
    await screenshot(page, 'login');
    await expectNoAxeViolations(page, 'login', { dark: true });
    await page.getByLabel('Email').fill(p.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Login' }).click();
    await hasText(page.getByRole('alert'), 'Incorrect email or password.');
    await expectNoAxeViolations(page, 'login with an error, password shown and hidden', { dark: true });

    await password.fill(p.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? 'null'));
    expect(stored.user_info.username).toBe(p.username);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav.getByRole('link', { name: 'Profile' }));
    await hasAttribute(nav.getByRole('link', { name: 'Your Story' }), 'href', `/story/${p.username}/page/1`);
    await expectNoAxeViolations(page, 'home, signed in');

    await nav.getByRole('button', { name: 'Logout' }).click();
    await visible(nav.getByRole('link', { name: 'Login' }));
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    await hasAttribute(nav.getByRole('link', { name: 'Your Story' }), 'href', '/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor of a protected route to /login and back there after signing in', async () => {
    const p = await registerPerson(server.baseUrl);
    const { context, page } = await openPage(browser, server.baseUrl);
    await page.goto('/saved');
    await page.waitForURL('**/login?next=%2Fsaved');
    await signIn(page, p);
    await page.waitForURL('**/saved');
    await context.close();
  });

  it('forgets a stored user whose session has ended', async () => {
    const { context, page } = await openPage(browser, server.baseUrl);
    await page.goto('/help');
    await page.evaluate(() => sessionStorage.setItem('user', JSON.stringify({ user_info: { username: 'ghost', email: 'g@example.com' } })));
    await page.goto('/profile');
    await page.waitForURL('**/login?next=%2Fprofile');
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('opens and closes the mobile menu', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, 'phone');
    await page.goto('/help');
    const links = page.locator('#nav-links');
    await hidden(links);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(links);
    await screenshot(page, 'nav-menu-open');
    await expectNoAxeViolations(page, 'the open mobile menu', { dark: true });
    await page.getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL('**/explore');
    await hidden(links);
    await context.close();
  });
});

describe('help, 404 and legal', () => {
  it('help shows only the word Help; unknown paths show the 404 page with its links', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await page.goto('/help');
      await hasText(page.getByRole('heading', { level: 1 }), 'Help');
      await screenshot(page, 'help');
      await expectNoAxeViolations(page, 'help', { dark: true });
      await page.goto('/no/such/page');
      await hasText(page.getByRole('heading', { level: 1 }), "Sorry, we couldn't find the page");
      for (const name of ['Go to the home page', 'Explore stories', 'Get help', 'Report a problem']) {
        await visible(page.getByRole('link', { name }));
      }
      await screenshot(page, 'not-found');
      await expectNoAxeViolations(page, 'the 404 page', { dark: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the accessibility check fails on a violation, naming the rule, its impact, the element and the help', async () => {
    const { context, page } = await openPage(browser, server.baseUrl);
    await page.goto('/help');
    await expectNoAxeViolations(page, 'help');
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML('beforeend', '<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">');
    });
    const failure = await expectNoAxeViolations(page, 'help with a picture without a text').then(
      () => '',
      (err: Error) => err.message,
    );
    expect(failure).toContain('axe-core: WCAG 2.2 AA violations on help with a picture without a text (/help, light, 1280 px)');
    expect(failure).toMatch(
      /image-alt \(critical\): Images must have alternative text <https:\/\/dequeuniversity\.com\/rules\/axe\/[^>]+>/,
    );
    expect(failure).toContain('- #no-alt');
    await context.close();
  });

  it('/legal sends the browser to the configured page, from the footer too', async () => {
    const { context, page } = await openPage(browser, server.baseUrl);
    const leaving = page.waitForRequest((req) => req.url() === LEGAL_URL);
    await page.goto('/help');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal' }).click();
    await leaving;
    await context.close();
  });
});
