// Issue #25, "The family asks" (docs/decisions/0032-the-family-asks.md), light and dark, with axe. On a phone
// (390x844), where our writers are, the journeys: the writer invites her granddaughter from the Readers screen; Anna
// opens the emailed link signed in (her account joins the circle) and asks from the story page; the writer finds "Asked
// by Anna" first in her question picker, answers it (the chapter lands in her draft) and publishes; Anna gets the
// notification and the email; and the weekly email asks Anna's question first. At 1280 px, each of those screens in its
// state, the circle, the setting and the email put in place through the API.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendWeeklyQuestions } from '../../server/src/core/weekly-question/send-weekly-questions';
import { mailTo } from '../support/outbox';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hasText,
  hidden,
  openPage,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
  type E2eServer,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;

withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const QUESTION = 'What did you and Grandpa do on your first date?';

/** The one mail to `address` whose subject matches, once it is in the outbox. */
async function mailFor(address: string, subject: RegExp) {
  const find = async () => (await mailTo(server, address)).find((m) => subject.test(m.subject ?? ''));
  await expect.poll(async () => (await find()) !== undefined, { timeout: 10_000 }).toBe(true);
  return (await find())!;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Every button of the region at least 44 px tall and wide. */
async function bigTargets(page: Page, selector: string): Promise<void> {
  const small = await page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll('button')]
        .map((b) => ({ name: b.textContent?.trim() ?? '', h: b.getBoundingClientRect().height, w: b.getBoundingClientRect().width }))
        .filter((b) => b.h < 44 || b.w < 44),
    );
  expect(small).toEqual([]);
}

/** A screenshot in the dark colour scheme too. */
async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await screenshot(page, `${name}-dark`);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

/** A tRPC mutation as the signed-in person of the context. */
async function call(context: BrowserContext, path: string, data: unknown): Promise<void> {
  const res = await context.request.post(`${server.baseUrl}/trpc/${path}`, { data, headers: { origin: server.baseUrl } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sends the week's question of `username`, as at its time (one email). */
async function sendWeekly(username: string): Promise<void> {
  const userId = (await server.deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const { next_at } = await server.deps.db
    .selectFrom('weekly_questions')
    .select('next_at')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(await sendWeeklyQuestions({ ...server.deps, clock: { now: () => Number(next_at) } }, { origin: server.baseUrl })).toBe(1);
}

describe('the family asks', () => {
  it('on the phone: a reader of the circle asks; the writer sees "Asked by Anna", answers, publishes; the reader is told', async () => {
    const viewport = 'phone';
    const rose = await registerPerson(server.baseUrl, { first_name: 'Rose', last_name: 'Hill' });
    const anna = await registerPerson(server.baseUrl, { first_name: 'Anna', last_name: 'Hill' });
    const writer = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(writer.context, server.baseUrl, rose);
    await publishStoryQuickly(writer.context, server.baseUrl, 'My life', '<p>I was born in a house by the river.</p>');

    // Rose invites Anna on the Readers screen.
    await writer.page.goto('/readers');
    await hasText(writer.page.getByRole('heading', { level: 1 }), 'Your readers');
    await writer.page.getByLabel('Name', { exact: true }).fill('Anna');
    await writer.page.getByLabel('Email address', { exact: true }).fill(anna.email);
    await writer.page.getByRole('button', { name: 'Send invitations' }).click();
    await visible(writer.page.getByRole('status').filter({ hasText: 'Anna' }));

    // Anna, signed in on her own device, opens the emailed link: her account joins the circle.
    const invitation = await mailFor(anna.email, /invites you to read/);
    const link = invitation.text?.match(/http:\/\/\S+\/r\/\S+/)?.[0];
    expect(link).toBeDefined();
    const reader = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(reader.context, server.baseUrl, anna);
    await reader.page.goto(link!);
    await visible(reader.page.getByText('I was born in a house by the river.'));

    // She asks from the story page.
    const ask = reader.page.getByRole('button', { name: 'Ask Rose a question' });
    await visible(ask);
    await ask.click();
    const box = reader.page.getByRole('textbox', { name: 'Your question' });
    await visible(box);
    await box.fill(QUESTION);
    await bigTargets(reader.page, '.ask-question');
    await noSidewaysScroll(reader.page);
    await reader.page.locator('.ask-question').scrollIntoViewIfNeeded();
    await shots(reader.page, 'family-asks-form');
    await expectNoAxeViolations(reader.page, 'story page with the ask form', { dark: true });
    await reader.page.getByRole('button', { name: 'Send question' }).click();
    await hasText(reader.page.locator('.ask-question [role="status"]'), 'Sent. Rose will see it when writing.');
    await hidden(box);
    await shots(reader.page, 'family-asks-sent');
    await expectNoAxeViolations(reader.page, 'story page after asking', { dark: true });

    // Rose opens her question picker: Anna's question is first, with three choices.
    await writer.page.goto('/story/write');
    const storyText = writer.page.getByRole('textbox', { name: 'Story' });
    await visible(storyText);
    await writer.page.getByRole('button', { name: 'Need an idea? Answer a question' }).click();
    const picker = writer.page.getByRole('region', { name: 'Questions to start from' });
    await visible(picker);
    await hasCount(picker.locator('.question-text'), 3);
    expect((await picker.locator('.question-text').first().textContent())?.trim()).toBe(QUESTION);
    const asked = picker.getByRole('button', { name: `Asked by Anna ${QUESTION}` });
    await visible(asked);
    await hasCount(picker.getByRole('button', { name: 'Keep for later' }), 3);
    await hasCount(picker.getByRole('button', { name: 'Not for me' }), 3);
    await bigTargets(writer.page, '.question-panel');
    await noSidewaysScroll(writer.page);
    await shots(writer.page, 'family-asks-picker');
    await expectNoAxeViolations(writer.page, 'write screen with an asked question', { dark: true });

    // She answers it: the chapter goes into the draft; nobody is told until she publishes.
    await asked.click();
    await hidden(picker);
    await visible(storyText.locator('h2', { hasText: QUESTION }));
    await writer.page.keyboard.type('We went dancing at the town hall, and he stood on my feet all night.');
    await hasText(writer.page.locator('.draft-status-text'), /saved/i);
    await server.deps.projector.drain();
    expect((await mailTo(server, anna.email)).filter((m) => m.subject === 'Rose answered your question')).toEqual([]);
    await writer.page.getByRole('button', { name: 'Save Story' }).click();
    await writer.page.waitForURL(`**/story/${rose.username}/page/1`);
    await visible(writer.page.locator('.story-text h2', { hasText: QUESTION }));

    // Anna is told: an email with a link to the chapter, and a notification.
    const told = await mailFor(anna.email, /^Rose answered your question$/);
    expect(told.text).toContain(`You asked Rose: “${QUESTION}”`);
    await server.deps.projector.drain();
    await reader.page.goto('/notifications');
    const notice = reader.page.getByRole('link', { name: /Rose Hill answered your question in their story this week/ });
    await visible(notice);
    await noSidewaysScroll(reader.page);
    await shots(reader.page, 'family-asks-notification');
    await expectNoAxeViolations(reader.page, 'notifications with an answered question', { dark: true });
    // By keyboard: the two-line link's middle falls between its lines on a phone.
    await notice.focus();
    await reader.page.keyboard.press('Enter');
    await reader.page.waitForURL(`**/story/${rose.username}/page/1`);
    await visible(reader.page.locator('.story-text h2', { hasText: QUESTION }));

    expect(writer.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await writer.context.close();
    await reader.context.close();
  }, 180_000);

  it("on the phone: the weekly email asks Anna's question first; its link opens the chapter; the publish tells Anna", async () => {
    const viewport = 'phone';
    const rose = await registerPerson(server.baseUrl, { first_name: 'Rose', last_name: 'Hill' });
    const anna = await registerPerson(server.baseUrl, { first_name: 'Anna', last_name: 'Hill' });
    const writer = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(writer.context, server.baseUrl, rose);
    await publishStoryQuickly(writer.context, server.baseUrl, 'My life', '<p>I was born in a house by the river.</p>');
    // Rose gets one question a week, invites Anna; Anna joins and asks (the screens for these are the test above's).
    await call(writer.context, 'weeklyQuestion.set', { day: 3, minute: 570, time_zone: 'UTC' });
    await call(writer.context, 'circle.invite', { readers: [{ email: anna.email, name: 'Anna' }] });
    const link = (await mailFor(anna.email, /invites you to read/)).text?.match(/http:\/\/\S+\/r\/\S+/)?.[0];
    const reader = await openPage(browser, server.baseUrl, viewport);
    await signInQuickly(reader.context, server.baseUrl, anna);
    await reader.page.goto(link!);
    await visible(reader.page.getByText('I was born in a house by the river.'));
    await call(reader.context, 'questions.ask', { username: rose.username, text: QUESTION });

    // The week's email: Anna's question, saying who asked.
    await sendWeekly(rose.username);
    const mail = await mailFor(rose.email, /^Your question this week/);
    expect(mail.subject).toBe(`Your question this week, from Anna: ${QUESTION}`);
    expect(mail.text).toContain(`Anna asked: “${QUESTION}”`);
    const write = (mail.text ?? '').match(/http:\/\/\S+\/story\/write\?question=asked-\d+/)![0];

    // Its link: the write screen with the question as a new chapter; she writes and publishes.
    await writer.page.goto(write);
    const storyText = writer.page.getByRole('textbox', { name: 'Story' });
    await visible(storyText.locator('h2', { hasText: QUESTION }));
    await expect.poll(() => new URL(writer.page.url()).search, { timeout: 10_000 }).toBe('');
    await writer.page.keyboard.type('We went dancing at the town hall.');
    await hasText(writer.page.locator('.draft-status-text'), /saved/i);
    await noSidewaysScroll(writer.page);
    await shots(writer.page, 'family-asks-emailed-chapter');
    await expectNoAxeViolations(writer.page, 'write screen with an emailed family question', { dark: true });
    expect((await mailTo(server, anna.email)).filter((m) => m.subject === 'Rose answered your question')).toEqual([]);
    await writer.page.getByRole('button', { name: 'Save Story' }).click();
    await writer.page.waitForURL(`**/story/${rose.username}/page/1`);
    await visible(writer.page.locator('.story-text h2', { hasText: QUESTION }));
    expect((await mailFor(anna.email, /^Rose answered your question$/)).text).toContain(`You asked Rose: “${QUESTION}”`);

    expect(writer.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await writer.context.close();
    await reader.context.close();
  }, 180_000);

  it('at 1280 px: the ask form, the sent question, the asked question in the picker, its emailed chapter and the notification fit and pass axe', async () => {
    const rose = await registerPerson(server.baseUrl, { first_name: 'Rose', last_name: 'Hill' });
    const anna = await registerPerson(server.baseUrl, { first_name: 'Anna', last_name: 'Hill' });
    const writer = await openPage(browser, server.baseUrl, 'desktop');
    await signInQuickly(writer.context, server.baseUrl, rose);
    await publishStoryQuickly(writer.context, server.baseUrl, 'My life', '<p>I was born in a house by the river.</p>');
    // Rose gets one question a week and invites Anna through the API; Anna joins by the emailed link.
    await call(writer.context, 'weeklyQuestion.set', { day: 3, minute: 570, time_zone: 'UTC' });
    await call(writer.context, 'circle.invite', { readers: [{ email: anna.email, name: 'Anna' }] });
    const link = (await mailFor(anna.email, /invites you to read/)).text?.match(/http:\/\/\S+\/r\/\S+/)?.[0];
    const reader = await openPage(browser, server.baseUrl, 'desktop');
    await signInQuickly(reader.context, server.baseUrl, anna);
    await reader.page.goto(link!);
    await visible(reader.page.getByText('I was born in a house by the river.'));

    // The story page with the ask form, then with the question sent.
    await reader.page.getByRole('button', { name: 'Ask Rose a question' }).click();
    const box = reader.page.getByRole('textbox', { name: 'Your question' });
    await visible(box);
    await box.fill(QUESTION);
    await bigTargets(reader.page, '.ask-question');
    await noSidewaysScroll(reader.page);
    await reader.page.locator('.ask-question').scrollIntoViewIfNeeded();
    await shots(reader.page, 'family-asks-form');
    await expectNoAxeViolations(reader.page, 'story page with the ask form', { dark: true });
    await reader.page.getByRole('button', { name: 'Send question' }).click();
    await hasText(reader.page.locator('.ask-question [role="status"]'), 'Sent. Rose will see it when writing.');
    await noSidewaysScroll(reader.page);
    await shots(reader.page, 'family-asks-sent');
    await expectNoAxeViolations(reader.page, 'story page after asking', { dark: true });

    // Rose's picker with "Asked by Anna" first.
    await writer.page.goto('/story/write');
    const storyText = writer.page.getByRole('textbox', { name: 'Story' });
    await visible(storyText);
    await writer.page.getByRole('button', { name: 'Need an idea? Answer a question' }).click();
    const picker = writer.page.getByRole('region', { name: 'Questions to start from' });
    await visible(picker.getByRole('button', { name: `Asked by Anna ${QUESTION}` }));
    await hasCount(picker.locator('.question-text'), 3);
    await bigTargets(writer.page, '.question-panel');
    await noSidewaysScroll(writer.page);
    await shots(writer.page, 'family-asks-picker');
    await expectNoAxeViolations(writer.page, 'write screen with an asked question', { dark: true });

    // The weekly email's link: the write screen with the chapter; she publishes.
    await sendWeekly(rose.username);
    const write = ((await mailFor(rose.email, /^Your question this week/)).text ?? '').match(
      /http:\/\/\S+\/story\/write\?question=asked-\d+/,
    )![0];
    await writer.page.goto(write);
    await visible(storyText.locator('h2', { hasText: QUESTION }));
    await expect.poll(() => new URL(writer.page.url()).search, { timeout: 10_000 }).toBe('');
    // The chapter needs words of its own to count as an answer (the journeys type them too).
    await writer.page.keyboard.type('We went dancing at the town hall.');
    await hasText(writer.page.locator('.draft-status-text'), /saved/i);
    await noSidewaysScroll(writer.page);
    await shots(writer.page, 'family-asks-emailed-chapter');
    await expectNoAxeViolations(writer.page, 'write screen with an emailed family question', { dark: true });
    await writer.page.getByRole('button', { name: 'Save Story' }).click();
    await writer.page.waitForURL(`**/story/${rose.username}/page/1`);

    // Anna's notifications with the answer.
    await mailFor(anna.email, /^Rose answered your question$/);
    await server.deps.projector.drain();
    await reader.page.goto('/notifications');
    await visible(reader.page.getByRole('link', { name: /Rose Hill answered your question in their story this week/ }));
    await noSidewaysScroll(reader.page);
    await shots(reader.page, 'family-asks-notification');
    await expectNoAxeViolations(reader.page, 'notifications with an answered question', { dark: true });

    expect(writer.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await writer.context.close();
    await reader.context.close();
  }, 120_000);
});
