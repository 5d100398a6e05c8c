// Notifications under moderation (ADR 0019, ADR 0020): while a person is suspended their likes and comments are
// left out of the people they touched, and a hidden comment is not news; undoing either brings the news back, as
// neither erases anything from the log or the projection. Nor is anything a blocked person does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock';
import { makeAdmin } from '../support/admin';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ clock: new FakeClock() });
});
afterEach(async () => t?.close());

async function world() {
  // The owner made this account the site's admin (as `npm run admin -- --email` does).
  const admin = await makeAdmin(t, await signedInPerson(t, { username: 'site_admin' }));
  const maria = await signedInPerson(t, { username: 'maria_g', first_name: 'Maria', last_name: 'Garcia' });
  const rob = await signedInPerson(t, { username: 'robert', first_name: 'Robert', last_name: 'Winters' });
  await t.caller(maria.id).stories.publish({ title: 'A garden by the river', text: storyHtml(2) });
  return { admin, maria, rob };
}

async function news(id: number) {
  await t.deps.projector.drain();
  const caller = t.caller(id).notifications;
  return { texts: (await caller.list()).map((g) => g.text), unread: (await caller.unreadCount()).count };
}

const reason = 'Spam, reported twice';

describe('notifications under moderation', () => {
  it("a suspended person's like and comment leave the author's notifications, and come back when unsuspended", async () => {
    const { admin, maria, rob } = await world();
    await t.caller(rob.id).social.like({ story_username: 'maria_g', on: true });
    await t.caller(rob.id).social.comment({ story_username: 'maria_g', text: 'Buy cheap watches' });
    const before = await news(maria.id);
    expect(before.texts).toHaveLength(2);
    expect(before.unread).toBe(2);

    await t.caller(admin.id).moderation.suspend({ username: 'robert', reason });
    expect(await news(maria.id)).toEqual({ texts: [], unread: 0 });

    await t.caller(admin.id).moderation.unsuspend({ username: 'robert', reason: 'Appeal accepted' });
    expect(await news(maria.id)).toEqual(before);
  });

  it('the likes and comments of a person the author blocked are not news to the author, until unblocked', async () => {
    const { maria, rob } = await world();
    await t.caller(rob.id).social.like({ story_username: 'maria_g', on: true });
    await t.caller(rob.id).social.comment({ story_username: 'maria_g', text: 'Hello again' });
    const before = await news(maria.id);
    expect(before.texts).toHaveLength(2);

    await t.caller(maria.id).moderation.block({ username: 'robert' });
    expect(await news(maria.id)).toEqual({ texts: [], unread: 0 });

    await t.caller(maria.id).moderation.unblock({ username: 'robert' });
    expect(await news(maria.id)).toEqual(before);
  });

  it('a hidden comment is not news while it is hidden', async () => {
    const { admin, maria, rob } = await world();
    const { comment_id: id } = await t.caller(rob.id).social.comment({ story_username: 'maria_g', text: 'Rude words' });
    const before = await news(maria.id);
    expect(before.texts).toEqual([expect.stringContaining('Robert Winters')]);

    await t.caller(admin.id).moderation.hide({ target: { kind: 'comment', comment_id: id }, reason });
    expect(await news(maria.id)).toEqual({ texts: [], unread: 0 });

    await t.caller(admin.id).moderation.restore({ target: { kind: 'comment', comment_id: id }, reason: 'Not rude after all' });
    expect(await news(maria.id)).toEqual(before);
  });
});
