// The journey, end to end in Chromium, as two people would live it:
// register (under-16 and mismatch first) -> login -> write a 3-page story in the real editor -> read it page
// by page -> another person likes, saves, comments -> search finds it while typing -> top and new lists show
// it -> saved list -> the author goes private and the reader no longer sees name, age and picture ->
// picture uploaded and deleted -> story deleted -> account deleted.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  hasAttribute,
  hasCount,
  hasText,
  hidden,
  openPage,
  pasteHtml,
  person,
  projected,
  registerPerson,
  screenshot,
  signIn,
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

const TITLE = 'Winters on Lantern Street';
const paragraphs = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `<p>${Array.from({ length: 100 }, (_, w) => `lantern${from + i}word${w}`).join(' ')}.</p>`).join(
    '',
  );

const topPager = (page: Page) => page.getByRole('navigation', { name: 'Story pages', exact: true });

async function fillRegistration(page: Page, p: ReturnType<typeof person>, dob: string, confirm: string) {
  await page.getByLabel('First name').fill(p.first_name);
  await page.getByLabel('Last name').fill(p.last_name);
  await page.getByLabel('Username').fill(p.username);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Date of birth').fill(dob);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirm);
  await page.getByRole('button', { name: 'Register' }).click();
}

it('lives the whole journey of an author and a reader', async () => {
  const author = person({ first_name: 'Ilse', last_name: 'Marrow', dob: '1961-02-03' });
  const a = await openPage(browser, server.baseUrl);
  const page = a.page;

  // Register: refused under 16, refused on a mismatch, then accepted.
  await page.goto('/register');
  const fifteen = new Date();
  fifteen.setFullYear(fifteen.getFullYear() - 15);
  await fillRegistration(page, author, fifteen.toISOString().slice(0, 10), author.password);
  await hasText(page.getByRole('alert'), 'You must be at least 16 years old to register.');
  await fillRegistration(page, author, author.dob, 'something else entirely');
  await hasText(page.getByRole('alert'), 'Passwords do not match.');
  await expectNoAxeViolations(page, 'register with a password mismatch');
  await fillRegistration(page, author, author.dob, author.password);
  await page.waitForURL('**/login?registered=1');

  // Login.
  await signIn(page, author);
  await page.waitForURL(`${server.baseUrl}/`);

  // Write a story long enough for three pages in the real editor: typed, then the bulk pasted.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your Story' }).click();
  await hasText(page.getByRole('heading', { level: 1 }), "You haven't written a story yet!");
  await page.getByRole('link', { name: 'Start Writing Your Story' }).click();
  const editor = page.getByRole('textbox', { name: 'Story' });
  await visible(editor);
  await page.getByLabel('Title').fill(TITLE);
  await editor.click();
  await page.keyboard.type('The street had one lamp, and my mother lit it every evening.');
  await page.keyboard.press('Enter');
  await pasteHtml(page, paragraphs(0, 24));
  await hasCount(editor.locator('p', { hasText: 'lantern23word0' }), 1);
  await expectNoAxeViolations(page, 'write story, a long pasted text in the editor');
  await pressSaveStory(page, { first: true });
  await page.waitForURL(`**/story/${author.username}/page/1`);

  // Read it page by page.
  await hasText(page.getByRole('heading', { level: 1 }), TITLE);
  await visible(page.locator('.story-text', { hasText: 'my mother lit it every evening' }));
  await hasText(topPager(page).getByRole('combobox'), /1\s*2\s*3/);
  await topPager(page).getByRole('button', { name: 'Next Page' }).click();
  await page.waitForURL(`**/story/${author.username}/page/2`);
  await hidden(page.locator('.story-text', { hasText: 'my mother lit it every evening' }));
  await topPager(page).getByRole('button', { name: 'Next Page' }).click();
  await page.waitForURL(`**/story/${author.username}/page/3`);
  await visible(page.locator('.story-text', { hasText: 'lantern23word99' }));
  await expectNoAxeViolations(page, 'the last page of the author’s story');
  await hasCount(topPager(page).getByRole('button', { name: 'Next Page' }), 0);
  await topPager(page).getByRole('button', { name: 'Previous Page' }).click();
  await page.waitForURL(`**/story/${author.username}/page/2`);

  // A picture for the author, so that privacy has something to hide.
  await page.goto('/profile/edit/picture');
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#b0603a' } })
    .png()
    .toBuffer();
  await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Save Profile Picture' }).click();
  await page.waitForURL('**/profile/edit?saved=picture');

  // Another person likes, saves and comments.
  const reader = await registerPerson(server.baseUrl);
  const r = await openPage(browser, server.baseUrl, 'phone');
  const rp = r.page;
  await signIn(rp, reader);
  await rp.goto(`/story/${author.username}/page/1`);
  await hasText(rp.locator('.story-author-details'), /^Ilse Marrow · \d+ years old$/);
  await visible(rp.locator('.story-header img.story-avatar'));
  const top = rp.locator('.story-bar').first();
  await top.getByRole('button', { name: 'Like' }).click();
  await hasAttribute(top.getByRole('button', { name: 'Unlike' }), 'aria-pressed', 'true');
  await top.getByRole('button', { name: 'Save' }).click();
  await hasAttribute(top.getByRole('button', { name: 'Unsave' }), 'aria-pressed', 'true');
  await rp.getByRole('textbox', { name: 'Comment' }).fill('I could smell the lamp oil. Thank you for this.');
  await rp.keyboard.press('Enter');
  await hasText(rp.locator('.comment-list > li').first(), /I could smell the lamp oil/);
  await screenshot(rp, 'journey-reader-story');
  await expectNoAxeViolations(rp, 'a liked, saved and commented story', { dark: true });
  await projected(server);

  // Search finds it while typing.
  await rp.goto('/explore');
  const box = rp.getByRole('searchbox');
  await box.pressSequentially('Winters on Lant', { delay: 30 });
  await visible(rp.locator('.story-row', { hasText: TITLE }));
  await visible(rp.locator('.story-row mark', { hasText: 'Lant' }));
  await expectNoAxeViolations(rp, 'explore with search results', { dark: true });

  // Top and new lists show it; so does the reader's saved list.
  await rp.goto('/explore/top');
  await visible(rp.locator('.story-row', { hasText: TITLE }));
  await rp.getByRole('tab', { name: 'This Month' }).click();
  await visible(rp.locator('.story-row', { hasText: TITLE }));
  await expectNoAxeViolations(rp, 'top stories, this month', { dark: true });
  await rp.goto('/explore/new');
  await visible(rp.locator('.story-row', { hasText: TITLE }));
  await rp.goto('/saved');
  await visible(rp.locator('.story-row', { hasText: TITLE }));
  await expectNoAxeViolations(rp, 'saved stories', { dark: true });

  // The author goes private: the reader no longer sees the name, the age or the picture.
  await page.goto('/profile/edit');
  await page.getByRole('radio', { name: 'Private' }).check();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await page.waitForURL('**/profile');
  await rp.goto(`/story/${author.username}/page/1`);
  await hasText(rp.locator('.story-byline'), `By ${author.username}`);
  await hasCount(rp.locator('.story-author-details'), 0);
  await hasCount(rp.locator('.story-header img.story-avatar'), 0);
  expect(await rp.locator('main').textContent()).not.toMatch(/Ilse|Marrow|years old/);
  await screenshot(rp, 'journey-reader-private');
  await expectNoAxeViolations(rp, 'the story of an author gone private');

  // The author deletes the picture.
  await page.goto('/profile/edit/picture');
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete your profile picture?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete Profile Picture' }).click();
  await page.waitForURL('**/profile/edit?saved=picture-deleted');
  await page.goto('/profile');
  await hasCount(page.locator('main img'), 0);

  // The author deletes the story, then the account.
  await page.goto(`/story/${author.username}/page/1`);
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete your story?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete Story' }).click();
  await page.waitForURL('**/profile');
  await page.goto('/profile/edit');
  await page.getByLabel('Current password', { exact: true }).fill(author.password);
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete your account?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }));
  expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();

  // The reader's saved list no longer holds it, and the account cannot sign in.
  await rp.goto('/saved');
  await visible(rp.getByText('You have not saved any stories yet.'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(author.email);
  await page.getByLabel('Password', { exact: true }).fill(author.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await hasText(page.getByRole('alert'), 'Incorrect email or password.');

  expect(a.errors).toEqual([]);
  expect(r.errors).toEqual([]);
  await a.context.close();
  await r.context.close();
  // Two people, a long story written, read, liked and commented, then accounts changed: minutes on a loaded machine.
}, 180_000);
