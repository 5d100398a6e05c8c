// The projector folds events, in order, into the projection tables (proj_*) and from them into the
// SearchIndex (story and people documents with the three top-list counters).
//
// Crash safety without distributed transactions:
//   1. one SQLite transaction applies a batch to proj_* (every step is idempotent) and computes the
//      affected documents;
//   2. the documents are pushed to the index (idempotent upserts/deletes of absolute values);
//   3. only then do the checkpoint and the window cutoffs move.
// A failure anywhere before 3 replays the same batch next time, giving the same result, so running
// it twice changes nothing. Reads never wait for it.
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, ProjLikesTable, ProjStoriesTable, ProjUsersTable } from '../../db/schema';
import type { Clock } from '../../ports/clock';
import type { SearchIndex, StoryDoc, UserDoc } from '../../ports/search-index';
import { parseStoredEvent, type StoredEvent } from './event-types';

const DAY = 24 * 60 * 60 * 1000;
export const WINDOWS = { month: 30 * DAY, year: 365 * DAY } as const;
type WindowName = keyof typeof WINDOWS;

const CHECKPOINT = 'search';
const BATCH = 1000;
const PUSH_CHUNK = 1000;

export interface ProjectorDeps {
  db: Kysely<Database>;
  search: SearchIndex;
  clock: Clock;
  log: (message: string) => void;
}

interface Touched {
  stories: Set<number>;
  users: Set<number>;
}

interface Cutoffs {
  month: number;
  year: number;
}

export class Projector {
  /** Every run (catch-up or rebuild) goes through this chain, one at a time. */
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private retryAt = 0;

  constructor(private readonly deps: ProjectorDeps) {}

  /** Ask for a catch-up soon (after a write commits). Never throws, never blocks the caller. */
  poke(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      if (Date.now() >= this.retryAt) void this.drain().catch(() => undefined);
    });
  }

  /** Catch up periodically too: windows age with time, and a failed index retries with back-off. */
  start(intervalMs = 1000): void {
    this.timer ??= setInterval(() => this.poke(), intervalMs);
    this.timer.unref();
    this.poke();
  }

  /** No new runs after this; resolves when the current one has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  /** Processes every pending event and ages the windows; resolves when caught up. Rejects if the index fails. */
  drain(): Promise<void> {
    return this.exclusive(async () => {
      try {
        while (await this.step()) {
          /* next batch */
        }
        this.failures = 0;
        this.retryAt = 0;
      } catch (err) {
        this.failures += 1;
        this.retryAt = Date.now() + Math.min(30_000, 250 * 2 ** this.failures);
        this.deps.log(`projector: ${(err as Error).message}; retrying in ${this.retryAt - Date.now()} ms`);
        throw err;
      }
    });
  }

  private exclusive(fn: () => Promise<void>): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The last event folded into the index. */
  async checkpoint(): Promise<number> {
    const row = await this.deps.db.selectFrom('projector_checkpoints').select('seq').where('name', '=', CHECKPOINT).executeTakeFirst();
    return row?.seq ?? 0;
  }

  /**
   * Folds the whole event log again into fresh projections and replaces every document with the result:
   * `npm run reindex`. Events are applied in large batches and the documents computed once at the end; the
   * index swaps them in at once where it can (SearchIndex.rebuild). Should the index fail, the checkpoint is
   * gone with the old projections, so the next catch-up replays the log onto the live index: it converges.
   */
  rebuild(): Promise<void> {
    return this.exclusive(() => this.rebuildNow());
  }

  private async rebuildNow(): Promise<void> {
    const { db, search, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      for (const t of ['proj_users', 'proj_stories', 'proj_likes', 'proj_windows', 'projector_checkpoints'] as const) {
        await trx.deleteFrom(t).execute();
      }
    });
    let last = 0;
    for (;;) {
      const events = await this.load(last, 20_000);
      if (events.length === 0) break;
      await db.transaction().execute(async (trx) => {
        const touched: Touched = { stories: new Set(), users: new Set() };
        await applyEvents(trx, events, touched);
      });
      last = events[events.length - 1]!.seq;
    }
    const cutoffs = cutoffsAt(clock.now());
    const storyIds = (await db.selectFrom('proj_stories').select('user_id').execute()).map((r) => r.user_id);
    const userIds = (await db.selectFrom('proj_users').select('user_id').execute()).map((r) => r.user_id);
    await search.rebuild(async (writer) => {
      for (let i = 0; i < storyIds.length; i += PUSH_CHUNK) {
        await writer.upsertStories(await storyDocs(db, storyIds.slice(i, i + PUSH_CHUNK), cutoffs));
      }
      for (let i = 0; i < userIds.length; i += PUSH_CHUNK) {
        await writer.upsertUsers(await userDocs(db, userIds.slice(i, i + PUSH_CHUNK)));
      }
    });
    await this.commit(last, cutoffs);
  }

  /** One batch (or only the window ageing when no events wait). Returns whether more may follow. */
  private async step(): Promise<boolean> {
    const { db, search, clock } = this.deps;
    const from = await this.checkpoint();
    const events = await this.load(from, BATCH);
    const cutoffs = cutoffsAt(clock.now());
    const previous = await storedCutoffs(db);

    const plan = await db.transaction().execute(async (trx) => {
      const touched: Touched = { stories: new Set(), users: new Set() };
      // Stories whose likes crossed a window edge since the last successful run.
      for (const w of Object.keys(WINDOWS) as WindowName[]) {
        const before = previous?.[w] ?? cutoffs[w];
        if (cutoffs[w] <= before) continue;
        const aged = await trx
          .selectFrom('proj_likes')
          .select('story_user_id')
          .distinct()
          .where('given_at', '>=', before)
          .where('given_at', '<', cutoffs[w])
          .execute();
        for (const r of aged) touched.stories.add(r.story_user_id);
      }
      await applyEvents(trx, events, touched);
      return splitTouched(trx, touched, cutoffs);
    });

    const nothing =
      events.length === 0 && plan.stories.length + plan.deleteStories.length + plan.users.length + plan.deleteUsers.length === 0;
    if (nothing && previous) return false; // no write at all on an idle tick
    if (plan.deleteStories.length) await search.deleteStories(plan.deleteStories);
    if (plan.stories.length) await search.upsertStories(plan.stories);
    if (plan.deleteUsers.length) await search.deleteUsers(plan.deleteUsers);
    if (plan.users.length) await search.upsertUsers(plan.users);

    const last = events.length ? events[events.length - 1]!.seq : from;
    await this.commit(last, cutoffs);
    return events.length === BATCH;
  }

  private async load(afterSeq: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.deps.db
      .selectFrom('events')
      .select(['seq', 'type', 'payload', 'at'])
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map(parseStoredEvent);
  }

  private async commit(seq: number, cutoffs: Cutoffs): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('projector_checkpoints')
        .values({ name: CHECKPOINT, seq, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ seq, updated_at: now }))
        .execute();
      for (const w of Object.keys(WINDOWS) as WindowName[]) {
        await trx
          .insertInto('proj_windows')
          .values({ name: w, cutoff: cutoffs[w] })
          .onConflict((oc) => oc.column('name').doUpdateSet({ cutoff: cutoffs[w] }))
          .execute();
      }
    });
  }
}

function cutoffsAt(now: number): Cutoffs {
  return { month: now - WINDOWS.month, year: now - WINDOWS.year };
}

async function storedCutoffs(db: Kysely<Database>): Promise<Cutoffs | null> {
  const rows = await db.selectFrom('proj_windows').selectAll().execute();
  if (rows.length === 0) return null;
  const get = (n: string) => rows.find((r) => r.name === n)?.cutoff ?? 0;
  return { month: get('month'), year: get('year') };
}

/** Rows per multi-row upsert (at 3-5 columns, far below SQLite's 32766 parameters). */
const RUN = 500;

/** Writes the queued rows in runs of RUN through `write`, then empties the queue. */
async function inRuns<T>(rows: T[], write: (run: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += RUN) await write(rows.slice(i, i + RUN));
  rows.length = 0;
}

/**
 * Folds events in order into proj_*, with exactly the result of applyEvent one by one, in fewer statements:
 * registrations, story saves and likes are queued per table and written as multi-row upserts. Changes to
 * different tables commute, and within a table the queued rows keep their order (a later row for the same key
 * wins, as it would one statement later); any other event first writes the queues of the tables it touches
 * (all of them when it may touch several). Events that change no projection are skipped. A rebuild folds
 * millions of likes, and one Kysely statement per like was most of `npm run reindex` at 1M likes.
 */
async function applyEvents(trx: Transaction<Database>, events: StoredEvent[], touched: Touched): Promise<void> {
  const users: Insertable<ProjUsersTable>[] = [];
  const stories: Insertable<ProjStoriesTable>[] = [];
  const likes: Insertable<ProjLikesTable>[] = [];
  const flushUsers = () =>
    inRuns(users, (run) =>
      trx
        .insertInto('proj_users')
        .values(run)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            username: eb.ref('excluded.username'),
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            is_private: eb.ref('excluded.is_private'),
          })),
        )
        .execute(),
    );
  const flushStories = () =>
    inRuns(stories, (run) =>
      trx
        .insertInto('proj_stories')
        .values(run)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), created_at: eb.ref('excluded.created_at') })),
        )
        .execute(),
    );
  const flushLikes = () =>
    inRuns(likes, (run) =>
      trx
        .insertInto('proj_likes')
        .values(run)
        .onConflict((oc) => oc.columns(['story_user_id', 'user_id']).doUpdateSet((eb) => ({ given_at: eb.ref('excluded.given_at') })))
        .execute(),
    );
  for (const e of events) {
    switch (e.type) {
      case 'user_registered': {
        const p = e.payload;
        users.push({
          user_id: p.user_id,
          username: p.username,
          first_name: p.first_name,
          last_name: p.last_name,
          is_private: p.is_private ? 1 : 0,
        });
        touched.users.add(p.user_id);
        if (users.length >= RUN) await flushUsers();
        break;
      }
      case 'story_saved': {
        const p = e.payload;
        stories.push({ user_id: p.user_id, title: p.title, created_at: p.created_at });
        touched.stories.add(p.user_id);
        touched.users.add(p.user_id);
        if (stories.length >= RUN) await flushStories();
        break;
      }
      case 'story_liked': {
        const p = e.payload;
        likes.push({ story_user_id: p.story_user_id, user_id: p.user_id, given_at: p.given_at });
        touched.stories.add(p.story_user_id);
        touched.users.add(p.story_user_id);
        if (likes.length >= RUN) await flushLikes();
        break;
      }
      case 'profile_updated':
        await flushUsers();
        await applyEvent(trx, e, touched);
        break;
      case 'story_unliked':
        await flushLikes();
        await applyEvent(trx, e, touched);
        break;
      // Nothing in proj_* (see applyEvent).
      case 'picture_changed':
      case 'password_changed':
      case 'story_banner_changed':
      case 'story_saved_for_later':
      case 'story_unsaved':
      case 'comment_created':
      case 'comment_deleted':
        break;
      default: // account_deleted, story_deleted, and anything new: everything queued first
        await flushUsers();
        await flushStories();
        await flushLikes();
        await applyEvent(trx, e, touched);
    }
  }
  await flushUsers();
  await flushStories();
  await flushLikes();
}

/** Folds one event into proj_*; every branch is idempotent. */
async function applyEvent(trx: Transaction<Database>, e: StoredEvent, touched: Touched): Promise<void> {
  switch (e.type) {
    case 'user_registered': {
      const p = e.payload;
      await trx
        .insertInto('proj_users')
        .values({
          user_id: p.user_id,
          username: p.username,
          first_name: p.first_name,
          last_name: p.last_name,
          is_private: p.is_private ? 1 : 0,
        })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ username: p.username, first_name: p.first_name, last_name: p.last_name, is_private: p.is_private ? 1 : 0 }),
        )
        .execute();
      touched.users.add(p.user_id);
      return;
    }
    case 'profile_updated': {
      const p = e.payload;
      await trx
        .updateTable('proj_users')
        .set({ first_name: p.first_name, last_name: p.last_name, is_private: p.is_private ? 1 : 0 })
        .where('user_id', '=', p.user_id)
        .execute();
      touched.users.add(p.user_id);
      return;
    }
    case 'account_deleted': {
      const id = e.payload.user_id;
      const liked = await trx.selectFrom('proj_likes').select('story_user_id').where('user_id', '=', id).execute();
      for (const r of liked) {
        touched.stories.add(r.story_user_id);
        touched.users.add(r.story_user_id);
      }
      await trx
        .deleteFrom('proj_likes')
        .where((eb) => eb.or([eb('user_id', '=', id), eb('story_user_id', '=', id)]))
        .execute();
      await trx.deleteFrom('proj_stories').where('user_id', '=', id).execute();
      await trx.deleteFrom('proj_users').where('user_id', '=', id).execute();
      touched.stories.add(id);
      touched.users.add(id);
      return;
    }
    case 'story_saved': {
      const p = e.payload;
      await trx
        .insertInto('proj_stories')
        .values({ user_id: p.user_id, title: p.title, created_at: p.created_at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ title: p.title, created_at: p.created_at }))
        .execute();
      touched.stories.add(p.user_id);
      touched.users.add(p.user_id);
      return;
    }
    case 'story_deleted': {
      const id = e.payload.user_id;
      await trx.deleteFrom('proj_stories').where('user_id', '=', id).execute();
      await trx.deleteFrom('proj_likes').where('story_user_id', '=', id).execute();
      touched.stories.add(id);
      touched.users.add(id);
      return;
    }
    case 'story_liked': {
      const p = e.payload;
      await trx
        .insertInto('proj_likes')
        .values({ story_user_id: p.story_user_id, user_id: p.user_id, given_at: p.given_at })
        .onConflict((oc) => oc.columns(['story_user_id', 'user_id']).doUpdateSet({ given_at: p.given_at }))
        .execute();
      touched.stories.add(p.story_user_id);
      touched.users.add(p.story_user_id);
      return;
    }
    case 'story_unliked': {
      const p = e.payload;
      await trx.deleteFrom('proj_likes').where('story_user_id', '=', p.story_user_id).where('user_id', '=', p.user_id).execute();
      touched.stories.add(p.story_user_id);
      touched.users.add(p.story_user_id);
      return;
    }
    // These change nothing that search or the top lists show.
    case 'picture_changed':
    case 'password_changed':
    case 'story_banner_changed':
    case 'story_saved_for_later':
    case 'story_unsaved':
    case 'comment_created':
    case 'comment_deleted':
      return;
  }
}

interface Plan {
  stories: StoryDoc[];
  deleteStories: number[];
  users: UserDoc[];
  deleteUsers: number[];
}

/** What the touched ids now look like: documents for those that exist, deletions for the rest. */
async function splitTouched(trx: Transaction<Database>, touched: Touched, cutoffs: Cutoffs): Promise<Plan> {
  const stories = await storyDocs(trx, [...touched.stories], cutoffs);
  const users = await userDocs(trx, [...touched.users]);
  const haveStory = new Set(stories.map((d) => d.id));
  const haveUser = new Set(users.map((d) => d.id));
  return {
    stories,
    deleteStories: [...touched.stories].filter((id) => !haveStory.has(id)),
    users,
    deleteUsers: [...touched.users].filter((id) => !haveUser.has(id)),
  };
}

type Executor = Kysely<Database> | Transaction<Database>;

async function storyDocs(db: Executor, ids: number[], cutoffs: Cutoffs): Promise<StoryDoc[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('proj_stories as s')
    .innerJoin('proj_users as u', 'u.user_id', 's.user_id')
    .leftJoin('proj_likes as l', 'l.story_user_id', 's.user_id')
    .select(['s.user_id', 's.title', 's.created_at', 'u.username'])
    .select([
      sql<number>`count(l.user_id)`.as('likes'),
      sql<number>`coalesce(sum(l.given_at >= ${cutoffs.month}), 0)`.as('likes30d'),
      sql<number>`coalesce(sum(l.given_at >= ${cutoffs.year}), 0)`.as('likes365d'),
    ])
    .where('s.user_id', 'in', ids)
    .groupBy('s.user_id')
    .execute();
  return rows.map((r) => ({
    id: r.user_id,
    username: r.username,
    title: r.title,
    likes: Number(r.likes),
    likes30d: Number(r.likes30d),
    likes365d: Number(r.likes365d),
    createdAt: r.created_at,
  }));
}

async function userDocs(db: Executor, ids: number[]): Promise<UserDoc[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('proj_users as u')
    .leftJoin('proj_likes as l', 'l.story_user_id', 'u.user_id')
    .select(['u.user_id', 'u.username', 'u.first_name', 'u.last_name', 'u.is_private'])
    .select(sql<number>`count(l.user_id)`.as('likes'))
    .where('u.user_id', 'in', ids)
    .groupBy('u.user_id')
    .execute();
  return rows.map((r) => ({
    id: r.user_id,
    username: r.username,
    // Private names never reach the index.
    firstName: r.is_private ? null : r.first_name,
    lastName: r.is_private ? null : r.last_name,
    likes: Number(r.likes),
  }));
}
