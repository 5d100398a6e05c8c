// Folding events, in order, into the projection tables (proj_*). Every step is idempotent, so a batch
// replayed after a failure gives the same tables.
import type { Insertable, Transaction } from 'kysely';
import type { Database, ProjLikesTable, ProjStoriesTable, ProjUsersTable } from '../../db/schema';
import { assertNever } from '../shared/assert-never';
import type { StoredEvent } from './event-types';

/** The story and people documents a batch may have changed. */
export interface Touched {
  stories: Set<number>;
  users: Set<number>;
}

export const nothingTouched = (): Touched => ({ stories: new Set(), users: new Set() });

/** Rows per multi-row upsert (at 3-5 columns, far below SQLite's 32766 parameters). */
const ROWS_PER_UPSERT = 500;

/**
 * Writes the queued rows, ROWS_PER_UPSERT at a time, through `write`, then empties the queue. Only the last row
 * of each key is written (the one that would win anyway): PostgreSQL refuses an upsert that meets a key twice
 * (ADR 0021), which SQLite applied row after row.
 */
async function inRuns<T>(queue: T[], key: (row: T) => string, write: (run: T[]) => Promise<unknown>): Promise<void> {
  const latest = new Map<string, T>();
  for (const row of queue) {
    latest.delete(key(row)); // keeps the queue's order of last occurrences
    latest.set(key(row), row);
  }
  const rows = [...latest.values()];
  for (let i = 0; i < rows.length; i += ROWS_PER_UPSERT) await write(rows.slice(i, i + ROWS_PER_UPSERT));
  queue.length = 0;
}

/**
 * Folds events in order into proj_*. Registrations, story saves and likes (most of the log) are queued per
 * table and written as multi-row upserts; the rarer events are applied one by one (applyOne), after the
 * queues of the tables they touch are written. Changes to different tables commute, and within a table the
 * queued rows keep their order (a later row for the same key wins, as it would one statement later), so the
 * result is that of applying every event alone. A rebuild folds millions of likes, and one Kysely statement
 * per like was most of `npm run reindex` at 1M likes.
 */
export async function foldEvents(trx: Transaction<Database>, events: StoredEvent[], touched: Touched): Promise<void> {
  const users: Insertable<ProjUsersTable>[] = [];
  const stories: Insertable<ProjStoriesTable>[] = [];
  const likes: Insertable<ProjLikesTable>[] = [];
  const flushUsers = () =>
    inRuns(
      users,
      (r) => String(r.user_id),
      (run) =>
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
    inRuns(
      stories,
      (r) => String(r.user_id),
      (run) =>
        trx
          .insertInto('proj_stories')
          .values(run)
          .onConflict((oc) =>
            // The audience is set on insert only (a new story's, from its story_saved) and then by story_audience_changed.
            oc.column('user_id').doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), created_at: eb.ref('excluded.created_at') })),
          )
          .execute(),
    );
  const flushLikes = () =>
    inRuns(
      likes,
      (r) => `${r.story_user_id}:${r.user_id}`,
      (run) =>
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
        if (users.length >= ROWS_PER_UPSERT) await flushUsers();
        break;
      }
      case 'story_saved': {
        const p = e.payload;
        stories.push({ user_id: p.user_id, title: p.title, created_at: p.created_at, ...(p.audience ? { audience: p.audience } : {}) });
        touched.stories.add(p.user_id);
        touched.users.add(p.user_id);
        if (stories.length >= ROWS_PER_UPSERT) await flushStories();
        break;
      }
      case 'story_liked': {
        const p = e.payload;
        likes.push({ story_user_id: p.story_user_id, user_id: p.user_id, given_at: p.given_at });
        touched.stories.add(p.story_user_id);
        touched.users.add(p.story_user_id);
        if (likes.length >= ROWS_PER_UPSERT) await flushLikes();
        break;
      }
      case 'profile_updated':
      case 'account_suspended':
      case 'account_unsuspended':
        await flushUsers();
        await applyOne(trx, e, touched);
        break;
      case 'story_hidden':
      case 'story_restored':
      case 'story_audience_changed':
        await flushStories();
        await applyOne(trx, e, touched);
        break;
      case 'story_unliked':
        await flushLikes();
        await applyOne(trx, e, touched);
        break;
      case 'account_deleted':
      case 'story_deleted': // each touches several tables: everything queued first
        await flushUsers();
        await flushStories();
        await flushLikes();
        await applyOne(trx, e, touched);
        break;
      // These change nothing that search or the top lists show.
      case 'picture_changed':
      case 'password_changed':
      case 'story_banner_changed':
      case 'story_saved_for_later':
      case 'story_unsaved':
      case 'comment_created':
      case 'comment_deleted':
      case 'story_revision_restored':
      case 'comment_hidden':
      case 'comment_restored':
      case 'reader_invited':
      case 'reader_invite_resent':
      case 'reader_joined':
      case 'reader_removed':
      // Followers have a projection of their own (core/follows/fold-followers.ts).
      case 'story_followed':
      case 'story_follow_confirmed':
      case 'story_unfollowed':
      case 'asked_question_answered':
        break;
      default:
        assertNever(e, 'event');
    }
  }
  await flushUsers();
  await flushStories();
  await flushLikes();
}

type AppliedOneByOne = Extract<
  StoredEvent,
  {
    type:
      | 'profile_updated'
      | 'story_unliked'
      | 'account_deleted'
      | 'story_deleted'
      | 'story_hidden'
      | 'story_restored'
      | 'story_audience_changed'
      | 'account_suspended'
      | 'account_unsuspended';
  }
>;

/** Folds one of the events that are not queued; every branch is idempotent. */
async function applyOne(trx: Transaction<Database>, e: AppliedOneByOne, touched: Touched): Promise<void> {
  switch (e.type) {
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
    case 'story_deleted': {
      const id = e.payload.user_id;
      await trx.deleteFrom('proj_stories').where('user_id', '=', id).execute();
      await trx.deleteFrom('proj_likes').where('story_user_id', '=', id).execute();
      touched.stories.add(id);
      touched.users.add(id);
      return;
    }
    case 'story_unliked': {
      const p = e.payload;
      await trx.deleteFrom('proj_likes').where('story_user_id', '=', p.story_user_id).where('user_id', '=', p.user_id).execute();
      touched.stories.add(p.story_user_id);
      touched.users.add(p.story_user_id);
      return;
    }
    // A hidden story or a suspended person stays in proj_* (their likes keep counting) but leaves the index:
    // search-documents.ts builds no document for them, so the touched ids become deletions, and documents again
    // once restored.
    case 'story_hidden':
    case 'story_restored': {
      const id = e.payload.user_id;
      await trx
        .updateTable('proj_stories')
        .set({ hidden: e.type === 'story_hidden' ? 1 : 0 })
        .where('user_id', '=', id)
        .execute();
      touched.stories.add(id);
      return;
    }
    // A story not for everyone is treated as hidden is (docs/decisions/0026-who-can-read-a-story.md): no search
    // document, out of the top lists, and its author not found as a person; back once it is for everyone again.
    case 'story_audience_changed': {
      const id = e.payload.user_id;
      await trx.updateTable('proj_stories').set({ audience: e.payload.audience }).where('user_id', '=', id).execute();
      touched.stories.add(id);
      touched.users.add(id);
      return;
    }
    case 'account_suspended':
    case 'account_unsuspended': {
      const id = e.payload.user_id;
      await trx
        .updateTable('proj_users')
        .set({ suspended: e.type === 'account_suspended' ? 1 : 0 })
        .where('user_id', '=', id)
        .execute();
      touched.stories.add(id);
      touched.users.add(id);
      return;
    }
    default:
      assertNever(e, 'event');
  }
}
