// Never lose a word (issue #11), as a person would meet it in Chromium: a killed server, a dead network, two
// tabs, Versions with a restore, and a session that ends while typing. Every new screen state passes axe and is
// photographed (test-output/screenshots/never-lose-*).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { builtServer } from '../support/server-command';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  hidden,
  LEGAL_URL,
  openPage,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signIn,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const status = (page: Page) => page.locator('.draft-status-text');

async function signedInPage(baseUrl: string, who?: Person) {
  const p = who ?? (await registerPerson(baseUrl));
  const opened = await openPage(browser, baseUrl);
  await signInQuickly(opened.context, baseUrl, p);
  await waitForSession(opened.page);
  return { ...opened, person: p };
}

/** The client picks the session up on load; protected routes need it first. */
async function waitForSession(page: Page): Promise<void> {
  await page.goto('/help');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
}

/** Opens /story/write and waits until the editor takes typing. */
async function openWriter(page: Page): Promise<void> {
  await page.goto('/story/write');
  await visible(storyText(page));
  await visible(page.getByRole('toolbar', { name: 'Formatting' }));
  await expect.poll(() => storyText(page).getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
}

/** Types at the end of the story, in that tab brought to the front (as a person switching tabs would). */
async function typeInStory(page: Page, words: string): Promise<void> {
  await page.bringToFront();
  await storyText(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(words);
}

/** The person's draft as the server holds it (tRPC, with the context's cookies). */
async function serverDraft(context: BrowserContext, baseUrl: string) {
  const res = await context.request.get(`${baseUrl}/trpc/drafts.get`);
  expect(res.ok()).toBe(true);
  return (await res.json()).result.data as { draft_version: number; draft: { title: string; text: string } | null };
}

async function publishedStory(context: BrowserContext, baseUrl: string, username: string) {
  const res = await context.request.post(`${baseUrl}/api/stories/story`, { data: { username }, headers: { origin: baseUrl } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { title: string; text: string | null };
}

/** True once the offline shell holds the write screen's page and every built file the page loaded. */
async function offlineShellReady(): Promise<boolean> {
  if (!navigator.serviceWorker.controller) return false;
  const cache = await caches.open('life-story-write-offline-v1');
  const kept = new Set((await cache.keys()).map((r) => r.url));
  const built = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((n) => new URL(n).pathname.startsWith('/assets/') && !/\.woff2?$/.test(n));
  return kept.has(`${location.origin}/story/write`) && built.every((n) => kept.has(n));
}

// ---- a server in a process of its own, to be killed with SIGKILL ----

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
}

/**
 * A folder the server process runs in, as `npm start` would: its dist/client is this run's client build (the
 * e2e setup builds into a folder of its own; a fresh checkout has no dist/ at all).
 */
function serverCwd(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-cwd-'));
  tempDirs.push(dir);
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.symlinkSync(inject('clientDir'), path.join(dir, 'dist', 'client'));
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

async function startServerProcess(dataDir: string, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, [builtServer()], {
    cwd: serverCwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // One process, as before ADR 0036: SIGKILL then ends the server, not only a supervisor whose workers
      // linger until they notice.
      WORKERS: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '0',
      LEGAL_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (d) => {
      output += String(d);
      if (/is listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

const spawned: ChildProcess[] = [];
const tempDirs: string[] = [];
afterAll(() => {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('never lose a word', () => {
  it('a server killed with SIGKILL 3 s after typing: restarted on the same data, the write screen has the text back', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-crash-'));
    tempDirs.push(dataDir);
    const port = await freePort();
    const first = await startServerProcess(dataDir, port);
    spawned.push(first.child);

    const { context, page, person, errors } = await signedInPage(first.baseUrl);
    await openWriter(page);
    await page.getByLabel('Title').fill('The years at the harbour');
    await typeInStory(page, 'My father mended nets by the water every morning before dawn.');
    await new Promise((r) => setTimeout(r, 3000));
    await hasText(status(page), 'All changes saved');
    await screenshot(page, 'never-lose-draft-saved');
    await expectNoAxeViolations(page, 'write story, draft saved');

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(errors).toEqual([]);
    await context.close();

    const second = await startServerProcess(dataDir, port);
    spawned.push(second.child);
    // A fresh browser (no copy on the device): the text can only come from the server's draft.
    const again = await openPage(browser, second.baseUrl);
    await signInQuickly(again.context, second.baseUrl, person);
    await waitForSession(again.page);
    await openWriter(again.page);
    await hasText(
      again.page.locator('.restore-banner [role="status"]'),
      /^Welcome back: your unpublished changes from earlier today are here\.$/,
    );
    expect(await again.page.getByLabel('Title').inputValue()).toBe('The years at the harbour');
    await hasText(storyText(again.page), 'My father mended nets by the water every morning before dawn.');
    await screenshot(again.page, 'never-lose-restored-banner');
    await expectNoAxeViolations(again.page, 'write story, restored draft banner', { dark: true });

    // Discard sits behind "More choices" and asks first; "No" keeps the changes, "Yes" throws them away.
    await again.page.getByText('More choices').click();
    await again.page.getByRole('button', { name: 'Discard changes…' }).click();
    await again.page.getByRole('button', { name: 'No, keep them' }).click();
    await visible(again.page.locator('.restore-banner'));
    await again.page.getByRole('button', { name: 'Discard changes…' }).click();
    await again.page.getByRole('button', { name: 'Yes, discard changes' }).click();
    await hidden(again.page.locator('.restore-banner'));
    expect(await again.page.getByLabel('Title').inputValue()).toBe('');
    expect((await serverDraft(again.context, second.baseUrl)).draft).toBeNull();
    await again.context.close();
    second.child.kill('SIGKILL');
    // Two server starts and two sign-ins, with axe: about a minute on a busy two-core machine.
  }, 120_000);

  it('offline: typing goes on, a reload while offline brings the text back, and back online the server has it', async () => {
    const { context, page, errors } = await signedInPage(server.baseUrl);
    await publishStoryQuickly(context, server.baseUrl, 'A kitchen in Porto', '<p>The kitchen smelled of bread.</p>');
    await openWriter(page);
    // The write screen keeps its page and files for offline use (public/write-offline-sw.js).
    await expect.poll(() => page.evaluate(offlineShellReady), { timeout: 10_000 }).toBe(true);

    await context.setOffline(true);
    await typeInStory(page, ' Grandmother sang while she baked.');
    await hasText(status(page), 'Saved on this device: will send when online');
    await visible(page.getByRole('button', { name: 'Try again now' }));
    await screenshot(page, 'never-lose-offline');
    await expectNoAxeViolations(page, 'write story, offline');

    await page.reload();
    await visible(storyText(page));
    await hasText(storyText(page), 'The kitchen smelled of bread. Grandmother sang while she baked.');
    await visible(page.locator('.restore-banner'));
    await hasText(status(page), 'Saved on this device: will send when online');
    // (Chromium's offline emulation lets the reload's keepalive save through, so the server may have the words
    // already; the page does not know, and saves again once online without asking: the words are the same.)

    // Back online: the waiting draft goes up by itself.
    await context.setOffline(false);
    await hasText(status(page), 'All changes saved');
    expect((await serverDraft(context, server.baseUrl)).draft?.text).toContain('Grandmother sang while she baked.');

    // Offline again, more words, then the page goes away before the network returns (a crash, a closed lid).
    await context.setOffline(true);
    await typeInStory(page, ' The radio played fado.');
    await hasText(status(page), 'Saved on this device: will send when online');
    // Closing sends a last keepalive save, which Chromium may deliver once the network is back; either way the
    // device copy or the server brings the words back.
    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await openWriter(reopened);
    await hasText(storyText(reopened), 'The kitchen smelled of bread. Grandmother sang while she baked. The radio played fado.');
    await expect
      .poll(async () => (await serverDraft(context, server.baseUrl)).draft?.text, { timeout: 10_000 })
      .toContain('The radio played fado.');
    // Page errors of the offline reload are the browser's own failed requests; nothing else may appear.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  });

  it('two tabs of one person: the second save gets the conflict screen, shows the difference, and nothing is lost', async () => {
    const { context, page: first, person, errors } = await signedInPage(server.baseUrl);
    await publishStoryQuickly(context, server.baseUrl, 'Letters', '<p>We wrote letters every week.</p>');
    const second = await context.newPage();
    await openWriter(first);
    await openWriter(second);

    await typeInStory(first, ' Mine came from Lisbon.');
    await hasText(status(first), 'All changes saved');
    await typeInStory(second, ' Hers came from Paris.');
    const panel = second.getByRole('region', { name: 'Two versions of your story' });
    await visible(panel);
    await hasText(panel.getByRole('alert'), 'This draft was changed in another tab or on another device.');
    await hasText(status(second), 'Not saved: this draft was changed somewhere else');
    // Both texts are still there: this tab's in its editor, the other tab's on the server.
    await hasText(storyText(second), 'We wrote letters every week. Hers came from Paris.');
    expect((await serverDraft(context, server.baseUrl)).draft?.text).toContain('Mine came from Lisbon.');
    await screenshot(second, 'never-lose-conflict');
    await expectNoAxeViolations(second, 'write story, conflict between tabs');

    await panel.getByRole('button', { name: 'Show the difference' }).click();
    const diff = second.getByRole('region', { name: 'The difference between the two versions' });
    // Each change is marked in words for screen readers, not only by colour and strike-through.
    await hasText(diff.locator('.word-diff-text del', { hasText: 'Lisbon' }), /^\[Only in the other version: .*Lisbon.*\]$/);
    await hasText(diff.locator('.word-diff-text ins', { hasText: 'Paris' }), /^\[Only in this version: .*Paris.*\]$/);
    await screenshot(second, 'never-lose-conflict-difference');
    await expectNoAxeViolations(second, 'write story, conflict with the difference', { dark: true });

    // This tab keeps its version: the server's draft becomes it.
    await panel.getByRole('button', { name: 'Keep this version' }).click();
    await hidden(panel);
    await hasText(status(second), 'All changes saved');
    expect((await serverDraft(context, server.baseUrl)).draft?.text).toContain('Hers came from Paris.');

    // The first tab, typing on, meets the same question and takes the other version.
    await typeInStory(first, ' Ink stained our fingers.');
    const firstPanel = first.getByRole('region', { name: 'Two versions of your story' });
    await visible(firstPanel);
    await firstPanel.getByRole('button', { name: 'Use the other version' }).click();
    await hidden(firstPanel);
    await hasText(storyText(first), 'We wrote letters every week. Hers came from Paris.');

    // Publishing from a tab that is behind is refused with the conflict screen too, never a silent overwrite.
    await typeInStory(first, ' We kept them in a tin.');
    await hasText(status(first), 'All changes saved');
    await typeInStory(second, ' Stamps from everywhere.');
    await second.getByRole('button', { name: 'Save Story' }).click();
    await visible(second.getByRole('region', { name: 'Two versions of your story' }));
    expect((await publishedStory(context, server.baseUrl, person.username)).text).toBe('<p>We wrote letters every week.</p>');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tab closed while it showed the conflict: its words come back in the next editor, still as a choice', async () => {
    const { context, page: first, errors } = await signedInPage(server.baseUrl);
    await publishStoryQuickly(context, server.baseUrl, 'Gardens', '<p>Roses by the wall.</p>');
    const second = await context.newPage();
    await openWriter(first);
    await openWriter(second);
    await typeInStory(first, ' Alpha words.');
    await hasText(status(first), 'All changes saved');
    await typeInStory(second, ' Beta words.');
    await visible(second.getByRole('region', { name: 'Two versions of your story' }));
    // The first tab types on (its copy on the device is its own, and does not replace the second tab's).
    await typeInStory(first, ' Alpha again.');
    await expect.poll(async () => (await serverDraft(context, server.baseUrl)).draft?.text, { timeout: 10_000 }).toContain('Alpha again.');
    await second.close();

    const third = await context.newPage();
    await openWriter(third);
    const panel = third.getByRole('region', { name: 'Two versions of your story' });
    await visible(panel);
    await hasText(storyText(third), 'Roses by the wall. Beta words.');
    await panel.getByRole('button', { name: 'Show the difference' }).click();
    await visible(panel.locator('.word-diff-text del', { hasText: 'Alpha' }));
    await panel.getByRole('button', { name: 'Keep this version' }).click();
    await hidden(panel);
    await expect.poll(async () => (await serverDraft(context, server.baseUrl)).draft?.text, { timeout: 10_000 }).toContain('Beta words.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes three times, restores the first from Versions after seeing the difference, publishes: the story is the first text', async () => {
    const { context, page, person, errors } = await signedInPage(server.baseUrl);
    const texts = [
      '<p>First telling of the school years.</p>',
      '<p>Second telling, with the teacher.</p>',
      '<p>Third telling, with the war.</p>',
    ];
    for (const [i, text] of texts.entries()) await publishStoryQuickly(context, server.baseUrl, `School, take ${i + 1}`, text);

    await openWriter(page);
    // Opening the editor without typing saves nothing.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await serverDraft(context, server.baseUrl)).draft).toBeNull();
    await page.getByRole('link', { name: 'Versions' }).click();
    await page.waitForURL('**/story/versions');
    const items = page.locator('.versions-item');
    await hasCount(items, 3);
    await hasText(items.first().getByRole('link'), 'Version 3 (current): School, take 3');
    await screenshot(page, 'never-lose-versions');
    await expectNoAxeViolations(page, 'versions list', { dark: true });

    await page.getByRole('link', { name: 'Version 1: School, take 1' }).click();
    await visible(page.getByRole('heading', { name: 'Version 1 of your story' }));
    const diff = page.getByRole('region', { name: 'Differences between this version and the story now' });
    await hasText(diff.locator('.word-diff-text ins').first(), /Only in this version:/);
    await hasText(diff.locator('.word-diff-text del').first(), /Only in the story now:/);
    expect(await diff.locator('.word-diff-text').textContent()).toMatch(/First/);
    await screenshot(page, 'never-lose-version');
    await expectNoAxeViolations(page, 'one version with its difference', { dark: true });

    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.waitForURL('**/story/write');
    await hasText(storyText(page), 'First telling of the school years.');
    expect(await page.getByLabel('Title').inputValue()).toBe('School, take 1');
    await visible(page.locator('.restore-banner'));
    // Nothing is published by restoring.
    expect((await publishedStory(context, server.baseUrl, person.username)).text).toBe(texts[2]);

    await page.getByRole('button', { name: 'Save Story' }).click();
    await page.waitForURL(`**/story/${person.username}/page/1`);
    const story = await publishedStory(context, server.baseUrl, person.username);
    expect(story).toMatchObject({ title: 'School, take 1', text: texts[0] });
    expect((await serverDraft(context, server.baseUrl)).draft).toBeNull();
    await page.goto('/story/versions');
    await hasCount(page.locator('.versions-item'), 4);
    await hasText(page.locator('.versions-item').first().locator('.versions-meta'), /brought back from version 1/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the session ends while typing: the text stays on the device, and signing in again brings it back', async () => {
    const { context, page, person, errors } = await signedInPage(server.baseUrl);
    await openWriter(page);
    await page.getByLabel('Title').fill('Winters');
    await typeInStory(page, 'Snow came early that year.');
    await hasText(status(page), 'All changes saved');

    await context.clearCookies();
    await typeInStory(page, ' We skated on the pond behind the church.');
    await hasText(status(page), 'You are signed out: your words are kept on this device');
    await screenshot(page, 'never-lose-signed-out');
    await expectNoAxeViolations(page, 'write story, signed out while typing');

    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL('**/login?next=%2Fstory%2Fwrite');
    await signIn(page, person);
    await page.waitForURL('**/story/write');
    await hasText(storyText(page), 'Snow came early that year. We skated on the pond behind the church.');
    await visible(page.locator('.restore-banner'));
    await hasText(status(page), 'All changes saved');
    expect((await serverDraft(context, server.baseUrl)).draft?.text).toContain('We skated on the pond behind the church.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right on a phone: the restore banner, the conflict screen, Versions and one version', async () => {
    const p = await registerPerson(server.baseUrl);
    const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
    await signInQuickly(context, server.baseUrl, p);
    await waitForSession(page);
    await publishStoryQuickly(context, server.baseUrl, 'Harvest', '<p>We picked grapes in September.</p>');
    await publishStoryQuickly(context, server.baseUrl, 'Harvest', '<p>We picked grapes in late September, singing.</p>');

    await page.goto('/story/versions');
    await hasCount(page.locator('.versions-item'), 2);
    await screenshot(page, 'never-lose-versions');
    await expectNoAxeViolations(page, 'versions list on a phone');
    await page.getByRole('link', { name: 'Version 1: Harvest' }).click();
    await visible(page.locator('.word-diff-text del'));
    await screenshot(page, 'never-lose-version');
    await expectNoAxeViolations(page, 'one version on a phone');

    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.waitForURL('**/story/write');
    await visible(page.locator('.restore-banner'));
    await screenshot(page, 'never-lose-restored-banner');

    const other = await context.newPage();
    await openWriter(other);
    await typeInStory(other, ' The baskets were heavy.');
    await hasText(status(other), 'All changes saved');
    await typeInStory(page, ' The sun was hot.');
    const panel = page.getByRole('region', { name: 'Two versions of your story' });
    await visible(panel);
    await panel.getByRole('button', { name: 'Show the difference' }).click();
    await visible(panel.locator('.word-diff-text ins'));
    await screenshot(page, 'never-lose-conflict-difference');
    await expectNoAxeViolations(page, 'conflict on a phone', { dark: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
