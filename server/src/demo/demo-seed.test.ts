// The demo data, seeded through the core into a real database and read back through the product's own
// reads: every feature shows, the three top lists differ, privacy holds, a second start changes nothing,
// every first start tells the same story, and a failed seed leaves nothing behind.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../core/accounts/login';
import { anonymous } from '../core/shared/core-deps';
import { makeTestApp, signedInPerson, type TestApp } from '../../../tests/support/test-app';
import { siteHasAdmin } from '../core/moderation/admin-setup';
import { seedDemoIfEmpty } from './demo-seed';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail } from './people';
import { describeDemoSeed, seedDemo, type DemoSummary } from './run-demo-seed';

const DAY = 24 * 60 * 60 * 1000;
// The real rate limits (RATE_LIMIT_SCALE=1): the seed must get through them as separate people would.
const REAL_LIMITS = { env: { RATE_LIMIT_SCALE: '1' } };

let t: TestApp;
let summary: DemoSummary;
const logged: string[] = [];

async function snapshot(app: TestApp) {
  const db = app.deps.db;
  const stories = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['users.username', 'stories.title', 'stories.page_count'])
    .orderBy('users.username')
    .execute();
  const likes = await db
    .selectFrom('likes')
    .innerJoin('users', 'users.id', 'likes.story_user_id')
    .select('users.username')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('users.username')
    .orderBy('users.username')
    .execute();
  const users = await db.selectFrom('users').select(['username', 'is_private']).orderBy('username').execute();
  const comments = await db.selectFrom('comments').select('text').orderBy('text').execute();
  return { users, stories, likes: likes.map((l) => [l.username, Number(l.n)]), comments: comments.map((c) => c.text) };
}

const top = async (window: 'all' | 'year' | 'month') =>
  (await t.caller().explore.top({ window, page: 1, limit: 5 })).map((s) => s.username);

beforeAll(async () => {
  t = await makeTestApp(REAL_LIMITS);
  summary = (await seedDemoIfEmpty(t.deps, (line) => logged.push(line)))!;
  await t.deps.projector.drain();
});

afterAll(async () => {
  await t?.close();
});

describe('the demo seed', () => {
  it('makes about thirty people, public and private, each able to sign in with the documented password', async () => {
    expect(summary.people).toBeGreaterThanOrEqual(28);
    const users = await t.deps.db.selectFrom('users').select(['username', 'email', 'is_private', 'dob']).execute();
    expect(users).toHaveLength(summary.people);
    const privateCount = users.filter((u) => u.is_private === 1).length;
    expect(privateCount).toBeGreaterThanOrEqual(5);
    expect(privateCount).toBeLessThan(users.length / 2);
    expect(new Set(users.map((u) => u.dob.slice(0, 3))).size).toBeGreaterThanOrEqual(6); // birth years spread over decades
    const someone = DEMO_PEOPLE.find((p) => p.isPrivate)!;
    const session = await login(t.deps, anonymous('demo-test'), { email: demoEmail(someone.username), password: DEMO_PASSWORD });
    expect(session.token).toBeTruthy();
  });

  it('logs one line with what it made and how to sign in', () => {
    expect(logged).toEqual([describeDemoSeed(summary)]);
    expect(logged[0]).toMatch(
      /^Seeded demo data: \d+ people \(\d+ private\), \d+ stories of 1 to \d+ pages, \d+ comments, \d+ likes, \d+ saves/,
    );
    expect(logged[0]).toContain(`password ${DEMO_PASSWORD}`);
  });

  it('writes stories from one page to a dozen, with every kind of formatting the reader shows', async () => {
    const stories = await t.deps.db.selectFrom('stories').select(['user_id', 'page_count', 'body_html']).execute();
    const pages = stories.map((s) => s.page_count);
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(10);
    expect(pages.filter((n) => n === 1).length).toBeGreaterThanOrEqual(4);
    expect(pages.filter((n) => n >= 2 && n <= 4).length).toBeGreaterThanOrEqual(4);
    expect(pages.filter((n) => n >= 5 && n <= 8).length).toBeGreaterThanOrEqual(2);
    const html = stories.map((s) => s.body_html).join('');
    for (const tag of ['<h2>', '<em>', '<strong>', '<blockquote>', '<ul>', '<ol>', '<table>', '<pre>', '<code>', '<hr>'])
      expect(html).toContain(tag);
    expect(html).toMatch(/<a href="https:\/\/[^"]+" rel="noopener noreferrer nofollow">/);
    // People without a story yet show too.
    expect(summary.people - stories.length).toBeGreaterThanOrEqual(2);
    const long = await t.deps.db
      .selectFrom('stories')
      .innerJoin('users', 'users.id', 'stories.user_id')
      .select('users.username')
      .where('stories.page_count', '>=', 10)
      .executeTakeFirstOrThrow();
    const page7 = await t.caller().stories.page({ username: long.username, page_number: 7 });
    expect(page7.html.length).toBeGreaterThan(3000);
  });

  it('gives most people a picture and most stories a banner, stored as uploads, and leaves some without', async () => {
    const users = await t.deps.db.selectFrom('users').select('image').execute();
    const stories = await t.deps.db.selectFrom('stories').select('banner').execute();
    const pictures = users.map((u) => u.image).filter((n): n is string => !!n);
    const banners = stories.map((s) => s.banner).filter((n): n is string => !!n);
    expect(pictures.length).toBe(summary.pictures);
    expect(banners.length).toBe(summary.banners);
    expect(pictures.length).toBeLessThan(users.length);
    expect(banners.length).toBeLessThan(stories.length);
    expect(banners.length).toBeGreaterThan(stories.length / 2);
    const uploads = await t.deps.db.selectFrom('uploads').select(['name', 'content_type', 'width', 'height']).execute();
    expect(uploads.map((u) => u.name).sort()).toEqual([...pictures, ...banners].sort());
    expect(new Set(uploads.map((u) => u.content_type))).toEqual(new Set(['image/jpeg', 'image/png']));
    expect(uploads.find((u) => u.name === banners[0])).toMatchObject({ width: 1600, height: 700 });
    for (const name of [pictures[0]!, banners[0]!]) expect(await t.deps.blobs.get(name)).not.toBeNull();
  });

  it('has every demo comment written by a demo person', () => {
    const names = new Set(DEMO_PEOPLE.map((p) => p.username));
    const commenters = DEMO_PEOPLE.flatMap((p) => p.story?.text.comments.map(([who]) => who) ?? []);
    expect(commenters.filter((who) => !names.has(who))).toEqual([]);
    expect(summary.comments).toBe(commenters.length);
  });

  it('spreads comments, likes and saves over two years, with their events', async () => {
    const now = Date.now();
    const db = t.deps.db;
    const likes = await db.selectFrom('likes').select('created_at').execute();
    const times = likes.map((l) => l.created_at);
    expect(likes.length).toBe(summary.likes);
    expect(times.some((at) => at < now - 365 * DAY)).toBe(true);
    expect(times.some((at) => at > now - 30 * DAY)).toBe(true);
    expect(Math.min(...times)).toBeGreaterThan(now - 731 * DAY);
    expect(await db.selectFrom('comments').select('id').execute()).toHaveLength(summary.comments);
    expect(summary.comments).toBeGreaterThanOrEqual(50);
    expect(await db.selectFrom('saves').select('user_id').execute()).toHaveLength(summary.saves);
    const events = await db.selectFrom('events').select(['type', 'at']).orderBy('seq').execute();
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      'user_registered',
      'profile_updated',
      'picture_changed',
      'story_saved',
      'story_banner_changed',
      'story_liked',
      'story_saved_for_later',
      'comment_created',
    ]) {
      expect(types).toContain(type);
    }
    // Written in time order, as in real use.
    expect(events.every((e, i) => i === 0 || e.at >= events[i - 1]!.at)).toBe(true);
    // Someone has saved stories to read later.
    const reader = await t.userId('bea.reads');
    expect((await t.caller(reader).explore.bookmarks({ page: 1, limit: 50 })).length).toBeGreaterThan(0);
  });

  it('makes This Month, This Year and All Time three different lists', async () => {
    const [all, year, month] = [await top('all'), await top('year'), await top('month')];
    expect(all).toHaveLength(5);
    expect(year).toHaveLength(5);
    expect(month).toHaveLength(5);
    expect(all[0]).not.toBe(year[0]);
    expect(year[0]).not.toBe(month[0]);
    expect(all[0]).not.toBe(month[0]);
    expect(new Set([all.join(), year.join(), month.join()]).size).toBe(3);
    const count = async (window: 'all' | 'year' | 'month') => (await t.caller().explore.topCount({ window })).count;
    expect(await count('month')).toBeLessThan(await count('year'));
    expect(await count('year')).toBeLessThanOrEqual(await count('all'));
  });

  it("keeps private people's names out of search and story output for everyone else", async () => {
    const visitor = t.caller();
    for (const p of DEMO_PEOPLE.filter((q) => q.isPrivate)) {
      const byName = await visitor.explore.search({ text: `${p.firstName} ${p.lastName}`, kind: 'all' });
      expect(byName.map((r) => r.username)).not.toContain(p.username);
      const byUsername = await visitor.explore.search({ text: p.username, kind: 'users' });
      for (const hit of byUsername.filter((r) => r.username === p.username))
        expect(hit).toMatchObject({ first_name: null, last_name: null });
      if (p.story) {
        const story = await visitor.stories.get({ username: p.username });
        expect(story).toMatchObject({ first_name: null, last_name: null, dob: null, age: null, user_image: null, is_private: true });
        expect(JSON.stringify(story)).not.toContain(p.lastName);
      }
    }
    // A public person is found by name, with it.
    const pub = DEMO_PEOPLE.find((q) => !q.isPrivate && q.story)!;
    const found = await visitor.explore.search({ text: pub.lastName, kind: 'users' });
    expect(found.find((r) => r.username === pub.username)).toMatchObject({ first_name: pub.firstName, last_name: pub.lastName });
    // The private owner still sees their own names.
    const own = DEMO_PEOPLE.find((q) => q.isPrivate && q.story)!;
    expect(await t.caller(await t.userId(own.username)).stories.get({ username: own.username })).toMatchObject({
      first_name: own.firstName,
    });
  });

  it('does nothing on a second start', async () => {
    const before = await snapshot(t);
    const events = await t.deps.db.selectFrom('events').select('seq').execute();
    expect(await seedDemoIfEmpty(t.deps, (line) => logged.push(line))).toBeNull();
    expect(await snapshot(t)).toEqual(before);
    expect(await t.deps.db.selectFrom('events').select('seq').execute()).toHaveLength(events.length);
    expect(logged).toHaveLength(1);
  });

  it('tells the same story on every first start', async () => {
    const other = await makeTestApp(REAL_LIMITS);
    try {
      await seedDemoIfEmpty(other.deps);
      expect(await snapshot(other)).toEqual(await snapshot(t));
    } finally {
      await other.close();
    }
  }, 120_000);

  it('removes what it made when it fails half-way, so the next start can try again', async () => {
    const other = await makeTestApp();
    try {
      const [a, b] = DEMO_PEOPLE.filter((p) => p.avatar && p.story?.banner);
      const broken = { ...b!, username: 'x' }; // not a valid username: registration refuses it
      await expect(seedDemo(other.deps, { people: [a!, broken] })).rejects.toThrow(
        /Seeding the demo data failed at the join of x: Username must be/,
      );
      expect(await other.deps.db.selectFrom('users').select('id').execute()).toEqual([]);
      expect(await other.deps.db.selectFrom('uploads').select('name').execute()).toEqual([]);
      expect(fs.readdirSync(path.join(other.dataDir, 'uploads'))).toEqual([]);
      // The first person had joined, uploaded and written before the failure, and was deleted again.
      const events = await other.deps.db.selectFrom('events').select('type').execute();
      expect(events.map((e) => e.type)).toEqual(['account_deleted']);
    } finally {
      await other.close();
    }
  }, 60_000);
});

// Last: it registers someone on the seeded site.
describe('the demo seed and admins (docs/decisions/0020-moderation.md)', () => {
  it('leaves no admin, even with a demo address in ADMIN_EMAILS, and the first stranger to register is not one', async () => {
    expect(await siteHasAdmin(t.deps.db, t.deps.config)).toBe(false);
    expect(await siteHasAdmin(t.deps.db, { adminEmails: [demoEmail(DEMO_PEOPLE[0]!.username)] })).toBe(false);
    const stranger = await signedInPerson(t, { username: 'first_stranger' });
    expect(await t.caller(stranger.id).moderation.access()).toEqual({ admin: false });
    expect(await siteHasAdmin(t.deps.db, t.deps.config)).toBe(false);
  });
});
