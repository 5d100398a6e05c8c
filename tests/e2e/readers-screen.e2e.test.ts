// The Readers screen (issue 24) as a writer uses it, in Chromium at phone and desktop width: reached from the menu,
// inviting two people (the emails read from the outbox), a mistake shown under its field, sending again, removing one
// after the question, copying the share link and making a new one (the old one stops), and a follower listed. Every
// state passes axe-core in light and dark.
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { mailTo, settle } from '../support/outbox';
import { expectNoAxeViolations } from './support/axe';
import {
  type E2eServer,
  hasAttribute,
  hasCount,
  hasText,
  hidden,
  openPage,
  projected,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  storyHtml,
  type ViewportName,
  visible,
  withServerAndBrowser,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** The element that has the focus: its tag and accessible text, for checks of where the focus went. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

/** A full-page screenshot from the top (a scrolled page would show the sticky bar halfway down), and with `dark` one in the dark scheme too. */
async function shot(page: Page, name: string, dark = false): Promise<void> {
  const y = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  if (dark) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(400); // the buttons' colour transitions
    await screenshot(page, `${name}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.evaluate((top) => window.scrollTo(0, top), y);
}

/** Nothing wider than the screen (a phone must never scroll sideways). */
async function fitsTheScreen(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
  it(`invites, sends again, removes, shares and lists followers (${viewport})`, async () => {
    const writer = await registerPerson(server.baseUrl, { first_name: 'Margaret', last_name: 'Hale' });
    const anna = `anna.${viewport}@example.org`;
    const tom = `tom.${viewport}@example.org`;
    const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await signInQuickly(context, server.baseUrl, writer);
    await publishStoryQuickly(context, server.baseUrl, 'North and South', storyHtml(2));

    // From the menu (on a phone, behind its button).
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (viewport === 'phone') await nav.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Readers', exact: true }).click();
    await page.waitForURL('**/readers');
    await hasText(page.getByRole('heading', { level: 1 }), 'Your readers');
    // (On a phone the menu closed on the way: the link is there, hidden.)
    await hasAttribute(nav.locator('a[href="/readers"]'), 'aria-current', 'page');
    await hasText(page.locator('.readers-audience p').first(), 'Right now your story can be read by everyone.');
    await hasAttribute(page.getByRole('link', { name: 'Change who can read' }), 'href', '/story/write#audience');
    await visible(page.getByText('You have not invited anyone yet.'));
    await visible(page.getByText('Nobody follows your story yet.'));
    await visible(page.getByLabel('Your share link'));
    await fitsTheScreen(page);
    await shot(page, 'readers-empty');
    await expectNoAxeViolations(page, 'readers, empty', { dark: true });

    // Two people, one address mistyped: the message is under that field, and nothing is sent.
    await page.getByLabel('Name', { exact: true }).fill('Anna');
    await page.getByLabel('Email address', { exact: true }).fill('anna@');
    await page.getByRole('button', { name: 'Add another person' }).click();
    await page.getByLabel('Name, person 2', { exact: true }).fill('Tom');
    await page.getByLabel('Email address, person 2', { exact: true }).fill(tom);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    const annaEmail = page.getByLabel('Email address', { exact: true });
    await hasAttribute(annaEmail, 'aria-invalid', 'true');
    const describedBy = await annaEmail.getAttribute('aria-describedby');
    await hasText(page.locator(`#${describedBy?.replace(/:/g, '\\:')}`), 'Please enter a valid email address.');
    await hasText(page.getByRole('alert').first(), 'Please look at the fields marked above and try again.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await fitsTheScreen(page);
    await shot(page, 'readers-errors', true);
    await expectNoAxeViolations(page, 'readers, a field error', { dark: true });

    await annaEmail.fill(anna);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await hasText(page.getByRole('status').filter({ hasText: 'sent to' }), 'Invitations sent to Anna and Tom.');
    // The rows are cleared for the next people.
    await hasCount(page.getByLabel('Name, person 2', { exact: true }), 0);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    const [toAnna] = await settle(server, anna, 1);
    const [toTom] = await settle(server, tom, 1);
    const firstLink = toAnna?.text?.match(/http:\/\/\S+\/r\/\S+/)?.[0];
    expect(firstLink?.startsWith(server.baseUrl)).toBe(true);
    expect(toTom?.text).toMatch(/\/r\/\S+/);

    const invited = page.locator('.reader-item').filter({ has: page.getByRole('button', { name: /^Send again to / }) });
    await hasCount(invited, 2);
    await hasText(invited.nth(0), /^Anna.*Invited on \w+ \d+, has not opened it yet\./);
    await visible(page.getByText('You have invited 2 people.'));
    await fitsTheScreen(page);
    await shot(page, 'readers-invited');
    await expectNoAxeViolations(page, 'readers, two invited', { dark: true });

    // Sending again: a new email with a new link.
    await page.getByRole('button', { name: 'Send again to Anna', exact: true }).click();
    await hasText(
      page.getByRole('status').filter({ hasText: 'new invitation' }),
      'A new invitation was sent to Anna. The link in the earlier email no longer works.',
    );
    const again = await settle(server, anna, 2);
    expect(again).toHaveLength(2);
    expect(again[1]?.text?.match(/http:\/\/\S+\/r\/\S+/)?.[0]).not.toBe(firstLink);

    // Removing asks first; "Cancel" gives the focus back to the button.
    await page.getByRole('button', { name: 'Remove Tom', exact: true }).click();
    const question = page.getByRole('group', { name: 'Tom will no longer be able to read your story.' });
    await visible(question);
    expect(await focused(page)).toBe('Cancel');
    await fitsTheScreen(page);
    await shot(page, 'readers-remove-question', true);
    await expectNoAxeViolations(page, 'readers, remove asked', { dark: true });
    await question.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(question);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove Tom');
    await page.getByRole('button', { name: 'Remove Tom', exact: true }).click();
    await question.getByRole('button', { name: 'Remove', exact: true }).click();
    await hasText(page.getByRole('status').filter({ hasText: 'removed' }), 'Tom was removed and can no longer read your story.');
    await hasCount(invited, 1);
    await hidden(page.getByRole('button', { name: 'Remove Tom', exact: true }));

    // The share link: copied, then replaced after the question; the old one stops working.
    const linkField = page.getByLabel('Your share link', { exact: true });
    const oldLink = await linkField.inputValue();
    expect(oldLink).toMatch(new RegExp(`^${server.baseUrl}/s/[A-Za-z0-9_-]{16,64}$`));
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await hasText(page.getByRole('status').filter({ hasText: 'copied' }), 'Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldLink);
    await page.getByRole('button', { name: 'Make a new link', exact: true }).click();
    const renew = page.getByRole('group', { name: 'The old link will stop working for everyone who has it.' });
    await visible(renew);
    await shot(page, 'readers-new-link-question');
    await expectNoAxeViolations(page, 'readers, new link asked', { dark: true });
    await renew.getByRole('button', { name: 'Make a new link', exact: true }).click();
    await hasText(page.getByRole('status').filter({ hasText: 'new link' }), 'A new link was made. The old link no longer works.');
    await expect.poll(() => linkField.inputValue()).not.toBe(oldLink);
    const newLink = await linkField.inputValue();
    const follow = (url: string) => context.request.get(url, { maxRedirects: 0 }).then((r) => r.status());
    expect(await follow(oldLink)).not.toBe(302);
    expect(await follow(newLink)).toBe(302);

    // A reader with an account follows the story: the writer sees them, with the count.
    const reader = await registerPerson(server.baseUrl, { first_name: 'John', last_name: 'Thornton' });
    const r = await openPage(browser, server.baseUrl);
    await signInQuickly(r.context, server.baseUrl, reader);
    const followed = await r.context.request.post(`${server.baseUrl}/trpc/follows.follow`, {
      data: { story_username: writer.username },
      headers: { origin: server.baseUrl },
    });
    expect(followed.ok(), await followed.text()).toBe(true);
    await r.context.close();
    await projected(server);
    await page.reload();
    await visible(page.getByText('1 person follows your story.'));
    await visible(
      page
        .locator('.reader-item')
        .filter({ hasText: reader.username })
        .getByText(/^Follows with their account since/),
    );
    await fitsTheScreen(page);
    await shot(page, 'readers-full', true);
    await expectNoAxeViolations(page, 'readers, with readers and a follower', { dark: true });

    // Just above the menu button's breakpoint every signed-in link, Readers among them, fits on one line, an
    // admin's Moderation link too; just below it, the menu button shows.
    if (viewport === 'desktop') {
      await server.deps.db.updateTable('users').set({ role: 'admin' }).where('username', '=', writer.username).execute();
      await page.reload();
      await visible(nav.getByRole('link', { name: 'Moderation' }));
      await page.setViewportSize({ width: 921, height: 800 });
      const spill = await page.evaluate(() => {
        const bar = document.querySelector('.nav-inner') as HTMLElement;
        return bar.scrollWidth - bar.clientWidth;
      });
      expect(spill).toBeLessThanOrEqual(0);
      await fitsTheScreen(page);
      await shot(page, 'readers-nav-921');
      await page.setViewportSize({ width: 920, height: 800 });
      await visible(nav.getByRole('button', { name: 'Open menu' }));
    }

    expect((await mailTo(server, tom)).length).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
}

it('a writer without a story can still invite, and is told where the share link will be', async () => {
  const writer = await registerPerson(server.baseUrl);
  const { context, page } = await openPage(browser, server.baseUrl, 'phone');
  await signInQuickly(context, server.baseUrl, writer);
  await page.goto('/readers');
  await hasText(page.getByRole('heading', { level: 1 }), 'Your readers');
  await visible(page.getByText(/^You have not pressed “Save Story” yet/));
  await visible(page.getByText('Your share link will be here once you have saved your story.'));
  await page.getByLabel('Name', { exact: true }).fill('Ruth');
  await page.getByLabel('Email address', { exact: true }).fill('ruth@example.org');
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await hasText(page.getByRole('status').filter({ hasText: 'sent to' }), 'Invitation sent to Ruth.');
  await settle(server, 'ruth@example.org', 1);
  await screenshot(page, 'readers-no-story');
  await expectNoAxeViolations(page, 'readers, no story yet', { dark: true });
  await context.close();
});
