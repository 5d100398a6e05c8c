import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendWeeklyDigests } from '../../server/src/core/notifications/weekly-digest';
import { DAY, FakeClock } from '../support/fake-clock';
import { startSmtpServer } from '../support/smtp-server';
import { makeTestApp, ORIGIN, signedInPerson, storyHtml, type TestApp } from '../support/test-app';
import { outbox } from '../support/outbox';

let t: TestApp;
let clock: FakeClock;

async function open(env: Record<string, string> = {}) {
  clock = new FakeClock(); // Monday 15 June 2026, noon UTC
  t = await makeTestApp({ clock, env });
}
afterEach(async () => t?.close());

async function world() {
  const maria = await signedInPerson(t, { username: 'maria_g', first_name: 'Maria', last_name: 'Garcia' });
  const rob = await signedInPerson(t, { username: 'robert', first_name: 'Robert', last_name: 'Winters' });
  const lee = await signedInPerson(t, { username: 'lee.k', first_name: 'Lee', last_name: 'Kim' });
  const ann = await signedInPerson(t, { username: 'ann_quiet', first_name: 'Annabel', last_name: 'Secret' });
  await t.caller(ann.id).accounts.edit({ first_name: 'Annabel', last_name: 'Secret', email: ann.email, dob: ann.dob, is_private: true });
  await t.caller(maria.id).stories.publish({ title: 'A garden by the river', text: storyHtml(2) });
  await t.caller(rob.id).stories.publish({ title: 'Winters in the north', text: storyHtml(2) });
  return { maria, rob, lee, ann };
}

const list = async (id: number) => {
  await t.deps.projector.drain();
  return t.caller(id).notifications.list();
};
const texts = async (id: number) => (await list(id)).map((g) => g.text);
const unread = async (id: number) => {
  await t.deps.projector.drain();
  return (await t.caller(id).notifications.unreadCount()).count;
};
const like = (id: number, story: string, on = true) => t.caller(id).social.like({ story_username: story, on });
const save = (id: number, story: string, on = true) => t.caller(id).social.bookmark({ story_username: story, on });
const comment = (id: number, story: string, text = 'Lovely.') => t.caller(id).social.comment({ story_username: story, text });

async function projection() {
  return t.deps.db.selectFrom('proj_notifications').selectAll().orderBy('recipient_id').orderBy('seq').execute();
}

describe('notifications from the event log', () => {
  beforeEach(() => open());

  it('tells an author about likes, grouped by week, with names only of public people', async () => {
    const { maria, rob, lee, ann } = await world();
    await like(rob.id, 'maria_g');
    expect(await texts(maria.id)).toEqual(['Robert Winters liked your story this week']);
    clock.advance(60_000);
    await like(ann.id, 'maria_g');
    // Ann's profile is private: her username, never her names.
    expect(await texts(maria.id)).toEqual(['ann_quiet and Robert Winters liked your story this week']);
    clock.advance(60_000);
    await like(lee.id, 'maria_g');
    expect(await texts(maria.id)).toEqual(['3 people liked your story this week']);
    expect(JSON.stringify(await list(maria.id))).not.toMatch(/Annabel|Secret/);
    // Going private later hides the names already shown.
    await t.caller(rob.id).accounts.edit({ first_name: 'Robert', last_name: 'Winters', email: rob.email, dob: rob.dob, is_private: true });
    await like(lee.id, 'maria_g', false);
    expect(await texts(maria.id)).toEqual(['ann_quiet and robert liked your story this week']);
    // Nobody hears of their own like; the liker hears nothing.
    await like(maria.id, 'maria_g');
    expect(await texts(maria.id)).toEqual(['ann_quiet and robert liked your story this week']);
    expect(await texts(rob.id)).toEqual([]);

    // A week later: a new group; the old one is "last week", then a dated week.
    clock.advance(7 * DAY);
    await like(lee.id, 'maria_g');
    expect(await texts(maria.id)).toEqual(['Lee Kim liked your story this week', 'ann_quiet and robert liked your story last week']);
    clock.advance(7 * DAY);
    expect(await texts(maria.id)).toEqual([
      'Lee Kim liked your story last week',
      'ann_quiet and robert liked your story in the week of 15 June 2026',
    ]);
  });

  it('counts saves and never says who saved', async () => {
    const { maria, rob, ann } = await world();
    await save(rob.id, 'maria_g');
    expect(await texts(maria.id)).toEqual(['1 person saved your story this week']);
    await save(ann.id, 'maria_g');
    const groups = await list(maria.id);
    expect(groups.map((g) => [g.kind, g.text, g.people])).toEqual([['save', '2 people saved your story this week', 2]]);
    expect(JSON.stringify(groups)).not.toMatch(/robert|Robert|ann_quiet/);
    await save(rob.id, 'maria_g', false);
    expect(await texts(maria.id)).toEqual(['1 person saved your story this week']);
  });

  it('tells the author of comments, and earlier commenters of later ones; a deleted comment vanishes', async () => {
    const { maria, rob, lee, ann } = await world();
    const first = await comment(rob.id, 'maria_g', 'What a garden.');
    expect(await texts(maria.id)).toEqual(['Robert Winters commented on your story this week']);
    clock.advance(60_000);
    await comment(lee.id, 'maria_g');
    expect(await texts(maria.id)).toEqual(['Lee Kim and Robert Winters commented on your story this week']);
    expect(await texts(rob.id)).toEqual(["Lee Kim also commented on Maria Garcia's story this week"]);
    expect(await texts(lee.id)).toEqual([]); // nobody commented before Lee but Rob, who is told
    // The author answering in her own comments is a reply for both earlier commenters, and nothing for her.
    clock.advance(60_000);
    await comment(maria.id, 'maria_g', 'Thank you both!');
    expect(await texts(rob.id)).toEqual(["Maria Garcia and Lee Kim also commented on Maria Garcia's story this week"]);
    expect(await texts(lee.id)).toEqual(['Maria Garcia also commented on their own story this week']);
    expect(await texts(maria.id)).toEqual(['Lee Kim and Robert Winters commented on your story this week']);
    // Comments on someone else's story reach that author and the people there, not Maria.
    await comment(ann.id, 'robert');
    expect(await texts(rob.id)).toEqual([
      'ann_quiet commented on your story this week',
      "Maria Garcia and Lee Kim also commented on Maria Garcia's story this week",
    ]);

    await t.caller(rob.id).social.deleteComment({ comment_id: first.comment_id });
    expect(await texts(maria.id)).toEqual(['Lee Kim commented on your story this week']);
  });

  it('counts unread groups for the bell; marking one or all as read; news after that is unread again', async () => {
    const { maria, rob, lee } = await world();
    expect(await unread(maria.id)).toBe(0);
    await like(rob.id, 'maria_g');
    await save(lee.id, 'maria_g');
    await comment(lee.id, 'maria_g');
    expect(await unread(maria.id)).toBe(3);
    const groups = await list(maria.id);
    expect(groups.map((g) => [g.kind, g.unread])).toEqual([
      ['comment', true],
      ['save', true],
      ['like', true],
    ]);
    await t.caller(maria.id).notifications.markRead({ key: groups[2]!.key });
    expect(await unread(maria.id)).toBe(2);
    expect((await list(maria.id)).map((g) => g.unread)).toEqual([true, true, false]);
    // Someone else likes: the likes group is unread again.
    await like(lee.id, 'maria_g');
    expect(await unread(maria.id)).toBe(3);
    await t.caller(maria.id).notifications.markAllRead();
    expect(await unread(maria.id)).toBe(0);
    expect((await list(maria.id)).every((g) => !g.unread)).toBe(true);
    await comment(rob.id, 'maria_g');
    expect(await unread(maria.id)).toBe(1);
    // Marks are one's own: Rob's later comment is a reply for Lee, who has read nothing.
    expect(await unread(lee.id)).toBe(1);
    expect(await unread(rob.id)).toBe(0);
  });

  it('per-kind settings hide a kind from the list and the count, and show it again when turned back on', async () => {
    const { maria, rob } = await world();
    const caller = t.caller(maria.id);
    expect(await caller.notifications.settings()).toEqual({
      likes: true,
      saves: true,
      comments: true,
      replies: true,
      weekly_digest: false,
    });
    await like(rob.id, 'maria_g');
    await comment(rob.id, 'maria_g');
    await caller.notifications.updateSettings({ likes: false, saves: true, comments: true, replies: true, weekly_digest: false });
    expect((await list(maria.id)).map((g) => g.kind)).toEqual(['comment']);
    expect(await unread(maria.id)).toBe(1);
    await caller.notifications.updateSettings({ likes: true, saves: true, comments: false, replies: true, weekly_digest: false });
    expect((await list(maria.id)).map((g) => g.kind)).toEqual(['like']);
    expect(await caller.notifications.settings()).toEqual({
      likes: true,
      saves: true,
      comments: false,
      replies: true,
      weekly_digest: false,
    });
  });

  it('a rebuild from the log gives the same notifications, and keeps what was read', async () => {
    const { maria, rob, lee, ann } = await world();
    await like(rob.id, 'maria_g');
    await like(ann.id, 'maria_g');
    await save(lee.id, 'maria_g');
    const gone = await comment(rob.id, 'maria_g');
    await comment(lee.id, 'maria_g');
    await comment(ann.id, 'maria_g');
    await like(ann.id, 'maria_g', false);
    await t.caller(rob.id).social.deleteComment({ comment_id: gone.comment_id });
    await comment(maria.id, 'robert');
    clock.advance(8 * DAY);
    await like(lee.id, 'robert');
    await t.deps.projector.drain();
    await t.caller(maria.id).notifications.markRead({ key: (await list(maria.id))[1]!.key });

    const people = [maria, rob, lee, ann];
    const before = { rows: await projection(), lists: await Promise.all(people.map((p) => list(p.id))) };
    expect(before.rows.length).toBeGreaterThan(4);
    await t.deps.projector.rebuild();
    const after = { rows: await projection(), lists: await Promise.all(people.map((p) => list(p.id))) };
    expect(after).toEqual(before);
    // A wiped projection with its checkpoint gone (as a rebuild of the search projections leaves it) refills alike.
    await t.deps.db.deleteFrom('projector_checkpoints').execute();
    await t.deps.db
      .insertInto('proj_notifications')
      .values({ recipient_id: 999, seq: 1, kind: 'like', story_user_id: 1, actor_id: 2, comment_id: null, at: 0 })
      .execute();
    await t.deps.projector.drain();
    expect(await projection()).toEqual(before.rows);
  });

  it("a deleted person's actions vanish, now and after a rebuild; a deleted story's news goes with it", async () => {
    const { maria, rob, lee, ann } = await world();
    await like(lee.id, 'maria_g');
    await like(rob.id, 'maria_g');
    await save(lee.id, 'maria_g');
    await comment(lee.id, 'maria_g');
    await comment(rob.id, 'maria_g');
    await comment(ann.id, 'robert');
    expect(await texts(rob.id)).toEqual(['ann_quiet commented on your story this week']);
    expect(await texts(maria.id)).toHaveLength(3);

    await t.caller(lee.id, { signedInAt: t.deps.clock.now() }).accounts.deleteAccount();
    // At once (the list reads live accounts), and in the projection once it has caught up.
    expect(
      await t
        .caller(maria.id)
        .notifications.list()
        .then((l) => l.map((g) => g.text)),
    ).toEqual(['Robert Winters commented on your story this week', 'Robert Winters liked your story this week']);
    expect(await texts(maria.id)).toEqual([
      'Robert Winters commented on your story this week',
      'Robert Winters liked your story this week',
    ]);
    expect((await projection()).some((r) => r.actor_id === lee.id || r.recipient_id === lee.id)).toBe(false);
    expect(await texts(rob.id)).toEqual(['ann_quiet commented on your story this week']); // Lee's reply to Rob is gone

    await t.caller(rob.id).stories.delete({ story_username: 'robert' });
    expect(await texts(rob.id)).toEqual([]);

    const rows = await projection();
    await t.deps.projector.rebuild();
    expect(await projection()).toEqual(rows);
    expect(await texts(maria.id)).toEqual([
      'Robert Winters commented on your story this week',
      'Robert Winters liked your story this week',
    ]);
  });

  it('refuses bad input with 4xx, and visitors with 401', async () => {
    const { maria } = await world();
    const me = t.client();
    const login = await me.post('/api/auth/login', { email: maria.email, password: maria.password });
    expect(login.status).toBe(200);
    for (const key of ['', 'like', 'like:1', 'tickle:1:2', 5, null, 'like:1:2:3']) {
      const res = await me.post('/trpc/notifications.markRead', { key });
      expect(res.status, String(key)).toBe(400);
    }
    expect((await me.post('/trpc/notifications.markRead', { key: 'like:1:2900' })).status).toBe(404);
    const bad = await me.post('/trpc/notifications.updateSettings', { likes: 'yes' });
    expect(bad.status).toBe(400);
    expect((await t.client().get('/trpc/notifications.unreadCount')).status).toBe(401);
    expect((await me.get('/trpc/notifications.unreadCount')).body.result.data).toEqual({ count: 0 });
  });
});

async function digestScenario() {
  const { maria, rob, lee } = await world();
  const settings = { likes: true, saves: true, comments: true, replies: true, weekly_digest: true };
  await t.caller(maria.id).notifications.updateSettings(settings);
  await like(rob.id, 'maria_g');
  await save(lee.id, 'maria_g');
  await comment(lee.id, 'maria_g');
  await t.deps.projector.drain();
  // Not a week since it was turned on: nothing yet.
  expect(await sendWeeklyDigests(t.deps, { origin: ORIGIN })).toBe(0);
  clock.advance(7 * DAY);
  expect(await sendWeeklyDigests(t.deps, { origin: ORIGIN })).toBe(1);
  // Sent: not again this week, and next week only if there is news.
  expect(await sendWeeklyDigests(t.deps, { origin: ORIGIN })).toBe(0);
  clock.advance(7 * DAY);
  expect(await sendWeeklyDigests(t.deps, { origin: ORIGIN })).toBe(0);
  return { maria, rob, lee };
}

function expectDigest(mail: ParsedMail, to: string) {
  expect(mail.subject).toBe('Your week on Life Story');
  expect(mail.text).toContain('• Lee Kim commented on your story last week.');
  expect(mail.text).toContain('• 1 person saved your story last week.');
  expect(mail.text).toContain('• Robert Winters liked your story last week.');
  expect(mail.text).toContain(`${ORIGIN}/notifications#settings`);
  expect(mail.text).toContain('Life Story');
  expect(mail.html).toContain(`<a href="${ORIGIN}/notifications#settings">`);
  // No tracking: no images, no links elsewhere.
  expect(mail.html).not.toMatch(/<img/i);
  expect([...(mail.html as string).matchAll(/href="([^"]+)"/g)].every((m) => m[1]!.startsWith(`${ORIGIN}/notifications`))).toBe(true);
  const addr = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
  expect(addr).toBe(to);
}

describe('the weekly email', () => {
  it('goes through the outbox mailer once a week when there is news', async () => {
    await open();
    const { maria } = await digestScenario();
    const mails = await outbox(t);
    expect(mails).toHaveLength(1);
    expectDigest(mails[0]!, maria.email);
  });

  it('goes through a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      await open({ SMTP_URL: smtp.url, MAIL_FROM: 'Life Story <stories@example.org>' });
      const { maria } = await digestScenario();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.envelopeTo).toEqual([maria.email]);
      expectDigest(smtp.messages[0]!, maria.email);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});
