// A moderator's action is told to the person it concerns by email (docs/decisions/0020-moderation.md): hiding,
// restoring and deleting their story or comment, suspending and unsuspending their account, each with the reason
// the moderator gave. Nobody else is told, and an admin acting on their own comment gets no email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentExcerpt } from '../../server/src/core/moderation/moderation-emails';
import { makeAdmin } from '../support/admin';
import { mailTo, outbox, settle } from '../support/outbox';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let admin: Person;
let author: Person;
let commenter: Person;
let reporter: Person;
const as = (p: { id: number }) => t.caller(p.id);
const storyTarget = (p: { username: string }) => ({ kind: 'story' as const, story_username: p.username });

beforeAll(async () => {
  t = await makeTestApp();
  admin = await makeAdmin(t, await signedInPerson(t, { username: 'notice_admin' })); // as `npm run admin -- --email` does
  author = await signedInPerson(t, { username: 'notice_author' });
  commenter = await signedInPerson(t, { username: 'notice_commenter' });
  reporter = await signedInPerson(t, { username: 'notice_reporter' });
  await as(author).stories.publish({ title: 'Summers at the lake', text: storyHtml(1) });
});
afterAll(() => t.close());

/** The text of the n-th mail (1-based) to an address, once it has arrived. */
async function nthMail(address: string, n: number) {
  const mails = await settle(t, address, n);
  expect(mails).toHaveLength(n);
  return mails[n - 1]!;
}

describe('moderation notices', () => {
  it('the author hears that their story was hidden and why, then that it was restored; the reporter hears nothing', async () => {
    const { report_id } = await as(reporter).moderation.report({ target: storyTarget(author), reason: 'spam' });
    await as(admin).moderation.hide({ target: storyTarget(author), reason: 'Advertising a shop.', report_id });
    const hidden = await nthMail(author.email, 1);
    expect(hidden.subject).toBe('Your story on Life Story was hidden');
    expect(hidden.text).toContain('hid your story “Summers at the lake” (account notice_author) from readers');
    expect(hidden.text).toContain('The reason the moderator gave: Advertising a shop.');
    expect(hidden.text).toContain('Nothing was deleted');
    expect(hidden.html).toContain('Advertising a shop.');

    await as(admin).moderation.restore({ target: storyTarget(author), reason: 'The link is gone now.' });
    const restored = await nthMail(author.email, 2);
    expect(restored.subject).toBe('Your story on Life Story can be read again');
    expect(restored.text).toContain('The reason the moderator gave: The link is gone now.');
    expect(await mailTo(t, reporter.email)).toEqual([]);
    expect(await mailTo(t, admin.email)).toEqual([]);
  });

  it('a comment’s writer hears when it is hidden and when it is removed, with its first words', async () => {
    const long = `I remember those summers too, ${'and the long evenings by the water '.repeat(4)}`;
    const c = await as(commenter).social.comment({ story_username: author.username, text: long });
    await as(admin).moderation.hide({ target: { kind: 'comment', comment_id: c.comment_id }, reason: 'Off topic.' });
    const hidden = await nthMail(commenter.email, 1);
    expect(hidden.subject).toBe('Your comment on Life Story was hidden');
    expect(hidden.text).toContain(`on the story “Summers at the lake”: “${commentExcerpt(long)}”`);
    expect(commentExcerpt(long).length).toBeLessThanOrEqual(80);
    expect(commentExcerpt(long).endsWith('…')).toBe(true);

    await as(admin).moderation.remove({ target: { kind: 'comment', comment_id: c.comment_id }, reason: 'Repeated.' });
    const removed = await nthMail(commenter.email, 2);
    expect(removed.subject).toBe('Your comment on Life Story was removed');
    expect(removed.text).toContain('The reason the moderator gave: Repeated.');
  });

  it('a suspended person is told what it means, and told again when it is lifted', async () => {
    await as(admin).moderation.suspend({ username: commenter.username, reason: 'Threats to other readers.' });
    const suspended = await nthMail(commenter.email, 3);
    expect(suspended.subject).toBe('Your Life Story account was suspended');
    expect(suspended.text).toContain('you cannot sign in');
    expect(suspended.text).toContain('The reason the moderator gave: Threats to other readers.');
    await as(admin).moderation.unsuspend({ username: commenter.username, reason: 'Apologised.' });
    expect((await nthMail(commenter.email, 4)).subject).toBe('Your Life Story account can be used again');
  });

  it('a story removed by a moderator is told with its title; an admin acting on their own comment gets nothing', async () => {
    const own = await as(admin).social.comment({ story_username: author.username, text: 'A note from the admin.' });
    await as(admin).moderation.hide({ target: { kind: 'comment', comment_id: own.comment_id }, reason: 'Mine.' });
    await as(admin).moderation.remove({ target: storyTarget(author), reason: 'Copied from a book.' });
    const removed = await nthMail(author.email, 3);
    expect(removed.subject).toBe('Your story on Life Story was removed');
    expect(removed.text).toContain('removed your story “Summers at the lake” (account notice_author)');
    expect(await mailTo(t, admin.email)).toEqual([]);
    expect((await outbox(t)).every((m) => !m.text?.includes('A note from the admin'))).toBe(true);
  });
});
