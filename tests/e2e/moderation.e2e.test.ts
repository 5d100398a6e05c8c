// Moderation in Chromium (issue #16, docs/decisions/0020-moderation.md): the owner becomes admin with the one-time
// setup link, a reader reports a comment and a story, the admin hides the comment on the moderation screen, and the
// reader no longer sees it; blocking from a comment and from a story, the blocked person's clear refusal, and the
// blocked list with Unblock. Every new screen and state passes axe in light and dark, at desktop and phone widths;
// screenshots go to test-output/screenshots.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { offerAdminSetupLink } from '../../server/src/core/moderation/admin-setup';
import { expectNoAxeViolations } from './support/axe';
import {
  hasText,
  hidden,
  openPage,
  registerPerson,
  publishStoryQuickly,
  screenshot,
  signInQuickly,
  storyHtml,
  visible,
  withServerAndBrowser,
  type E2eServer,
  type Person,
  type ViewportName,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function commentQuickly(ctx: BrowserContext, story_username: string, text: string): Promise<void> {
  const res = await ctx.request.post(`${server.baseUrl}/api/comments/create`, {
    data: { story_username, text },
    headers: { origin: server.baseUrl },
  });
  if (!res.ok()) throw new Error(`comment: ${res.status()} ${await res.text()}`);
}

/** A signed-in page for a person, on their own context, with every confirm() accepted. */
async function asPerson(p: Person, viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, server.baseUrl, viewport);
  await signInQuickly(opened.context, server.baseUrl, p);
  opened.page.on('dialog', (d) => void d.accept());
  return opened;
}

async function sessionReady(page: Page) {
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('user') !== null), { timeout: 10_000 }).toBe(true);
}

const comment = (page: Page, text: string) => page.locator('.comment-list > li', { hasText: text });

describe('moderation', () => {
  let admin: Person;
  let author: Person;
  let reader: Person;
  let rude: Person;

  it('the owner makes their account the admin with the one-time setup link', async () => {
    // Registering makes nobody an admin.
    admin = await registerPerson(server.baseUrl, { username: 'site_admin' });
    // The owner's step: the one-time setup link a start prints (made here as main.ts does) makes their account the admin.
    const m = await asPerson(admin);
    const offer = await offerAdminSetupLink(server.deps, server.baseUrl);
    if (offer.kind !== 'new') throw new Error(`expected a setup link, got ${offer.kind}`);
    await m.page.goto(offer.link);
    await sessionReady(m.page);
    const makeAdmin = m.page.getByRole('button', { name: `Make ${admin.username} the admin` });
    await visible(makeAdmin);
    expect(m.page.url()).not.toContain('token');
    await expectNoAxeViolations(m.page, 'admin setup link', { dark: true });
    await screenshot(m.page, 'admin-setup');
    await makeAdmin.click();
    await visible(m.page.getByRole('heading', { name: 'You are the site’s admin' }));
    await expectNoAxeViolations(m.page, 'admin setup done');
    // Used once: opened again (a new page load), it says so.
    await m.page.goto('/help');
    await m.page.goto(offer.link);
    await m.page.getByRole('button', { name: `Make ${admin.username} the admin` }).click();
    await hasText(m.page.getByRole('alert'), /This setup link does not work/);
    await expectNoAxeViolations(m.page, 'admin setup link used');
  });

  it('report -> the admin hides it on the moderation screen -> the reader no longer sees it', async () => {
    author = await registerPerson(server.baseUrl, { username: 'story_author' });
    reader = await registerPerson(server.baseUrl, { username: 'kind_reader' });
    rude = await registerPerson(server.baseUrl, { username: 'rude_person' });
    const a = await asPerson(author);
    await publishStoryQuickly(a.context, server.baseUrl, 'Summers at the lake', storyHtml(2));
    const r = await asPerson(rude);
    await commentQuickly(r.context, author.username, 'What a dull story, nobody cares.');
    await commentQuickly(r.context, author.username, 'Second remark from the same person.');

    const { page, context, errors } = await asPerson(reader);
    await page.goto(`/story/${author.username}/page/1`);
    await visible(comment(page, 'What a dull story'));
    await visible(page.getByRole('button', { name: 'Report this story' }));
    await expectNoAxeViolations(page, 'story with report and block buttons', { dark: true });

    // Report the comment: the dialog asks for a reason first.
    await comment(page, 'What a dull story')
      .getByRole('button', { name: `Report comment by ${rude.username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Report comment by ${rude.username}` });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await hasText(dialog.getByRole('alert'), 'Please choose a reason from the list.');
    await expectNoAxeViolations(page, 'report dialog, no reason chosen', { dark: true });
    await screenshot(page, 'moderation-report-dialog');
    await dialog.getByRole('radio', { name: 'Bullying or harassment' }).check();
    await dialog.getByLabel('Anything else our moderators should know? (optional)').fill('Unkind to the author.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await hasText(dialog.getByRole('status'), 'Thank you. Our moderators will look at it soon.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);

    // The story too, and a second report of the same comment is refused clearly.
    await page.getByRole('button', { name: 'Report this story' }).click();
    const storyDialog = page.getByRole('dialog', { name: 'Report this story' });
    await storyDialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await storyDialog.getByRole('button', { name: 'Send report' }).click();
    await visible(storyDialog.getByRole('status'));
    await storyDialog.getByRole('button', { name: 'Close' }).click();
    await comment(page, 'What a dull story')
      .getByRole('button', { name: `Report comment by ${rude.username}` })
      .click();
    await dialog.getByRole('radio', { name: 'Something else' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await hasText(dialog.getByRole('alert'), 'You have already reported this. Our moderators will look at it soon.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Not an admin: no Moderation link, and the screen says so.
    expect(await page.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
    await page.goto('/moderation');
    await hasText(page.locator('.notice'), 'Only the site’s moderators can see this page.');

    // The admin's screen (the owner made their account the admin in the test above).
    const m = await asPerson(admin);
    // The reported comment in context, with the reasons.
    await m.page.goto('/help');
    await sessionReady(m.page);
    await m.page.getByRole('link', { name: 'Moderation' }).click();
    await m.page.waitForURL('**/moderation');
    const item = m.page.getByRole('article', { name: `Comment by ${rude.username} on “Summers at the lake”` });
    await visible(item);
    await hasText(item.locator('.mod-quote'), 'What a dull story, nobody cares.');
    await visible(item.getByText('Unkind to the author.'));
    await visible(m.page.getByRole('article', { name: `Story “Summers at the lake” by ${author.username}` }));
    await expectNoAxeViolations(m.page, 'moderation screen with reports', { dark: true });
    await screenshot(m.page, 'moderation-queue');

    // Every action asks why.
    await item.getByRole('button', { name: 'Hide comment' }).click();
    await hasText(item.getByRole('alert'), 'Please say why before you act.');
    await expectNoAxeViolations(m.page, 'moderation screen, reason missing');
    await item.getByLabel('Why? (kept in the moderation log)').fill('Insulting the author.');
    await item.getByRole('button', { name: 'Hide comment' }).click();
    await hidden(item);
    await visible(m.page.locator('.mod-withheld').getByText(`Comment by ${rude.username}`));
    await hasText(m.page.locator('.mod-log li').first().locator('p').first(), `site_admin hid a comment by ${rude.username}.`);
    await visible(m.page.locator('.mod-log').getByText('Why: Insulting the author.'));
    await expectNoAxeViolations(m.page, 'moderation screen after hiding', { dark: true });
    await screenshot(m.page, 'moderation-after-hide');

    // The reader no longer sees the hidden comment; the other one stays.
    await page.goto(`/story/${author.username}/page/1`);
    await visible(comment(page, 'Second remark'));
    expect(await comment(page, 'What a dull story').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await a.context.close();
    await r.context.close();
    await m.context.close();
  });

  it('the moderation screen and the report dialog at phone width', async () => {
    const m = await asPerson(admin, 'phone');
    await m.page.goto('/moderation');
    await visible(m.page.getByRole('heading', { name: 'Moderation', level: 1 }));
    await visible(m.page.getByRole('article', { name: `Story “Summers at the lake” by ${author.username}` }));
    await expectNoAxeViolations(m.page, 'moderation screen, phone', { dark: true });
    await screenshot(m.page, 'moderation-queue');
    const r = await asPerson(reader, 'phone');
    await r.page.goto(`/story/${author.username}/page/1`);
    await r.page.getByRole('button', { name: 'Report this story' }).click();
    await visible(r.page.getByRole('dialog', { name: 'Report this story' }));
    await expectNoAxeViolations(r.page, 'report dialog, phone', { dark: true });
    await screenshot(r.page, 'moderation-report-dialog');
    await m.context.close();
    await r.context.close();
  });

  it('blocking: from a comment and from a story; the blocked person is told clearly; the blocked list unblocks', async () => {
    const a = await asPerson(author);
    await a.page.goto(`/story/${author.username}/page/1`);
    // The story's author may delete any comment on their story, and block its writer.
    const remark = comment(a.page, 'Second remark');
    await visible(remark.getByRole('button', { name: 'Delete comment' }));
    await remark.getByRole('button', { name: `Block ${rude.username}` }).click();
    await hidden(remark);

    // The blocked person tries to comment: a clear sentence, nothing more.
    const r = await asPerson(rude);
    await r.page.goto(`/story/${author.username}/page/1`);
    await sessionReady(r.page);
    await r.page.getByRole('textbox', { name: 'Comment' }).fill('Let me in.');
    await r.page.getByRole('button', { name: 'Send comment' }).click();
    await visible(r.page.getByText('You cannot comment on this story.'));
    await expectNoAxeViolations(r.page, 'comment refused to a blocked person');
    await screenshot(r.page, 'moderation-blocked-comment');

    // The author's profile lists the blocked person, with Unblock.
    await a.page.goto('/profile');
    const section = a.page.getByRole('region', { name: 'People you have blocked' });
    await visible(section.getByRole('link', { name: rude.username }));
    await expectNoAxeViolations(a.page, 'profile with blocked people', { dark: true });
    await screenshot(a.page, 'moderation-blocked-list');
    await section.getByRole('button', { name: `Unblock ${rude.username}` }).click();
    await visible(section.getByText('You have not blocked anyone.'));
    await a.page.goto(`/story/${author.username}/page/1`);
    await visible(comment(a.page, 'Second remark'));

    // Block from someone's story page: the button turns into Unblock.
    const p = await asPerson(reader, 'phone');
    await p.page.goto(`/story/${author.username}/page/1`);
    await p.page.getByRole('button', { name: `Block ${author.username}` }).click();
    await visible(p.page.getByRole('button', { name: `Unblock ${author.username}` }));
    await expectNoAxeViolations(p.page, 'story of someone blocked, phone', { dark: true });
    await screenshot(p.page, 'moderation-story-blocked');
    await p.page.goto('/profile');
    await visible(p.page.getByRole('region', { name: 'People you have blocked' }).getByRole('link', { name: author.username }));
    await expectNoAxeViolations(p.page, 'profile with blocked people, phone', { dark: true });
    for (const c of [a, r, p]) await c.context.close();
  });

  it('suspend from the queue: the person is told clearly at sign-in; unsuspend from "Hidden and suspended"', async () => {
    const r = await asPerson(reader);
    const commentsRes = await r.context.request.post(`${server.baseUrl}/api/comments/get`, {
      data: { story_username: author.username, page: 1, limit: 50 },
      headers: { origin: server.baseUrl },
    });
    const remark = ((await commentsRes.json()) as { data: { comment_id: number; text: string }[] }).data.find((c) =>
      c.text.startsWith('Second remark'),
    )!;
    const reported = await r.context.request.post(`${server.baseUrl}/trpc/moderation.report`, {
      data: { target: { kind: 'comment', comment_id: remark.comment_id }, reason: 'violence' },
      headers: { origin: server.baseUrl },
    });
    expect(reported.status()).toBe(200);

    const m = await asPerson(admin);
    await m.page.goto('/moderation');
    const item = m.page.getByRole('article', { name: `Comment by ${rude.username} on “Summers at the lake”` });
    await item.getByLabel('Why? (kept in the moderation log)').fill('Threats.');
    await item.getByRole('button', { name: `Suspend ${rude.username}` }).click();
    const row = m.page.locator('.mod-undo', { hasText: `Account ${rude.username}` });
    await visible(row);

    const { page } = await openPage(browser, server.baseUrl);
    await page.goto('/login');
    await page.getByLabel('Email').fill(rude.email);
    await page.getByLabel('Password', { exact: true }).fill(rude.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await hasText(page.getByRole('alert'), 'This account has been suspended by the site’s moderators, so you cannot sign in.');
    await expectNoAxeViolations(page, 'sign-in refused to a suspended account', { dark: true });
    await screenshot(page, 'moderation-suspended-sign-in');

    await row.getByLabel('Why?').fill('Apologised.');
    await row.getByRole('button', { name: 'Unsuspend' }).click();
    await hidden(row);
    await visible(m.page.locator('.mod-log').getByText(`site_admin unsuspended the account ${rude.username}.`));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    for (const c of [r, m]) await c.context.close();
    await page.context().close();
  });
});
