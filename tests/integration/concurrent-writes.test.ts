// Parallel requests, and on PostgreSQL two app instances on one database, writing at once
// (docs/decisions/0021-postgresql.md). SQLite runs one transaction at a time (and serves from one process);
// PostgreSQL would not, so every write transaction takes a write turn there. These are the core's read-then-write
// rules under concurrency, on both databases: likes land once, a username is taken once whatever its
// capitalisation, a draft counter is handed out once, and events commit in seq order so the projector's
// checkpoint never skips one.
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_CONFLICT } from '../../server/src/contract/drafts';
import { appendEvent } from '../../server/src/core/events/append-event';
import { writeTransaction } from '../../server/src/db/transaction';
import { makeTestApp, person, postgresBaseUrl, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let one: TestApp;
let two: TestApp;
let author: { id: number; username: string };

beforeAll(async () => {
  one = await makeTestApp();
  // A second instance on the same PostgreSQL database; on SQLite, which serves from one process, the same one.
  two = postgresBaseUrl ? await makeTestApp({ dataDir: one.dataDir }) : one;
  const me = await signedInPerson(one);
  expect((await me.client.post('/api/stories/save', { title: 'Shared', text: storyHtml(1, 20) })).status).toBe(201);
  author = { id: me.id, username: me.username };
});

afterAll(async () => {
  if (two !== one) await two?.deps.close();
  await one?.close();
});

/** Registers n people through the first instance (the password hash is slow: not the point here). */
async function people(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await signedInPerson(one)).id);
  return ids;
}

const rejection = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? (r.reason as TRPCError) : undefined);

describe(postgresBaseUrl ? 'two instances writing at once' : 'parallel requests', () => {
  it('the same like sent many times through both lands once, with one event', async () => {
    const [fan] = await people(1);
    const likes = Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? two : one).caller(fan).social.like({ story_username: author.username, on: true }),
    );
    const results = await Promise.all(likes);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    const events = await one.deps.db
      .selectFrom('events')
      .select('seq')
      .where('type', '=', 'story_liked')
      .where('actor_id', '=', fan!)
      .execute();
    expect(events).toHaveLength(1);
  });

  it("many people's likes and unlikes through both: the count kept by the triggers is the number of likes", async () => {
    const fans = await people(8);
    await Promise.all(
      fans.flatMap((fan, i) => [
        one.caller(fan).social.like({ story_username: author.username, on: true }),
        two.caller(fan).social.like({ story_username: author.username, on: i % 3 !== 0 }),
      ]),
    );
    const likes = await one.deps.db.selectFrom('likes').select('user_id').where('story_user_id', '=', author.id).execute();
    const counted = await one.deps.db.selectFrom('like_counts').select('n').where('story_user_id', '=', author.id).executeTakeFirst();
    expect(counted?.n ?? 0).toBe(likes.length);
  });

  it('one username, asked for at once through both in different capitalisations: one account, the others 409', async () => {
    const base = person();
    const variants = [base.username, base.username.toUpperCase(), `${base.username[0]!.toUpperCase()}${base.username.slice(1)}`];
    const answers = await Promise.all(
      variants.flatMap((username, i) => [
        one.client().post('/api/auth/register', { ...person(), username }),
        two.client().post('/api/auth/register', { ...person(), username, email: `other${i}-${base.email}` }),
      ]),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const emails = await Promise.all(
      ['A', 'a', 'B'].map((c, i) => (i % 2 ? two : one).client().post('/api/auth/register', person({ email: `${c}x-${base.email}` }))),
    );
    expect(emails.map((a) => a.status).sort()).toEqual([201, 201, 409]); // A/a: whichever came first
    expect(emails[2]!.status).toBe(201);
  });

  it('autosaves naming the same draft version at once: exactly one is kept, the others get 409', async () => {
    const [writer] = await people(1);
    const saves = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? two : one)
          .caller(writer)
          .drafts.autosave({ title: `Tab ${i}`, text: `<p>tab ${i}</p>`, base_version: 0, draft_version: 0 }),
      ),
    );
    const kept = saves.filter((r) => r.status === 'fulfilled');
    expect(kept).toHaveLength(1);
    for (const r of saves) if (r.status === 'rejected') expect(rejection(r)?.message).toBe(DRAFT_CONFLICT);
    const draft = await one.caller(writer).drafts.get();
    expect(draft.draft_version).toBe(1);
    // A discard and saves racing from version 1: each version number is handed out once.
    const race = await Promise.allSettled([
      one.caller(writer).drafts.discard({ draft_version: 1 }),
      two.caller(writer).drafts.autosave({ title: 'Late', text: '<p>late</p>', base_version: 0, draft_version: 1 }),
      one.caller(writer).drafts.autosave({ title: 'Later', text: '<p>later</p>', base_version: 0, draft_version: 1 }),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await two.caller(writer).drafts.get()).draft_version).toBe(2);
  });

  it('a transaction that appended an event commits before another instance can append one after it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appended!: () => void;
    const firstAppended = new Promise<void>((resolve) => {
      appended = resolve;
    });
    const order: string[] = [];
    const event = (userId: number) => ({ type: 'password_changed' as const, payload: { user_id: userId } });
    const first = writeTransaction(one.deps, async (trx) => {
      await appendEvent(trx, event(author.id), 1);
      appended();
      await gate;
    }).then(() => order.push('first'));
    await firstAppended;
    const second = writeTransaction(two.deps, (trx) => appendEvent(trx, event(author.id), 2)).then(() => order.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order).toEqual([]); // the second waits for the first
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    const rows = await one.deps.db
      .selectFrom('events')
      .select(['seq', 'at'])
      .where('type', '=', 'password_changed')
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.at)).toEqual([1, 2]);
  });

  it('the projector, running while both write, folds every event: top-list likes equal the likes', async () => {
    const fans = await people(6);
    one.deps.projector.start();
    await Promise.all(
      fans.flatMap((fan) => [
        one.caller(fan).social.like({ story_username: author.username, on: false }),
        two.caller(fan).social.like({ story_username: author.username, on: true }),
        one.caller(fan).social.comment({ story_username: author.username, text: 'Lovely.' }),
      ]),
    );
    await one.deps.projector.drain();
    const likes = await one.deps.db.selectFrom('likes').select('user_id').where('story_user_id', '=', author.id).execute();
    const folded = await one.deps.db.selectFrom('proj_likes').select('user_id').where('story_user_id', '=', author.id).execute();
    expect(folded.map((r) => r.user_id).sort()).toEqual(likes.map((r) => r.user_id).sort());
  });
});
