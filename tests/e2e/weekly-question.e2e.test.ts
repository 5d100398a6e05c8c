// Issue #25, "One question a week, answered by email" (docs/decisions/0031-one-question-a-week.md), light and dark,
// with axe. On a phone (390x844), where our writers are, the journeys: the registration form's unticked checkbox; the
// write screen's "Get one question a week by email" opens the setting; she starts it with a day and a time; at that time
// the email arrives (the outbox on disk) with its question, Reply-To and one-click unsubscribe; its link opens the write
// screen with the question as a new chapter, once, even after a reload; she types and publishes; pause and resume.
// At 1280 px, each of those screens in its state, the setting and the story put in place through the API.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendWeeklyQuestions } from '../../server/src/core/weekly-question/send-weekly-questions';
import { outbox, toAddress } from '../support/outbox';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  openPage,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
  pressSaveStory,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const section = (page: Page) => page.getByRole('region', { name: 'One question a week' });

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The same screenshot in the dark colour scheme (the styles follow prefers-color-scheme; no reload). */
async function darkScreenshot(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await screenshot(page, name);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

/** Every button, select and link of the element at least 44 px tall. */
async function bigTargets(page: Page, selector: string): Promise<void> {
  const small = await page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll('button, select, a')]
        .filter((el) => el.getBoundingClientRect().height > 0 && el.getBoundingClientRect().height < 44)
        .map((el) => `${el.tagName} ${el.textContent?.trim()} ${el.getBoundingClientRect().height}`),
    );
  expect(small).toEqual([]);
}

/** The email's question and the link to its chapter, once the week's question is sent to `email` at `at`. */
async function sendAt(at: number, email: string) {
  expect(await sendWeeklyQuestions({ ...server.deps, clock: { now: () => at } }, { origin: server.baseUrl })).toBe(1);
  const mails = (await outbox(server)).filter((m) => toAddress(m) === email);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  const question = mail.subject!.replace('Your question this week: ', '');
  const link = (mail.text ?? '').match(/http:\/\/\S+\/story\/write\?question=[a-z0-9-]+/)![0];
  return { mail, question, link };
}

/** When the week's question of `username` is next due (ms), and in which time zone. */
async function nextAt(username: string) {
  const row = await server.deps.db
    .selectFrom('weekly_questions as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.next_at', 'w.time_zone'])
    .where('u.username', '=', username)
    .executeTakeFirstOrThrow();
  return { at: Number(row.next_at), timeZone: row.time_zone };
}

describe('the weekly question', () => {
  it('on the phone: offers the unticked checkbox at registration', async () => {
    const viewport = 'phone';
    const { page, errors } = await openPage(browser, server.baseUrl, viewport);
    await page.goto('/register');
    const box = page.getByRole('checkbox', { name: 'Send me one question a week to help me write', exact: true });
    await visible(box);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `register with the weekly question (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-register');
    // Registering with it ticked: on, today's weekday (UTC, the browser's zone here) at 10:00.
    const username = `weekly_${viewport}`;
    await page.getByLabel('First name', { exact: true }).fill('Ruth');
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(`${username}@example.org`);
    await page.getByLabel('Date of birth', { exact: true }).fill('1950-04-02');
    await page.getByLabel('Password', { exact: true }).fill('a long password 1');
    await page.getByLabel('Confirm password', { exact: true }).fill('a long password 1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const row = await server.deps.db
      .selectFrom('weekly_questions as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.state', 'w.day', 'w.minute', 'w.time_zone'])
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'on', day: new Date().getUTCDay(), minute: 600, time_zone: 'UTC' });
    expect(errors).toEqual([]);
    // Her question is due today at 10:00, which may come before the next test's Wednesday 9:30 (run on a Saturday,
    // both were sent there): the next test counts the questions it sends, so hers is paused here.
    const user = await server.deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await server.deps.db.updateTable('weekly_questions').set({ state: 'paused', next_at: null }).where('user_id', '=', user.id).execute();
  });

  it('on the phone: opts in from the settings, gets the email at the chosen time, opens its chapter, writes and publishes', async () => {
    const viewport = 'phone';
    const me = await registerPerson(server.baseUrl, { first_name: 'Margaret' });
    const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(context, server.baseUrl, me);
    await publishStoryQuickly(context, server.baseUrl, 'My life', '<p>Where it all began.</p>');

    // The write screen's line, by "Need an idea? Answer a question".
    await page.goto('/story/write');
    await visible(storyText(page));
    const line = page.getByRole('link', { name: 'Get one question a week by email', exact: true });
    await visible(line);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `write screen with the weekly question line (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-write');
    await darkScreenshot(page, 'weekly-question-write-dark');
    await line.click();

    // The setting, in the notification settings.
    await page.waitForURL((url) => url.pathname === '/notifications' && url.hash === '#weekly-question');
    await visible(section(page));
    await hasText(section(page).locator('.weekly-question-state'), 'Off. No questions are sent.');
    await section(page).getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
    await section(page).getByLabel('Time', { exact: true }).selectOption({ label: '9:30 AM' });
    await section(page).getByRole('button', { name: 'Start', exact: true }).click();
    await visible(section(page).getByRole('status').filter({ hasText: 'Started.' }));
    await hasText(section(page).locator('.weekly-question-state'), /^On\. The next question comes on Wednesday \d+ \w+ at 9:30 AM\.$/);
    await visible(section(page).getByRole('button', { name: 'Pause', exact: true }));
    await visible(section(page).getByRole('button', { name: 'Stop', exact: true }));
    await bigTargets(page, '.weekly-question-settings');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `weekly question settings, on (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-settings');
    await darkScreenshot(page, 'weekly-question-settings-dark');

    // Time moves to the chosen time (the browser's zone is UTC): one email.
    const userId = (await server.deps.db.selectFrom('users').select('id').where('username', '=', me.username).executeTakeFirstOrThrow()).id;
    const { at, timeZone } = await nextAt(me.username);
    expect(timeZone).toBe('UTC');
    expect(new Date(at).getUTCDay()).toBe(3);
    expect(new Date(at).toISOString().slice(11, 16)).toBe('09:30');
    const { mail, question, link } = await sendAt(at, me.email);
    expect(mail.text).toContain(`“${question}”`);
    expect(mail.text).toContain('Or simply reply to this email.');
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line ?? '';
    expect(header('reply-to')).toMatch(/reply\+[0-9a-f]{32}@/);
    expect(header('list-unsubscribe')).toMatch(/<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/question\/\S+>/);
    expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click/);

    // Its link: the write screen with the question as a new chapter, the caret under it.
    await page.goto(link);
    const chapter = storyText(page).locator('h2', { hasText: question });
    await visible(chapter);
    // The address loses its question (a same-document change: no load event to wait for).
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('');
    expect(await storyText(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('We lived above the bakery on Elm Street.');
    await hasText(page.locator('.draft-status-text'), /saved/i);
    // A reload, and the link opened again: still one chapter.
    await page.reload();
    await visible(storyText(page));
    await hasCount(storyText(page).locator('h2', { hasText: question }), 1);
    await page.goto(link);
    await visible(storyText(page).locator('h2', { hasText: question }));
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('');
    await hasCount(storyText(page).locator('h2', { hasText: question }), 1);
    await expectNoAxeViolations(page, `write screen with the emailed question (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-chapter');

    await pressSaveStory(page, { first: false });
    await page.waitForURL((url) => url.pathname.startsWith(`/story/${me.username}`));
    await visible(page.getByRole('heading', { level: 2, name: question }));
    await visible(page.getByText('We lived above the bakery on Elm Street.'));
    const answered = await server.deps.db.selectFrom('question_answers').select('state').where('user_id', '=', userId).execute();
    expect(answered).toEqual([{ state: 'answered' }]);

    // Pause, then Resume.
    await page.goto('/notifications#weekly-question');
    await section(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await hasText(section(page).locator('.weekly-question-state'), 'Paused. No questions are sent until you resume.');
    await expectNoAxeViolations(page, `weekly question settings, paused (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-paused');
    await section(page).getByRole('button', { name: 'Resume', exact: true }).click();
    await visible(section(page).getByRole('button', { name: 'Pause', exact: true }));
    expect(errors).toEqual([]);
    // Four openings of the write screen and three axe checks, light and dark: about a minute on a busy machine.
  }, 120_000);

  it('at 1280 px: registration, the write screen line, the setting on, the emailed chapter and the setting paused fit and pass axe', async () => {
    const viewport = 'desktop';
    const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
    await page.goto('/register');
    const box = page.getByRole('checkbox', { name: 'Send me one question a week to help me write', exact: true });
    await visible(box);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `register with the weekly question (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-register');

    // Signed in, with a story; the weekly question off: the write screen's line.
    const me = await registerPerson(server.baseUrl, { first_name: 'Margaret' });
    await signInQuickly(context, server.baseUrl, me);
    await publishStoryQuickly(context, server.baseUrl, 'My life', '<p>Where it all began.</p>');
    await page.goto('/story/write');
    await visible(storyText(page));
    await visible(page.getByRole('link', { name: 'Get one question a week by email', exact: true }));
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `write screen with the weekly question line (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-write');
    await darkScreenshot(page, 'weekly-question-write-dark');

    // Started through the API (the phone journey starts it on the screen): the setting, on.
    const res = await context.request.post(`${server.baseUrl}/trpc/weeklyQuestion.set`, {
      data: { day: 3, minute: 570, time_zone: 'UTC' },
      headers: { origin: server.baseUrl },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/notifications#weekly-question');
    await hasText(section(page).locator('.weekly-question-state'), /^On\. The next question comes on Wednesday \d+ \w+ at 9:30 AM\.$/);
    await bigTargets(page, '.weekly-question-settings');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `weekly question settings, on (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-settings');
    await darkScreenshot(page, 'weekly-question-settings-dark');

    // The email, sent as at its time: its link opens the write screen with the chapter.
    const { question, link } = await sendAt((await nextAt(me.username)).at, me.email);
    await page.goto(link);
    await visible(storyText(page).locator('h2', { hasText: question }));
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `write screen with the emailed question (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-chapter');

    // Paused.
    await page.goto('/notifications#weekly-question');
    await section(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await hasText(section(page).locator('.weekly-question-state'), 'Paused. No questions are sent until you resume.');
    await bigTargets(page, '.weekly-question-settings');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `weekly question settings, paused (${viewport})`, { dark: true });
    await screenshot(page, 'weekly-question-paused');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
