// The event log and its projections: incremental == rebuild, idempotent, windows age, deletion forgets.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, FakeClock } from '../support/fake-clock';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
let clock: FakeClock;

beforeEach(async () => {
  clock = new FakeClock();
  t = await makeTestApp({ clock });
});
afterEach(async () => t.close());

async function snapshot() {
  const s = t.deps.search;
  const windows = ['all', 'month', 'year'] as const;
  const out: Record<string, unknown> = {};
  for (const w of windows) {
    out[`top-${w}`] = await s.top(w, 0, 50);
    out[`count-${w}`] = await s.countTop(w);
  }
  for (const q of ['gar', 'garden', 'river', 'winters', 'maria', 'rob']) {
    out[`search-${q}`] = await s.search({ text: q, kind: 'all', limit: 20 });
  }
  for (const table of ['proj_users', 'proj_stories', 'proj_likes'] as const) {
    out[table] = await t.deps.db.selectFrom(table).selectAll().orderBy('user_id').execute();
  }
  return out;
}

async function world() {
  const maria = await signedInPerson(t, { username: 'maria_g', first_name: 'Maria', last_name: 'Garcia' });
  const rob = await signedInPerson(t, { username: 'robert', first_name: 'Robert', last_name: 'Winters' });
  const lee = await signedInPerson(t, { username: 'lee.k', first_name: 'Lee', last_name: 'Kim' });
  await maria.client.post('/api/stories/save', { title: 'A garden by the river', text: storyHtml(3) });
  clock.advance(DAY);
  await rob.client.post('/api/stories/save', { title: 'Winters in the north', text: storyHtml(2) });
  clock.advance(DAY);
  await lee.client.post('/api/stories/save', { title: 'Gardening for beginners', text: storyHtml(1) });
  return { maria, rob, lee };
}

const like = (c: { post: (u: string, b: unknown) => Promise<{ status: number }> }, story: string, liked = false) =>
  c.post('/api/users/like', { data: { liked, story_username: story }, withCredentials: true });

describe('projector', () => {
  it('folds events into search and top lists, and a rebuild gives exactly the same result', async () => {
    const { maria, rob, lee } = await world();
    expect((await like(rob.client, 'maria_g')).status).toBe(201);
    expect((await like(lee.client, 'maria_g')).status).toBe(201);
    clock.advance(40 * DAY); // sessions have expired by now: act through the core as each person
    await t.caller(maria.id).social.like({ story_username: 'robert', on: true });
    await t.caller(lee.id).social.comment({ story_username: 'robert', text: 'Lovely.' });
    await t.caller(rob.id).accounts.edit({ first_name: 'Robert', last_name: 'Winters', email: rob.email, dob: rob.dob, is_private: true });
    expect(await t.caller(lee.id).social.like({ story_username: 'maria_g', on: false })).toEqual({ on: false, changed: true });
    await t.deps.projector.drain();

    const incremental = await snapshot();
    // robert and maria have one standing like each: the newer story (robert's) first; lee has none.
    expect(incremental['top-all']).toEqual([await t.userId('robert'), await t.userId('maria_g'), await t.userId('lee.k')]);
    expect(incremental['count-month']).toBe(1); // only robert's like from maria is within 30 days
    expect(incremental['count-year']).toBe(2);

    await t.deps.projector.rebuild();
    expect(await snapshot()).toEqual(incremental);
  });

  it('ranks all time by likes, then newer story first', async () => {
    const { maria, rob } = await world();
    await like(rob.client, 'maria_g');
    await like(maria.client, 'maria_g');
    await like(maria.client, 'robert');
    await t.deps.projector.drain();
    const ids = await t.deps.search.top('all', 0, 50);
    // maria: 2 likes; robert: 1; lee: 0
    expect(ids).toEqual([await t.userId('maria_g'), await t.userId('robert'), await t.userId('lee.k')]);
  });

  it('running the projector again changes nothing', async () => {
    const { rob } = await world();
    await like(rob.client, 'maria_g');
    await t.deps.projector.drain();
    const once = await snapshot();
    // Forget the checkpoint: the same events are folded a second time.
    await t.deps.db.deleteFrom('projector_checkpoints').execute();
    await t.deps.projector.drain();
    expect(await snapshot()).toEqual(once);
    expect(await t.deps.projector.checkpoint()).toBeGreaterThan(0);
  });

  it('rebuilds the index once when it was built with another document format (an upgrade), then never again', async () => {
    const { rob } = await world();
    await like(rob.client, 'maria_g');
    await t.deps.projector.drain();
    const once = await snapshot();
    // An index from before formats were kept, or of an older one: its documents may mean something else.
    await t.deps.db.deleteFrom('projector_checkpoints').where('name', '=', 'search-format').execute();
    await t.deps.search.deleteStories([await t.userId('maria_g')]);
    expect(await t.deps.projector.rebuildIfFormatChanged()).toBe(true);
    expect(await snapshot()).toEqual(once);
    expect(await t.deps.projector.rebuildIfFormatChanged()).toBe(false);
    await t.deps.db.updateTable('projector_checkpoints').set({ seq: 1 }).where('name', '=', 'search-format').execute();
    expect(await t.deps.projector.rebuildIfFormatChanged()).toBe(true);
  });

  it('ages likes out of the 30- and 365-day windows with no new event', async () => {
    const { rob } = await world();
    await like(rob.client, 'maria_g');
    await t.deps.projector.drain();
    const maria = await t.userId('maria_g');
    expect(await t.deps.search.top('month', 0, 50)).toEqual([maria]);

    clock.advance(31 * DAY);
    await t.deps.projector.drain();
    expect(await t.deps.search.top('month', 0, 50)).toEqual([]);
    expect(await t.deps.search.countTop('month')).toBe(0);
    expect(await t.deps.search.top('year', 0, 50)).toEqual([maria]);

    clock.advance(335 * DAY);
    await t.deps.projector.drain();
    expect(await t.deps.search.top('year', 0, 50)).toEqual([]);
    expect(await t.deps.search.top('all', 0, 1)).toEqual([maria]); // all time keeps standing likes
  });

  it('an unlike removes the like from every window', async () => {
    const { rob } = await world();
    await like(rob.client, 'maria_g');
    await like(rob.client, 'maria_g', true);
    await t.deps.projector.drain();
    expect(await t.deps.search.countTop('month')).toBe(0);
    expect(await t.deps.search.countTop('year')).toBe(0);
  });

  it('a failed write appends no event', async () => {
    const { rob } = await world();
    const before = await t.deps.db
      .selectFrom('events')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await rob.client.post('/api/comments/create', { data: { story_username: 'nobody_here', text: 'hi' } })).status).toBe(404);
    expect((await like(rob.client, 'nobody_here')).status).toBe(404);
    const after = await t.deps.db
      .selectFrom('events')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('every event type written is parsed back by its schema', async () => {
    const { rob } = await world();
    await like(rob.client, 'maria_g');
    await rob.client.post('/api/users/save', { data: { saved: false, story_username: 'maria_g' } });
    const rows = await t.deps.db.selectFrom('events').selectAll().orderBy('seq').execute();
    const { parseStoredEvent } = await import('../../server/src/core/events/event-types');
    for (const r of rows) expect(() => parseStoredEvent(r)).not.toThrow();
    expect(rows.map((r) => r.type)).toEqual(
      expect.arrayContaining(['user_registered', 'story_saved', 'story_liked', 'story_saved_for_later']),
    );
  });
});

describe('deleting an account', () => {
  it('leaves nothing of the person, even after a rebuild', async () => {
    const { maria, rob, lee } = await world();
    await like(maria.client, 'robert');
    await like(rob.client, 'maria_g');
    await maria.client.post('/api/comments/create', { data: { story_username: 'robert', text: 'From Maria with love' } });
    await lee.client.post('/api/comments/create', { data: { story_username: 'maria_g', text: 'On Maria’s story' } });
    await t.deps.projector.drain();
    const mariaId = maria.id;

    expect((await maria.client.delete('/api/users/delete', { current_password: maria.password })).status).toBe(200);
    await t.deps.projector.drain();

    const check = async () => {
      for (const q of ['maria', 'garcia', 'garden by']) {
        const hits = await t.deps.search.search({ text: q, kind: 'all', limit: 20 });
        expect(hits.map((h) => h.id)).not.toContain(mariaId);
      }
      expect(await t.deps.search.top('all', 0, 50)).not.toContain(mariaId);
      const robDoc = await t.deps.search.top('month', 0, 50);
      expect(robDoc).not.toContain(await t.userId('robert')); // maria's like on robert is gone
      for (const table of ['proj_users', 'proj_stories'] as const) {
        expect(await t.deps.db.selectFrom(table).selectAll().where('user_id', '=', mariaId).execute()).toEqual([]);
      }
      expect(
        await t.deps.db
          .selectFrom('proj_likes')
          .selectAll()
          .where((eb) => eb.or([eb('user_id', '=', mariaId), eb('story_user_id', '=', mariaId)]))
          .execute(),
      ).toEqual([]);
    };
    await check();
    await t.deps.projector.rebuild();
    await check();

    const events = await t.deps.db.selectFrom('events').selectAll().execute();
    const leftovers = events.filter((e) => e.type !== 'account_deleted' && (e.actor_id === mariaId || e.subject_id === mariaId));
    expect(leftovers).toEqual([]);
    const all = JSON.stringify(events);
    expect(all).not.toContain('maria_g');
    expect(all).not.toContain('Garcia');

    for (const table of ['users', 'sessions', 'likes', 'saves', 'comments', 'uploads'] as const) {
      const rows = await t.deps.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(`"user_id":${mariaId},`);
    }
    const comments = await t.deps.db.selectFrom('comments').select('text').execute();
    expect(comments.map((c) => c.text)).toEqual([]); // her comment, and the comment on her story
    // Her old cookie no longer works.
    expect((await maria.client.get('/api/users/profile')).status).toBe(401);
  });
});
