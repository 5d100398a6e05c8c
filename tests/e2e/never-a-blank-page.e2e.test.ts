// Issue #25 "Never a blank page", its "Done when" as one writer's story on a phone (390x844), through the real server
// and Chromium, with real mail both ways (support/mail.ts):
// 1. Ruth registers, ticking "Send me one question a week", and signs in. On the write screen "Need an idea? Answer a
//    question" gives her a heading to write under; she adds a chapter of her own ("## ") and publishes through the
//    first publish's preview. A reader opens the story, opens its contents and follows the second chapter to page 2
//    ("Chapter 2 of 2").
// 2. The weekly question timer runs at her chosen time: the email is in the outbox and at the SMTP server, with its
//    reply address reply+<token>@MAIL_DOMAIN.
// 3. She replies from her mail program (nodemailer to the server's SMTP receiver): her answer over the quoted email, and
//    a JPEG. It comes back as a new chapter of her draft with the photo needing a description; the confirmation
//    email's link opens the write screen, she describes the photo and publishes; the reader finds "Chapter 3 of 3".
// 4. axe (light and dark) on every screen on the way, on the phone; the write screen with the picker open and the
//    story page with its contents at 1280x800 too. A screenshot at each step (test-output/screenshots/never-blank-*).
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { scheduleWeeklyQuestions } from '../../server/src/core/weekly-question/weekly-schedule';
import { mailTo } from '../support/outbox';
import { gradientJpeg } from '../support/photo-fixtures';
import { smtpClient } from '../support/reply-mail';
import { expectNoAxeViolations } from './support/axe';
import {
  hasCount,
  hidden,
  launchBrowser,
  openPage,
  pasteHtml,
  pressSaveStory,
  SCREENSHOTS,
  screenshot,
  signIn,
  startTheApp,
} from './support/e2e';
import { startServerWithMail, type E2eServerWithMail } from './support/mail';

let server: E2eServerWithMail;
let browser: Browser;

beforeAll(async () => {
  server = await startServerWithMail();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WAIT = { timeout: 20_000 };

const ruth = {
  first_name: 'Ruth',
  last_name: 'Allen',
  username: 'ruth_allen',
  email: 'ruth.allen@example.org',
  dob: '1948-03-14',
  password: 'a long password 1',
};

const SENTENCES = [
  'The kitchen smelled of bread and coal smoke, and my mother sang while she worked.',
  'We had one good coat between the three of us, and whoever went out first wore it.',
  'On Sundays my father polished his shoes on the back step and told us about the war, but only the funny parts.',
  'The river behind the houses froze most winters, and we slid on it until the light went.',
  'I remember the sound of the milk cart before dawn, and the horse that knew every door.',
];

/** About `words` words of paragraphs, as she might paste them from a notebook she typed up. */
function notebook(words: number): string {
  const paragraphs: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i += 5) {
    const sentences = Array.from({ length: 5 }, (_, k) => SENTENCES[(i + k) % SENTENCES.length]!);
    count += sentences.join(' ').split(/\s+/).length;
    paragraphs.push(`<p>${sentences.join(' ')}</p>`);
  }
  return paragraphs.join('');
}

/** The element is on screen within 20 s (the support's `visible` gives 10 s; first loads are slower on a busy machine). */
const shown = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 20_000 });

// The support's hasText and hasAttribute give each look 250 ms: on a loaded machine every look could miss. These give
// each look 5 s, and 20 s in all.
const oneLook = { timeout: 5_000 };

/** The element's text, whitespace collapsed, becomes `expected` (a string: equal; a RegExp: matches). */
async function saysText(locator: Locator, expected: string | RegExp): Promise<void> {
  const text = () =>
    locator
      .first()
      .textContent(oneLook)
      .then((t) => t?.replace(/\s+/g, ' ').trim() ?? null)
      .catch(() => null);
  if (typeof expected === 'string') await expect.poll(text, WAIT).toBe(expected);
  else await expect.poll(text, WAIT).toMatch(expected);
}

async function hasAttr(locator: Locator, name: string, expected: string | null): Promise<void> {
  await expect
    .poll(
      () =>
        locator
          .first()
          .getAttribute(name, oneLook)
          .catch(() => undefined),
      WAIT,
    )
    .toBe(expected);
}

const storyText = (page: Page) => page.getByRole('textbox', { name: 'Story' });
const picker = (page: Page) => page.getByRole('region', { name: 'Questions to start from' });
const contents = (page: Page) => page.getByRole('navigation', { name: 'Chapters', exact: true });
const chapterLink = (page: Page, title: string) =>
  contents(page).getByRole('link', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} page \\d+$`) });
const photosInEditor = (page: Page) => storyText(page).locator('figure.editor-photo');

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/**
 * axe light and dark and a screenshot, at the page's present width (and no sideways scroll on the phone). Within a
 * minute, or it fails naming the screen (a page that stopped answering would otherwise wait for the test's timeout).
 */
async function check(page: Page, label: string, shot: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`checking "${label}" took over a minute`)), 60_000);
  });
  const checked = (async () => {
    if ((page.viewportSize()?.width ?? 0) <= PHONE.width) await noSidewaysScroll(page);
    await expectNoAxeViolations(page, label, { dark: true });
    await screenshot(page, `never-blank-${shot}`);
  })();
  try {
    await Promise.race([checked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The screen as seen (not the full page): for a dialog, and for where a chapter link lands. */
async function screen(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOTS, `never-blank-${name}-screen-${width <= PHONE.width ? 'phone' : 'desktop'}.png`) });
}

/** The same screen at 1280x800 (`show` scrolled into view): axe and screenshots; then back to the phone. */
async function alsoOnDesktop(page: Page, label: string, shot: string, show: Locator): Promise<void> {
  await page.setViewportSize(DESKTOP);
  try {
    await show.scrollIntoViewIfNeeded();
    await check(page, `${label} (desktop)`, shot);
    await screen(page, shot);
  } finally {
    await page.setViewportSize(PHONE);
  }
}

/** The heading with `id` has the focus and is on screen (below the sticky bar, in the top half). */
async function landedOn(page: Page, id: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? null), WAIT).toBe(id);
  await expect
    .poll(
      () =>
        page.evaluate((headingId) => {
          const r = document.getElementById(headingId)!.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight / 2;
        }, id),
      WAIT,
    )
    .toBe(true);
}

/**
 * Page 1 of the story, its contents opened (closed at first on a phone), then the chapter followed to its heading;
 * `opening`: the line above the text of the page it lands on ("Chapter 2 of 3": how that page opens).
 */
async function followChapter(page: Page, title: string, count: number, opening: string): Promise<string> {
  await page.goto(`/story/${ruth.username}/page/1`);
  await shown(contents(page));
  const summary = contents(page).locator('summary');
  await saysText(summary, `Chapters (${count})`);
  const details = contents(page).locator('details');
  await expect.poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open), WAIT).toBe(false);
  await summary.click();
  await shown(chapterLink(page, title));
  const href = (await chapterLink(page, title).getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/story/${ruth.username}/page/\\d+#[a-z0-9-]+$`));
  await chapterLink(page, title).click();
  const [pathname, slug] = href.split('#') as [string, string];
  await page.waitForURL((url) => url.pathname === pathname && url.hash === `#${slug}`, WAIT);
  // A chapter link is a plain link until the app comes (on a first touch: client/src/lib/start-on-first-touch.ts);
  // the browser scrolls to the heading, and the app, once started, gives it the focus and marks the chapter.
  await startTheApp(page);
  await landedOn(page, slug);
  await saysText(page.locator('.chapter-context'), opening);
  // Loaded afresh, the page's contents are closed again on a phone: opened to see the chapter marked.
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await summary.click();
  await hasAttr(chapterLink(page, title), 'aria-current', 'true');
  return href;
}

/** A chapter's address opened at 1280x800: it lands on the heading, the contents listed beside it without a click. */
async function chapterOnDesktop(page: Page, href: string, title: string, opening: string, shot: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  try {
    await page.goto(href);
    await startTheApp(page);
    await landedOn(page, href.split('#')[1]!);
    await saysText(page.locator('.chapter-context'), opening);
    await expect
      .poll(
        () =>
          contents(page)
            .locator('details')
            .evaluate((d) => (d as HTMLDetailsElement).open),
        WAIT,
      )
      .toBe(true);
    await hasAttr(chapterLink(page, title), 'aria-current', 'true');
    await check(page, `${shot} with the contents (desktop)`, shot);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screen(page, shot);
  } finally {
    await page.setViewportSize(PHONE);
  }
}

/** The one message to Ruth whose subject matches, once the SMTP server has it. */
async function atSmtp(subject: RegExp): Promise<ParsedMail> {
  const find = () => server.smtp.messages.find((m) => m.envelopeTo.includes(ruth.email) && subject.test(m.subject ?? ''));
  await expect.poll(() => find() !== undefined, WAIT).toBe(true);
  return find()!;
}

/** The one message to Ruth in the outbox whose subject matches. */
async function inOutbox(subject: RegExp): Promise<ParsedMail> {
  const find = async () => (await mailTo(server, ruth.email)).filter((m) => subject.test(m.subject ?? ''));
  await expect.poll(async () => (await find()).length, WAIT).toBe(1);
  return (await find())[0]!;
}

it('a writer on her phone: a question, two chapters, read by the contents; the weekly email; a reply with a photo, published', async () => {
  // 1. Registers on her phone, asking for a question a week, and signs in.
  // On a failure, what the writer and the reader saw last (never-blank-failed-*-screen-phone.png).
  const onFailure: Array<() => Promise<void>> = [];
  onTestFailed(async () => {
    for (const shot of onFailure) await shot().catch(() => undefined);
  });
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone');
  onFailure.push(() => screen(page, 'failed-writer'));
  context.setDefaultTimeout(20_000);
  await page.goto('/register');
  await page.getByLabel('First name', { exact: true }).fill(ruth.first_name);
  await page.getByLabel('Last name', { exact: true }).fill(ruth.last_name);
  await page.getByLabel('Username', { exact: true }).fill(ruth.username);
  await page.getByLabel('Email', { exact: true }).fill(ruth.email);
  await page.getByLabel('Date of birth', { exact: true }).fill(ruth.dob);
  await page.getByLabel('Password', { exact: true }).fill(ruth.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(ruth.password);
  await page.getByRole('checkbox', { name: 'Send me one question a week to help me write', exact: true }).check();
  await check(page, 'register, a question a week ticked', 'register');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL((url) => url.pathname === '/login', WAIT);
  await check(page, 'login after registering', 'login');
  await signIn(page, ruth);

  // The write screen: not a blank page.
  await page.goto('/story/write');
  await storyText(page).waitFor({ state: 'visible', timeout: 30_000 }); // the editor's code comes after the page
  const toggle = page.getByRole('button', { name: 'Need an idea? Answer a question' });
  await expect.poll(() => toggle.isEnabled(), WAIT).toBe(true);
  // She asked for the weekly question at registration: no offer of it here.
  await hasCount(page.getByRole('link', { name: 'Get one question a week by email' }), 0);
  await check(page, 'write screen, new writer', 'write-empty');
  await page.getByLabel('Title').fill('My life, for Tom and Lily');
  await toggle.click();
  await shown(picker(page));
  await hasCount(picker(page).locator('.question-text'), 3);
  await check(page, 'write screen with the question picker', 'picker');
  await alsoOnDesktop(page, 'write screen with the question picker', 'picker', picker(page));
  const first = (await picker(page).locator('.question-text').first().textContent())!.trim();
  await picker(page)
    .locator('button.question-choice', { has: page.locator('.question-text', { hasText: first }) })
    .click();
  await hidden(picker(page));

  // Writes under the question's heading (the caret is there), then a chapter of her own with "## ".
  await shown(storyText(page).locator('h2', { hasText: first }));
  await expect.poll(() => storyText(page).evaluate((el) => el === document.activeElement), WAIT).toBe(true);
  await page.keyboard.type('I was born in the front room of a narrow house on Mill Lane.');
  await page.keyboard.press('Enter');
  // The rest from the notebook she typed up: more than half a page, so the next chapter starts page 2.
  await pasteHtml(page, notebook(520));
  await expect.poll(async () => ((await storyText(page).textContent()) ?? '').split(/\s+/).length, WAIT).toBeGreaterThan(520);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('## Our first house');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Tom carried me over the step of number twelve, and the roof leaked the very first night.');
  await hasCount(storyText(page).locator('h2'), 2);
  await saysText(storyText(page).locator('h2').nth(0), first);
  await saysText(storyText(page).locator('h2').nth(1), 'Our first house');
  await saysText(page.locator('.draft-status-text'), /saved/i);
  await check(page, 'write screen with two chapters', 'write-two-chapters');

  // Publish: the first time through page 1 as readers will see it.
  await page.getByRole('button', { name: 'Save Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Page 1 as your readers will see it' });
  await shown(preview);
  await check(page, 'first publish preview', 'preview');
  await screen(page, 'preview');
  await preview.getByRole('button', { name: 'Publish my story' }).click();
  await page.waitForURL((url) => url.pathname === `/story/${ruth.username}/page/1`, WAIT);

  // A reader on her phone: page 1 says which chapter it is; the contents lead to the second chapter on page 2.
  const reader = await openPage(browser, server.baseUrl, 'phone');
  onFailure.push(() => screen(reader.page, 'failed-reader'));
  reader.context.setDefaultTimeout(20_000);
  await reader.page.goto(`/story/${ruth.username}/page/1`);
  await saysText(reader.page.locator('.chapter-context'), 'Chapter 1 of 2');
  await saysText(contents(reader.page).locator('summary'), 'Chapters (2)');
  await check(reader.page, 'story page 1, contents closed', 'story-page-1');
  await contents(reader.page).locator('summary').click();
  await shown(chapterLink(reader.page, 'Our first house'));
  await check(reader.page, 'story page 1, contents open', 'contents-open');
  const secondHref = await followChapter(reader.page, 'Our first house', 2, 'Chapter 2 of 2');
  expect(secondHref).toBe(`/story/${ruth.username}/page/2#our-first-house`);
  await screen(reader.page, 'chapter-2');
  await check(reader.page, 'story page 2, the second chapter', 'chapter-2');
  await chapterOnDesktop(reader.page, secondHref, 'Our first house', 'Chapter 2 of 2', 'chapter-2');

  // 2. The weekly question timer, run at the time she chose (registration: today's weekday at 10:00, her zone).
  const setting = await server.deps.db
    .selectFrom('weekly_questions as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.state', 'w.next_at'])
    .where('u.username', '=', ruth.username)
    .executeTakeFirstOrThrow();
  expect(setting.state).toBe('on');
  const at = Number(setting.next_at);
  const timerLog: string[] = [];
  const timer = scheduleWeeklyQuestions(
    { ...server.deps, clock: { now: () => at }, runAlone: (fn) => server.deps.weeklyQuestionsAlone(fn) },
    () => ({ origin: server.baseUrl }),
    (m) => timerLog.push(m),
    24 * 60 * 60 * 1000,
  );
  try {
    expect(await timer.run()).toBe(true);
  } finally {
    timer.stop();
  }
  expect(timerLog).toEqual([]);
  const weekly = await atSmtp(/^Your question this week: /);
  const inBox = await inOutbox(/^Your question this week: /);
  const question = weekly.subject!.replace('Your question this week: ', '');
  expect(question).not.toBe(first); // the answered one is never asked again
  expect(inBox.subject).toBe(weekly.subject);
  expect(inBox.text).toBe(weekly.text);
  expect(weekly.text).toContain(`“${question}”`);
  expect(weekly.text).toContain('Or simply reply to this email.');
  expect(weekly.text).toMatch(new RegExp(`${server.baseUrl.replace(/\./g, '\\.')}/story/write\\?question=[a-z0-9-]+`));
  const replyTo = weekly.replyTo?.value[0]?.address ?? '';
  expect(replyTo).toMatch(new RegExp(`^reply\\+[0-9a-f]{32}@${server.mailDomain.replace(/\./g, '\\.')}$`));
  expect(inBox.replyTo?.value[0]?.address).toBe(replyTo);

  // 3. Her reply from her mail program: the answer over the quoted email, and a photo from her phone.
  const quoted = (weekly.text ?? '')
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  const sent = await smtpClient(server.inboundPort).sendMail({
    from: `Ruth Allen <${ruth.email}>`,
    to: replyTo,
    subject: `Re: ${weekly.subject}`,
    inReplyTo: weekly.messageId,
    references: weekly.messageId,
    text: `We kept hens in the yard, and I had to collect the eggs before school.\n\nThis is the yard, the summer before the war.\n\nOn ${weekly.date?.toUTCString()}, Life Story <${weekly.from?.value[0]?.address}> wrote:\n${quoted}\n`,
    attachments: [{ filename: 'IMG_0412.jpg', content: await gradientJpeg(1200, 900), contentType: 'image/jpeg' }],
  });
  expect(sent.accepted).toEqual([replyTo]);
  const confirmation = await atSmtp(/^Your answer is in your draft$/);
  expect(confirmation.text).toContain('Your answer is in your draft: read it over and publish.');
  expect(confirmation.text).toContain('Your photo is in it too.');
  await inOutbox(/^Your answer is in your draft$/);
  // Both questions are answered now: neither is offered nor emailed again.
  const answered = await server.deps.db
    .selectFrom('question_answers as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.state', 'q.heading'])
    .where('u.username', '=', ruth.username)
    .orderBy('q.at')
    .execute();
  expect(answered).toEqual([
    { state: 'answered', heading: first },
    { state: 'answered', heading: question },
  ]);
  const writeLink = (confirmation.text ?? '').match(/http:\/\/\S+\/story\/write\S*/)?.[0];
  expect(writeLink).toBe(`${server.baseUrl}/story/write?chapter=${encodeURIComponent(question)}`);

  // The confirmation's link: the answer as the last chapter of her draft, nothing of the quote, the photo waiting for
  // its description.
  await page.goto(writeLink!);
  await storyText(page).waitFor({ state: 'visible', timeout: 30_000 }); // the editor's code comes after the page
  const answerHeading = storyText(page).locator('h2', { hasText: question });
  await shown(answerHeading);
  // She lands on her answer, not on the top of a long draft: its heading in the top half of the screen, untouched.
  await expect
    .poll(async () => {
      const box = await answerHeading.boundingBox();
      return box !== null && box.y >= 0 && box.y < PHONE.height / 2;
    }, WAIT)
    .toBe(true);
  await screen(page, 'emailed-answer-landed');
  await hasCount(storyText(page).locator('h2'), 3);
  await shown(storyText(page).locator('p', { hasText: 'I had to collect the eggs before school.' }));
  expect(await storyText(page).textContent()).not.toMatch(/wrote:|simply reply/);
  await hasCount(photosInEditor(page), 1);
  const photo = photosInEditor(page).first();
  await hasAttr(photo.locator('img'), 'alt', '');
  await saysText(photo.locator('.editor-photo-note span'), 'No description yet for people who cannot see this photo.');
  await photo.scrollIntoViewIfNeeded();
  await check(page, 'write screen with the emailed answer and its photo', 'emailed-answer');
  await screen(page, 'emailed-answer');

  // She describes the photo and publishes.
  await photo.getByRole('button', { name: 'Describe photo' }).click();
  const describe = page.getByRole('dialog');
  await saysText(describe.getByRole('heading'), 'Describe this photo');
  await check(page, 'describe the emailed photo', 'describe-photo');
  await screen(page, 'describe-photo');
  const description = 'The back yard with the hen house, my mother at the gate';
  await describe.getByLabel('What does the photo show?').fill(description);
  await describe.getByRole('button', { name: 'Save description' }).click();
  await hidden(describe);
  await saysText(photo.locator('.editor-photo-note span'), `Description: ${description}`);
  await saysText(page.locator('.draft-status-text'), /saved/i);
  await photo.scrollIntoViewIfNeeded();
  await check(page, 'write screen, the emailed photo described', 'photo-described');
  await pressSaveStory(page, { first: false });
  await page.waitForURL((url) => url.pathname.startsWith(`/story/${ruth.username}`), WAIT);

  // The reader finds the new chapter in the contents, with the photo and its description.
  const thirdHref = await followChapter(reader.page, question, 3, 'Chapter 2 of 3');
  await screen(reader.page, 'chapter-3');
  const readerPhoto = reader.page.locator('.story-text figure img');
  await hasCount(readerPhoto, 1);
  await hasAttr(readerPhoto, 'alt', description);
  await readerPhoto.scrollIntoViewIfNeeded();
  await expect.poll(() => readerPhoto.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), WAIT).toBe(true);
  await shown(reader.page.getByText('We kept hens in the yard, and I had to collect the eggs before school.'));
  await check(reader.page, 'story page with the emailed chapter', 'chapter-3');
  await chapterOnDesktop(reader.page, thirdHref, question, 'Chapter 2 of 3', 'chapter-3');

  expect(errors).toEqual([]);
  expect(reader.errors).toEqual([]);
  await reader.context.close();
  await context.close();
}, 360_000);
