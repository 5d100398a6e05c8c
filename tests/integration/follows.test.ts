// Following a story and the followers' daily digest (docs/decisions/0027-followers-and-digests.md), through the real
// HTTP surface: tRPC, the confirm and unsubscribe pages, the emails in the outbox. Runs on SQLite (server) and
// PostgreSQL (server-pg).
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendFollowDigests } from '../../server/src/core/follows/daily-digest';
import { FOLLOW_DIGEST_EVERY_MS, scheduleFollowDigests } from '../../server/src/core/follows/digest-schedule';
import { ADVISORY_LOCK_SPACE, LOCKS } from '../../server/src/db/dialect';
import { purgeUnconfirmedFollows } from '../../server/src/core/follows/follow-story';
import { makeAdmin } from '../support/admin';
import { DAY, FakeClock } from '../support/fake-clock';
import { mailTo, outbox, settle } from '../support/outbox';
import { makeTestApp, ORIGIN, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let clock: FakeClock;

beforeEach(async () => {
  clock = new FakeClock(); // 15 June 2026, noon UTC
  t = await makeTestApp({ clock });
});
afterEach(async () => t?.close());

const para = (tag: string, words: number) => `<p>${Array.from({ length: words }, (_, i) => `${tag}${i}`).join(' ')}.</p>`;
const CHAPTER_ONE = `<h2>Childhood by the river</h2>${para('river', 120)}`;

async function world() {
  const margaret = await signedInPerson(t, { username: 'margaret', first_name: 'Margaret', last_name: 'Hale' });
  const rob = await signedInPerson(t, { username: 'robert', first_name: 'Robert', last_name: 'Hale' });
  const pub = await margaret.client.post('/trpc/stories.publish', { title: 'My life', text: CHAPTER_ONE });
  expect(pub.status).toBe(200);
  return { margaret, rob };
}

const publish = (who: { client: TestClient }, text: string) => who.client.post('/trpc/stories.publish', { title: 'My life', text });
const digest = () => sendFollowDigests(t.deps, { origin: ORIGIN });
const linkIn = (mail: ParsedMail, path: string) => {
  const m = (mail.text ?? '').match(new RegExp(`${ORIGIN}${path}[^\\s]+`));
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[0].slice(ORIGIN.length);
};
/** A header field as it was written (mailparser turns List-* fields into objects). */
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
};

describe('following a story', () => {
  it('a signed-in reader follows, gets one email a day with the new chapters, and unsubscribes in one click', async () => {
    const { margaret, rob } = await world();
    expect(
      (await rob.client.get(`/trpc/follows.status?input=${encodeURIComponent(JSON.stringify({ story_username: 'margaret' }))}`)).body.result
        .data,
    ).toEqual({
      following: false,
    });
    const follow = await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' });
    expect(follow.status).toBe(200);
    expect(follow.body.result.data).toEqual({ following: true });
    // Twice is once.
    expect((await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' })).status).toBe(200);
    expect(await t.deps.db.selectFrom('proj_followers').select('user_id').execute()).toEqual([{ user_id: rob.id }]);

    // Nothing new yet: no email.
    expect(await digest()).toBe(0);

    // Two publishes in a day: one email, with both new chapters and a link to the first changed page.
    clock.advance(60_000);
    const two = `${CHAPTER_ONE}<h2>The war years</h2>${para('war', 950)}`;
    expect((await publish(margaret, two)).status).toBe(200);
    expect(await digest()).toBe(1);
    clock.advance(60 * 60_000);
    expect((await publish(margaret, `${two}<h3>Coming home</h3>${para('home', 40)}`)).status).toBe(200);
    expect(await digest()).toBe(0);
    expect(await digest()).toBe(0);
    let mails = await mailTo(t, rob.email);
    expect(mails).toHaveLength(1);
    const first = mails[0]!;
    expect(first.subject).toBe('New in “My life”: The war years');
    expect(first.text).toContain('Margaret added a new chapter to “My life”:');
    expect(first.text).toContain('• The war years');
    expect(first.text).toContain('“war0 war1 war2');
    expect(first.text).not.toContain('river1');
    // The first changed page: chapter one (120 words) and the new heading fit on page 1 with some of the new text.
    expect(linkIn(first, '/story/')).toBe('/story/margaret/page/1');
    expect(first.html).toContain('The war years');
    expect(first.html).not.toMatch(/<img/i);
    const unsubscribe = linkIn(first, '/unsubscribe/');
    expect(header(first, 'list-unsubscribe')).toBe(`<${ORIGIN}${unsubscribe}>`);
    expect(header(first, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // The next day: what is new since the first email, only.
    clock.advance(DAY);
    expect(await digest()).toBe(1);
    mails = await mailTo(t, rob.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('New in “My life”: Coming home');
    expect(mails[1]!.text).not.toContain('The war years');
    expect(linkIn(mails[1]!, '/story/')).toBe('/story/margaret/page/2');

    // Words without a heading: "Margaret added N words".
    clock.advance(DAY);
    expect((await publish(margaret, `${two}<h3>Coming home</h3>${para('home', 40)}${para('later', 600)}`)).status).toBe(200);
    expect(await digest()).toBe(1);
    mails = await mailTo(t, rob.email);
    expect(mails[2]!.subject).toBe('Margaret added 600 words to “My life”');

    // One click, from a mail program: no session, no page of ours.
    const anonymous = t.client();
    const gone = await anonymous.post(unsubscribe, 'List-Unsubscribe=One-Click', {
      raw: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(gone.status).toBe(200);
    expect(gone.text).toContain('no more emails about “My life”');
    expect((await anonymous.post(unsubscribe, 'List-Unsubscribe=One-Click', { raw: true })).status).toBe(200);
    expect(await t.deps.db.selectFrom('proj_followers').selectAll().execute()).toEqual([]);
    clock.advance(DAY);
    expect((await publish(margaret, `${two}${para('after', 30)}`)).status).toBe(200);
    expect(await digest()).toBe(0);
    expect(
      (await rob.client.get(`/trpc/follows.status?input=${encodeURIComponent(JSON.stringify({ story_username: 'margaret' }))}`)).body.result
        .data,
    ).toEqual({
      following: false,
    });
  });

  it('an address follows only once it confirms; its unsubscribe page has a button; the address leaves the log', async () => {
    const { margaret } = await world();
    const visitor = t.client();
    const asked = await visitor.post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'Grandson@Example.com' });
    expect(asked.status).toBe(200);
    expect(asked.body.result.data.message).toMatch(/open it to start/);
    const [confirmMail] = await settle(t, 'grandson@example.com', 1);
    expect(confirmMail!.subject).toBe('Confirm: follow “My life” on Life Story');
    const confirm = linkIn(confirmMail!, '/follow/confirm/');

    // Unconfirmed: nothing.
    clock.advance(60_000);
    expect((await publish(margaret, `${CHAPTER_ONE}<h2>School</h2>${para('school', 30)}`)).status).toBe(200);
    expect(await digest()).toBe(0);

    // Opening the link shows a button (a mail scanner's GET does nothing); pressing it confirms.
    const shown = await visitor.get(confirm);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<form method="post">');
    expect(await t.deps.db.selectFrom('proj_followers').select('confirmed').execute()).toEqual([{ confirmed: 0 }]);
    const pressed = await visitor.post(confirm);
    expect(pressed.status).toBe(200);
    expect(pressed.text).toContain('You follow “My life”');

    // What came before the confirmation is not news; what comes after is.
    expect(await digest()).toBe(0);
    clock.advance(60_000);
    expect((await publish(margaret, `${CHAPTER_ONE}<h2>School</h2>${para('school', 30)}<h2>Work</h2>${para('work', 30)}`)).status).toBe(
      200,
    );
    expect(await digest()).toBe(1);
    const [, news] = await mailTo(t, 'grandson@example.com');
    expect(news!.subject).toBe('New in “My life”: Work');
    const unsubscribe = linkIn(news!, '/unsubscribe/');
    const page = await visitor.get(unsubscribe);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect((await visitor.post(unsubscribe)).status).toBe(200);
    const events = await t.deps.db.selectFrom('events').select('payload').where('type', '=', 'story_followed').execute();
    expect(events.map((e) => e.payload).join()).not.toMatch(/grandson/i);
    expect(await t.deps.db.selectFrom('proj_followers').selectAll().execute()).toEqual([]);
  });

  it('a follower who can no longer read the story gets nothing', async () => {
    const { margaret, rob } = await world();
    const admin = await makeAdmin(t, await signedInPerson(t, { username: 'the_admin' }));
    expect((await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' })).status).toBe(200);
    await t.caller(admin.id).moderation.hide({ target: { kind: 'story', story_username: 'margaret' }, reason: 'Testing.' });
    clock.advance(60_000);
    expect((await publish(margaret, `${CHAPTER_ONE}<h2>Secret</h2>${para('secret', 30)}`)).status).toBe(200);
    expect(await digest()).toBe(0);
    expect(await mailTo(t, rob.email)).toEqual([]);
    // Nobody who cannot read it may follow it, and the refusal is the one for no such story.
    const other = await signedInPerson(t, { username: 'stranger' });
    const refused = await other.client.post('/trpc/follows.follow', { story_username: 'margaret' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('Story not found.');
    const byEmail = await t.client().post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'x@example.com' });
    expect(byEmail.status).toBe(404);
    expect(byEmail.body.error.message).toBe('Story not found.');
  });

  it('a follower whose access ends (audience narrowed, removed from the circle) gets nothing more', async () => {
    const { margaret, rob } = await world();
    expect((await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' })).status).toBe(200);
    const audience = async (a: 'everyone' | 'link' | 'circle' | 'only_me') =>
      expect((await margaret.client.post('/trpc/stories.setAudience', { audience: a })).status).toBe(200);
    // Stand-ins for circle.invite / remove (the circle part of issue #24): a member joined to Rob's account.
    let n = 0;
    const chapter = async () => {
      n += 1;
      clock.advance(DAY);
      text += `<h2>Chapter ${n}</h2>${para(`c${n}x`, 20)}`;
      expect((await publish(margaret, text)).status).toBe(200);
      return digest();
    };
    let text = CHAPTER_ONE;
    await audience('only_me');
    expect(await chapter()).toBe(0);
    // A stranger cannot follow what they cannot read: no such story.
    const stranger = await signedInPerson(t, { username: 'stranger' });
    const refused = await stranger.client.post('/trpc/follows.follow', { story_username: 'margaret' });
    expect([refused.status, refused.body.error.message]).toEqual([404, 'Story not found.']);

    await audience('circle');
    expect(await chapter()).toBe(0);
    const member = await t.deps.db
      .insertInto('circle_members')
      .values({
        owner_id: margaret.id,
        email: rob.email.toLowerCase(),
        name: 'Rob',
        invite_token_hash: null,
        invited_at: clock.now(),
        joined_user_id: rob.id,
        joined_at: clock.now(),
        last_read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await chapter()).toBe(1);
    const mails = await mailTo(t, rob.email);
    // What he missed while he could not read it is news now: chapters 1 to 3.
    expect(mails.at(-1)!.subject).toBe('New in “My life”: Chapter 1 and 2 more');
    await t.deps.db.deleteFrom('circle_members').where('id', '=', member.id).execute();
    expect(await chapter()).toBe(0);
    await audience('everyone');
    expect(await chapter()).toBe(1);
    // Unsubscribing from a story one can no longer read works, and the page does not name it.
    const last = (await mailTo(t, rob.email)).at(-1)!;
    await audience('only_me');
    const gone = await t.client().post(linkIn(last, '/unsubscribe/'));
    expect(gone.status).toBe(200);
    expect(gone.text).toContain('no more emails about this story');
    expect(gone.text).not.toContain('My life');
    expect(
      (await rob.client.get(`/trpc/follows.status?input=${encodeURIComponent(JSON.stringify({ story_username: 'margaret' }))}`)).status,
    ).toBe(404);
    // Unfollowing answers alike for a story one cannot read and for no story at all.
    expect((await rob.client.post('/trpc/follows.unfollow', { story_username: 'margaret' })).body.result.data).toEqual({
      following: false,
    });
    expect((await rob.client.post('/trpc/follows.unfollow', { story_username: 'nobody_here' })).body.result.data).toEqual({
      following: false,
    });
  });

  it('an address that followed a link story with the link hears until the link is renewed', async () => {
    const { margaret } = await world();
    expect((await margaret.client.post('/trpc/stories.setAudience', { audience: 'link' })).status).toBe(200);
    const { key } = (await margaret.client.get('/trpc/stories.shareLink')).body.result.data;
    const visitor = t.client();
    // Without the link: no such story.
    const blind = await visitor.post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'nephew@example.com' });
    expect([blind.status, blind.body.error.message]).toEqual([404, 'Story not found.']);
    const opened = await visitor.get(`/s/${key}`);
    expect(opened.status).toBe(302);
    const pass = opened.headers.get('set-cookie')?.match(/reader_pass=([^;]*)/)?.[1];
    expect(pass).toBeTruthy();
    const withPass = { headers: { cookie: `reader_pass=${pass}` } };
    expect(
      (await visitor.post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'nephew@example.com' }, withPass)).status,
    ).toBe(200);
    const [confirmMail] = await settle(t, 'nephew@example.com', 1);
    expect((await t.client().post(linkIn(confirmMail!, '/follow/confirm/'))).status).toBe(200);

    clock.advance(60_000);
    const two = `${CHAPTER_ONE}<h2>Letters</h2>${para('letters', 30)}`;
    expect((await publish(margaret, two)).status).toBe(200);
    expect(await digest()).toBe(1);
    // A new link ends the old one's passes, and with them the emails.
    expect((await margaret.client.post('/trpc/stories.newShareLink', {})).status).toBe(200);
    clock.advance(DAY);
    expect((await publish(margaret, `${two}<h2>More letters</h2>${para('more', 30)}`)).status).toBe(200);
    expect(await digest()).toBe(0);
    expect(await mailTo(t, 'nephew@example.com')).toHaveLength(2);
  });

  it('two runs at once (a second instance, a repeated hour) send one email', async () => {
    const { margaret, rob } = await world();
    expect((await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' })).status).toBe(200);
    clock.advance(60_000);
    expect((await publish(margaret, `${CHAPTER_ONE}<h2>Twice?</h2>${para('once', 30)}`)).status).toBe(200);
    const runs = await Promise.all([digest(), digest(), digest()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await mailTo(t, rob.email)).toHaveLength(1);
  });

  it('the ten-minute timer runs the digest the housekeeping ran: one run at a time, one instance at a time, never twice', async () => {
    expect(FOLLOW_DIGEST_EVERY_MS).toBe(10 * 60_000);
    const { margaret, rob } = await world();
    expect((await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' })).status).toBe(200);
    clock.advance(60_000);
    expect((await publish(margaret, `${CHAPTER_ONE}<h2>By the timer</h2>${para('timer', 30)}`)).status).toBe(200);
    const failures: string[] = [];
    const schedule = scheduleFollowDigests(
      { ...t.deps, runAlone: (fn) => t.deps.followDigestsAlone(fn) },
      () => ({ origin: ORIGIN }),
      (line) => failures.push(line),
    );
    let timer: ReturnType<typeof scheduleFollowDigests> | undefined;
    try {
      // Two calls at once: the second finds the first still running and does nothing; a third, later, finds nothing due.
      expect(await Promise.all([schedule.run(), schedule.run()])).toEqual([true, false]);
      expect(await schedule.run()).toBe(true);
      expect(await mailTo(t, rob.email)).toHaveLength(1);
      expect((await mailTo(t, rob.email))[0]!.subject).toBe('New in “My life”: By the timer');
      // The same job as the housekeeping's call: it finds the day's mark the timer took and sends nothing.
      expect(await digest()).toBe(0);

      // With PostgreSQL, another instance sending (its lock held) means this one skips its turn.
      if (t.config.databaseUrl) {
        const other = new pg.Client({ connectionString: t.config.databaseUrl });
        await other.connect();
        try {
          await other.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_SPACE, LOCKS.followDigests]);
          clock.advance(DAY);
          expect((await publish(margaret, `${CHAPTER_ONE}<h2>Held</h2>${para('held', 30)}`)).status).toBe(200);
          expect(await schedule.run()).toBe(false);
          expect(await mailTo(t, rob.email)).toHaveLength(1);
        } finally {
          await other.end();
        }
      } else {
        clock.advance(DAY);
        expect((await publish(margaret, `${CHAPTER_ONE}<h2>Held</h2>${para('held', 30)}`)).status).toBe(200);
      }
      // The timer itself (its period short for the test) sends the next day's email at its next turn.
      timer = scheduleFollowDigests(
        { ...t.deps, runAlone: (fn) => t.deps.followDigestsAlone(fn) },
        () => ({ origin: ORIGIN }),
        (line) => failures.push(line),
        40,
      );
      await expect.poll(async () => (await mailTo(t, rob.email)).length, { timeout: 5000, interval: 50 }).toBe(2);
    } finally {
      schedule.stop();
      timer?.stop();
    }
    expect(failures).toEqual([]);
  });

  it('a rebuild of the projection gives the same followers', async () => {
    const { rob } = await world();
    const lee = await signedInPerson(t, { username: 'lee' });
    await rob.client.post('/trpc/follows.follow', { story_username: 'margaret' });
    await lee.client.post('/trpc/follows.follow', { story_username: 'margaret' });
    await lee.client.post('/trpc/follows.unfollow', { story_username: 'margaret' });
    await t.client().post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'aunt@example.com' });
    const [mail] = await settle(t, 'aunt@example.com', 1);
    await t.client().post(linkIn(mail!, '/follow/confirm/'));
    await t.client().post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'cousin@example.com' });
    const before = await t.deps.db.selectFrom('proj_followers').selectAll().orderBy('follow_id').execute();
    expect(before.map((f) => [f.user_id, f.email, f.confirmed]).sort()).toEqual(
      [
        [rob.id, null, 1],
        [null, 'aunt@example.com', 1],
        [null, 'cousin@example.com', 0],
      ].sort(),
    );
    // The author's list (the Readers screen).
    const { margaret } = { margaret: await t.userId('margaret') };
    const list = (await t.caller(margaret).follows.followers()).map((f) => [f.kind, f.who, f.confirmed]);
    expect(list.sort()).toEqual(
      [
        ['account', 'robert', true],
        ['email', 'aunt@example.com', true],
        ['email', 'cousin@example.com', false],
      ].sort(),
    );
    expect(await t.caller(rob.id).follows.followers()).toEqual([]);
    await t.deps.projector.rebuild();
    expect(await t.deps.db.selectFrom('proj_followers').selectAll().orderBy('follow_id').execute()).toEqual(before);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const { margaret } = await world();
    const visitor = t.client();
    const badEmail = await visitor.post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'not an address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.message).toBe('Please enter a valid email address.');
    expect((await visitor.post('/trpc/follows.followByEmail', { email: 'a@example.com' })).status).toBe(400);
    expect((await visitor.post('/trpc/follows.follow', { story_username: 'margaret' })).status).toBe(401);
    const own = await margaret.client.post('/trpc/follows.follow', { story_username: 'margaret' });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe('You cannot follow your own story.');
    expect((await margaret.client.post('/trpc/follows.follow', { story_username: 'nobody_here' })).status).toBe(404);
    expect((await margaret.client.post('/trpc/follows.follow', { story_username: 42 })).status).toBe(400);
    // Made-up, mangled and cross-purpose tokens.
    for (const path of ['/unsubscribe/abc.def', '/unsubscribe/nope', '/follow/confirm/abc.def', `/unsubscribe/${'x'.repeat(300)}`]) {
      const r = await visitor.post(path);
      expect(r.status, path).toBe(400);
      expect(r.text, path).toContain('This link is not valid.');
    }
    expect((await visitor.get('/unsubscribe/nope')).status).toBe(400);
    expect((await visitor.post('/trpc/follows.confirm', { token: 'abc.def' })).status).toBe(400);
    // A confirm link does not unsubscribe, nor the other way round.
    await visitor.post('/trpc/follows.followByEmail', { story_username: 'margaret', email: 'niece@example.com' });
    const [mail] = await settle(t, 'niece@example.com', 1);
    const token = linkIn(mail!, '/follow/confirm/').split('/').pop()!;
    expect((await visitor.post(`/unsubscribe/${token}`)).status).toBe(400);
    // Past its time the confirm link says so.
    clock.advance(8 * DAY);
    const late = await visitor.post(`/follow/confirm/${token}`);
    expect(late.status).toBe(400);
    expect(late.text).toContain('expired');
    expect((await outbox(t)).length).toBe(1);
    // The housekeeping then forgets the address: no follower, and not in the log.
    expect(await purgeUnconfirmedFollows(t.deps)).toBe(1);
    expect(await t.deps.db.selectFrom('proj_followers').selectAll().execute()).toEqual([]);
    const logged = await t.deps.db.selectFrom('events').select('payload').where('type', '=', 'story_followed').execute();
    expect(logged.map((e) => e.payload).join()).not.toMatch(/niece/);
  });
});
