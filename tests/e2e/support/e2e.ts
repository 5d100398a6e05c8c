// End-to-end support: the real app on a loopback port (startStack: a fresh DATA_DIR, the built client) and Debian's
// Chromium driven by playwright-core. Screenshots go to test-output/screenshots (ignored by git).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Config } from '../../../server/src/config';
import type { AppDeps } from '../../../server/src/deps';
import type { Mailer } from '../../../server/src/ports/mailer';
import { person, storyHtml } from '../../../seed/factories';
import { chromiumPath } from '../../../scripts/ensure-test-tools.mjs';
import { startStack } from '../../support/start-stack';

export { person, storyHtml };

/** CHROMIUM_PATH when set (`npm test` sets it), else Debian's Chromium headless shell: scripts/ensure-test-tools.mjs. */
export const CHROMIUM = chromiumPath();
export const SCREENSHOTS = path.resolve('test-output/screenshots');
export const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
export const LEGAL_URL = 'https://legal.example.org/the-video';

export interface E2eServer {
  baseUrl: string;
  deps: AppDeps;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The app as startStack starts it for every tester (tests/support/start-stack.ts: SQLite, the embedded index, files
 * on disk), serving the built client. `mailer`: the app's Mailer made from its config, instead of the one SMTP_URL
 * chooses (support/mail.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { mailer?: (config: Config) => Mailer } = {},
): Promise<E2eServer> {
  const stack = await startStack({
    env: { LEGAL_URL, ...env },
    mailer: options.mailer,
    clientDir: inject('clientDir'),
    serverRender: inject('serverRender'),
  });
  return { baseUrl: stack.baseUrl, deps: stack.deps, dataDir: stack.dataDir, close: () => stack.stop() };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      // Nothing may leave loopback: the tests must not depend on (or leak to) the network. Every other address goes
      // to a proxy on a closed loopback port and fails (Chromium never proxies loopback itself). A route that aborted
      // them did the same at a cost: Playwright intercepts every request of a routed context, one round trip to the
      // test's process each, and turns the HTTP cache off (docs/performance.md, "Test run times").
      '--proxy-server=http://127.0.0.1:9',
    ],
  });
}

/**
 * One server and one browser for a test file: started before its tests (then handed to `ready`) and closed
 * after them. Each file owns its own, so that files never see each other's people and stories.
 */
export function withServerAndBrowser(ready: (server: E2eServer, browser: Browser) => void): void {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

export type ViewportName = keyof typeof VIEWPORTS;

/** A fresh browser context (its own cookies and session storage) at a viewport; page errors fail loudly. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: ViewportName = 'desktop',
  { locale = 'en-US' }: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // `locale`: the browser's language (navigator.language and Accept-Language), which the site's language follows.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport], locale, timezoneId: 'UTC' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  return { context, page, errors };
}

/** Writes test-output/screenshots/<name>-<viewport>.png (full page). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const viewport = width <= VIEWPORTS.phone.width ? 'phone' : 'desktop';
  // The whole page as a reader sees it by scrolling: paragraphs below the screen are laid out only when near
  // (content-visibility: auto, components.css), which a full-page capture does not count as near.
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-${viewport}.png`),
    fullPage: true,
    style: '* { content-visibility: visible !important; }',
  });
}

export interface Person {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  dob: string;
  password: string;
}

/** Registers through the API (quicker than the form when a test is about something else). */
export async function registerPerson(baseUrl: string, overrides: Partial<Person> = {}): Promise<Person> {
  const p = { ...person(), ...overrides } as Person;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(p),
  });
  if (!res.ok) throw new Error(`register ${p.username}: ${res.status} ${await res.text()}`);
  return p;
}

/** Signs in through the login form, as a person would (staying on a /login page that remembers where to return). */
export async function signIn(page: Page, p: Pick<Person, 'email' | 'password'>): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs in through the API with the context's cookie jar (the client picks the session up on load). */
export async function signInQuickly(context: BrowserContext, baseUrl: string, p: Pick<Person, 'email' | 'password'>): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { email: p.email, password: p.password },
    headers: { origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`login ${p.email}: ${res.status()}`);
}

/** Publishes a story through the API (POST /api/stories/save) as the signed-in person of the context. */
export async function publishStoryQuickly(context: BrowserContext, baseUrl: string, title: string, text: string): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/stories/save`, { data: { title, text }, headers: { origin: baseUrl } });
  if (!res.ok()) throw new Error(`save story: ${res.status()} ${await res.text()}`);
}

/** Waits until the projector has folded every committed event into search and the top lists. */
export async function projected(server: E2eServer): Promise<void> {
  await server.deps.projector.drain();
}

// Web-first checks (playwright-core has no `expect` of its own): each waits up to 10 s for the page to agree.
const WAIT = { timeout: 10_000, interval: 50 };

/**
 * Scrolls to a story's comments, as a reader does: their code and list come once the reader is within a screen of
 * them (client/src/features/social/comments-after-hydration.tsx), which on a long page is not at first.
 */
export async function toComments(page: Page): Promise<void> {
  // Again until they are there: the story view scrolls to the top as it hydrates (story-screen.tsx). In the page
  // itself: the heading's section is replaced as the comments come (a locator's scroll could find it gone).
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const section = document.querySelector('section.comments');
          section?.scrollIntoView({ block: 'center' });
          return !!section?.querySelector('form');
        }),
      WAIT,
    )
    .toBe(true);
}

/** Whether the app has started (start-app.tsx marks <html>); a server-rendered page starts it on the first touch. */
export const appStarted = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'started');

/**
 * Starts the app of a server-rendered page as a reader's first key would (client/src/lib/start-on-first-touch.ts) and
 * waits until it has: for tests of what only the app shows (the follow button, the comments' form), not of reading.
 */
export async function startTheApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect.poll(() => appStarted(page), WAIT).toBe(true);
}

/**
 * Holds back the app's scripts (every script but the page's entry) until the returned function is called: what a
 * reader can do on a server-rendered page before the app has come, on the slowest link.
 */
export async function holdTheApp(page: Page, baseUrl: string): Promise<() => void> {
  const html = await (await fetch(`${baseUrl}/explore`)).text();
  const entry = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  if (!entry) throw new Error('no entry script in the page');
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && url.pathname !== entry,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

export async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: WAIT.timeout });
}

export async function hidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout: WAIT.timeout });
}

const textNow = (locator: Locator) =>
  locator
    .first()
    .textContent({ timeout: 250 })
    .then((t) => t?.replace(/\s+/g, ' ').trim() ?? null)
    .catch(() => null);

/** The (first) element's text, whitespace collapsed, becomes `expected` (a string: equal; a RegExp: matches). */
export async function hasText(locator: Locator, expected: string | RegExp): Promise<void> {
  if (typeof expected === 'string') await expect.poll(() => textNow(locator), WAIT).toBe(expected);
  else await expect.poll(() => textNow(locator), WAIT).toMatch(expected);
}

export async function hasAttribute(locator: Locator, name: string, expected: string | null): Promise<void> {
  await expect
    .poll(
      () =>
        locator
          .first()
          .getAttribute(name, { timeout: 250 })
          .catch(() => undefined),
      WAIT,
    )
    .toBe(expected);
}

export async function hasCount(locator: Locator, expected: number): Promise<void> {
  await expect.poll(() => locator.count(), WAIT).toBe(expected);
}

/** Pastes HTML into the story editor as a browser would (a paste event carrying text/html). */
export async function pasteHtml(page: Page, html: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Story' }).evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/html', data);
    transfer.setData('text/plain', data.replace(/<[^>]+>/g, '\n'));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
}

/**
 * Save Story on the write screen. A story never published first shows page 1 as readers will see it (issue #26):
 * `first` confirms it there with "Publish my story".
 */
export async function pressSaveStory(page: Page, { first }: { first: boolean }): Promise<void> {
  await page.getByRole('button', { name: 'Save Story' }).click();
  if (first)
    await page
      .getByRole('dialog', { name: 'Page 1 as your readers will see it' })
      .getByRole('button', { name: 'Publish my story' })
      .click();
}
