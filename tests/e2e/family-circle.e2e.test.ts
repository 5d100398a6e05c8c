// Family first (issue #24), as a family lives it on phones, through a real SMTP server: the writer keeps her story
// for people she invites and invites her daughter by email; the daughter reads from the emailed link with no
// account (a reader pass on her phone) and follows by email (double opt-in); the writer adds a chapter; the day's
// digest names it and unsubscribes in one click (RFC 8058) as a mail program does; removing the daughter ends her
// pass at once. A stranger never learns the story exists. Every screen on the way passes axe-core.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendFollowDigests } from '../../server/src/core/follows/daily-digest';
import { startSmtpServer, type RunningSmtp } from '../support/smtp-server';
import { expectNoAxeViolations } from './support/axe';
import {
  hasText,
  launchBrowser,
  openPage,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  startServer,
  visible,
  type E2eServer,
} from './support/e2e';

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

/** The one message to `address` whose subject matches, once it has arrived. */
async function mailTo(address: string, subject: RegExp) {
  const find = () => smtp.messages.find((m) => m.envelopeTo.includes(address) && subject.test(m.subject ?? ''));
  await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
  return find()!;
}

const linkIn = (text: string | undefined, path: RegExp) => {
  const found = (text ?? '').match(new RegExp(`http://\\S+${path.source}`));
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found[0];
};

const followers = (page: Page) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Followers' }) });

/** The story page as someone who may not read it sees it: exactly the page of a person with no story. */
async function seesNoStory(page: Page, username: string): Promise<void> {
  await page.goto(`/story/${username}/page/1`);
  await hasText(page.getByRole('heading', { level: 1 }), `${username} hasn't written a story yet!`);
  expect(await page.getByText('The orchard').count()).toBe(0);
}

it('keeps the story in the family: invite, read with the pass, follow, digest, one-click unsubscribe, remove', async () => {
  const writer = await registerPerson(server.baseUrl, { first_name: 'Margaret' });
  const { context: writerContext, page: writerPage, errors } = await openPage(browser, server.baseUrl, 'phone');
  await signInQuickly(writerContext, server.baseUrl, writer);
  await publishStoryQuickly(writerContext, server.baseUrl, 'The orchard', '<p>We grew up among the apple trees.</p>');

  // She keeps it for the people she invites, from the write screen, beside Save Story.
  await writerPage.goto('/story/write#audience');
  const audience = writerPage.getByRole('group', { name: 'Who can read your story' });
  await visible(audience);
  await audience.getByRole('radio', { name: 'Only people I invite' }).check();
  await visible(writerPage.getByRole('status').filter({ hasText: /only people you invite/i }));
  await writerPage.goto(`/story/${writer.username}/page/1`);
  await visible(writerPage.getByText('Published: visible only to people you invite.'));

  // A stranger, and a search, see nothing.
  const stranger = await openPage(browser, server.baseUrl, 'phone');
  await seesNoStory(stranger.page, writer.username);

  // She invites her daughter on the Readers screen.
  await writerPage.getByRole('link', { name: 'Your readers' }).click();
  await hasText(writerPage.getByRole('heading', { level: 1 }), 'Your readers');
  await writerPage.getByLabel('Name', { exact: true }).fill('Anna');
  await writerPage.getByLabel('Email address', { exact: true }).fill('anna@example.org');
  await writerPage.getByRole('button', { name: 'Send invitations' }).click();
  await visible(writerPage.getByRole('status').filter({ hasText: 'Anna' }));
  await expectNoAxeViolations(writerPage, 'readers screen with an invited reader', { dark: true });
  await screenshot(writerPage, 'family-readers');

  // Anna opens the emailed link on her phone: no account, no password, the story at once.
  const invitation = await mailTo('anna@example.org', /invites you to read/);
  const anna = await openPage(browser, server.baseUrl, 'phone');
  await anna.page.goto(linkIn(invitation.text, /\/r\/\S+/));
  await visible(anna.page.getByText('We grew up among the apple trees.'));
  await expectNoAxeViolations(anna.page, 'story read with a reader pass', { dark: true });
  await screenshot(anna.page, 'family-reader-pass');

  // She follows by email, and confirms from the email (a scanner opening the link confirms nothing: GET asks).
  await anna.page.getByLabel('Your email address').fill('anna@example.org');
  await anna.page.getByRole('button', { name: 'Email me when it grows' }).click();
  await visible(anna.page.getByRole('status').filter({ hasText: 'Check your email' }));
  const confirm = await mailTo('anna@example.org', /confirm/i);
  await anna.page.goto(linkIn(confirm.text, /\/follow\/confirm\/\S+/));
  await expectNoAxeViolations(anna.page, 'confirm following page');
  await anna.page.getByRole('button', { name: 'Yes, email me' }).click();
  await hasText(anna.page.getByRole('heading', { level: 1 }), 'You follow this story');
  await expectNoAxeViolations(anna.page, 'following confirmed page');

  // Margaret adds a chapter; the day's digest names it and links to it.
  await publishStoryQuickly(
    writerContext,
    server.baseUrl,
    'The orchard',
    '<p>We grew up among the apple trees.</p><h2>The wedding</h2><p>Your grandfather wore his brother’s suit.</p>',
  );
  await writerPage.goto('/readers');
  await visible(followers(writerPage).getByText('anna@example.org'));
  expect(await sendFollowDigests(server.deps, { origin: server.baseUrl })).toBe(1);
  const digest = await mailTo('anna@example.org', /^New in “The orchard”: The wedding/);
  expect(digest.text).toContain('The wedding');
  expect(digest.html).not.toMatch(/<img/i);
  const header = (name: string) => digest.headerLines.find((h) => h.key === name)?.line ?? '';
  expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click/);
  const oneClick = header('list-unsubscribe').match(/<(http[^>]+)>/)![1]!;
  expect(digest.text).toContain(oneClick);

  // Her mail program unsubscribes in one click: a POST with no cookie and no Origin of ours.
  const res = await fetch(oneClick, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(res.status).toBe(200);
  await anna.page.goto(oneClick);
  await visible(anna.page.getByRole('button', { name: 'Unsubscribe' }));
  await expectNoAxeViolations(anna.page, 'unsubscribe page');
  await screenshot(anna.page, 'family-unsubscribe');
  await writerPage.reload();
  await visible(writerPage.getByRole('heading', { level: 2, name: 'Followers' }));
  await expect.poll(() => followers(writerPage).getByText('anna@example.org').count(), { timeout: 10_000 }).toBe(0);

  // Removing Anna ends her pass at once: the same phone, the same cookie, no story.
  await writerPage.getByRole('button', { name: 'Remove Anna' }).click();
  await writerPage.getByRole('button', { name: 'Remove', exact: true }).click();
  await hasText(writerPage.getByRole('heading', { level: 2, name: 'People you invited' }), 'People you invited');
  await expect.poll(() => writerPage.getByText('anna@example.org').count(), { timeout: 10_000 }).toBe(0);
  await seesNoStory(anna.page, writer.username);
  const after = await anna.context.request.get(`${server.baseUrl}/story/${writer.username}/page/1`);
  expect(await after.text()).not.toContain('apple trees');

  expect([...errors, ...anna.errors, ...stranger.errors]).toEqual([]);
  await Promise.all([writerContext.close(), anna.context.close(), stranger.context.close()]);
});
