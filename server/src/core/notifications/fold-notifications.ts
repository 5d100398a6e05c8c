// Notifications as a projection of the event log (ADR 0019): folded in order into proj_notifications and
// proj_comments, with a checkpoint of their own moved in the same SQLite transaction, so a batch is applied
// exactly once. A fresh install (or an upgrade to migration 008) starts at seq 0 and fills from the whole log.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ProjNotificationsTable } from '../../db/schema';
import { parseStoredEvent, type StoredEvent } from '../events/event-types';
import { assertNever } from '../shared/assert-never';

const CHECKPOINT = 'notifications';
/** Events per transaction: a catch-up holds the write lock briefly; a rebuild (nobody waiting) takes more. */
const EVENTS_PER_BATCH = 5000;
const REBUILD_EVENTS_PER_BATCH = 20_000;
const ROWS_PER_INSERT = 500;

type Row = Insertable<ProjNotificationsTable>;

/** Folds the next batch of events; returns whether more may follow. */
export async function catchUpNotifications(db: Kysely<Database>, now: number, batch = EVENTS_PER_BATCH): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const checkpoint = await trx.selectFrom('projector_checkpoints').select('seq').where('name', '=', CHECKPOINT).executeTakeFirst();
    // No checkpoint (a fresh install, or a rebuild cleared it): whatever is in the tables is not from this log.
    if (!checkpoint) await clearProjection(trx);
    const from = checkpoint?.seq ?? 0;
    const rows = await trx
      .selectFrom('events')
      .select(['seq', 'type', 'payload', 'at'])
      .where('seq', '>', from)
      .orderBy('seq')
      .limit(batch)
      .execute();
    if (rows.length === 0) {
      if (!checkpoint) await moveCheckpoint(trx, 0, now);
      return false;
    }
    await foldNotifications(trx, rows.map(parseStoredEvent));
    await moveCheckpoint(trx, rows[rows.length - 1]!.seq, now);
    return rows.length === batch;
  });
}

async function moveCheckpoint(trx: Transaction<Database>, seq: number, now: number): Promise<void> {
  await trx
    .insertInto('projector_checkpoints')
    .values({ name: CHECKPOINT, seq, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ seq, updated_at: now }))
    .execute();
}

/** Drops the projection and folds the whole log again (`npm run reindex`). Reads and settings are kept. */
export async function rebuildNotifications(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('projector_checkpoints').where('name', '=', CHECKPOINT).execute();
  while (await catchUpNotifications(db, now, REBUILD_EVENTS_PER_BATCH)) {
    /* next batch */
  }
}

async function clearProjection(trx: Transaction<Database>): Promise<void> {
  await trx.deleteFrom('proj_notifications').execute();
  await trx.deleteFrom('proj_comments').execute();
}

/**
 * Likes and saves (most of the log) are queued and inserted many rows at a time; every other event first writes
 * the queue, then applies itself, so the result is that of applying each event alone. Inserting an existing
 * (recipient, seq) changes nothing, so a replayed batch gives the same tables.
 */
export async function foldNotifications(trx: Transaction<Database>, events: StoredEvent[]): Promise<void> {
  const queue: Row[] = [];
  const flush = async () => {
    for (let i = 0; i < queue.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto('proj_notifications')
        .values(queue.slice(i, i + ROWS_PER_INSERT))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    queue.length = 0;
  };
  for (const e of events) {
    switch (e.type) {
      case 'story_liked':
      case 'story_saved_for_later': {
        const p = e.payload;
        // Nobody is told about their own like.
        if (p.user_id === p.story_user_id) break;
        const kind = e.type === 'story_liked' ? 'like' : 'save';
        queue.push({
          recipient_id: p.story_user_id,
          seq: e.seq,
          kind,
          story_user_id: p.story_user_id,
          actor_id: p.user_id,
          comment_id: null,
          at: e.at,
        });
        if (queue.length >= ROWS_PER_INSERT) await flush();
        break;
      }
      case 'story_unliked':
      case 'story_unsaved': {
        // Taken back: the news goes too.
        await flush();
        const p = e.payload;
        await trx
          .deleteFrom('proj_notifications')
          .where('story_user_id', '=', p.story_user_id)
          .where('actor_id', '=', p.user_id)
          .where('kind', '=', e.type === 'story_unliked' ? 'like' : 'save')
          .execute();
        break;
      }
      case 'asked_question_answered': {
        // The reader who asked hears that the writer answered (docs/decisions/0032-the-family-asks.md).
        const p = e.payload;
        queue.push({
          recipient_id: p.user_id,
          seq: e.seq,
          kind: 'answer',
          story_user_id: p.story_user_id,
          actor_id: p.story_user_id,
          comment_id: null,
          at: e.at,
        });
        if (queue.length >= ROWS_PER_INSERT) await flush();
        break;
      }
      case 'comment_created':
        await flush();
        await commentCreated(trx, e);
        break;
      case 'comment_deleted':
        await flush();
        await trx.deleteFrom('proj_comments').where('comment_id', '=', e.payload.comment_id).execute();
        await trx.deleteFrom('proj_notifications').where('comment_id', '=', e.payload.comment_id).execute();
        break;
      case 'story_deleted':
        await flush();
        await forgetStory(trx, e.payload.user_id);
        break;
      case 'account_deleted': {
        // Their events are already scrubbed from the log (delete-account.ts); this removes what was folded.
        await flush();
        const id = e.payload.user_id;
        await forgetStory(trx, id);
        await trx.deleteFrom('proj_notifications').where('recipient_id', '=', id).execute();
        await trx.deleteFrom('proj_notifications').where('actor_id', '=', id).execute();
        await trx.deleteFrom('proj_comments').where('user_id', '=', id).execute();
        break;
      }
      // Moderation hides and restores without erasing: the reads leave out a suspended person's actions and
      // hidden comments (list-notifications.ts), so an undone action brings the news back.
      case 'story_hidden':
      case 'story_restored':
      case 'comment_hidden':
      case 'comment_restored':
      case 'account_suspended':
      case 'account_unsuspended':
      // Who may read is decided when notifications are read (list-notifications.ts), so a widened audience brings
      // the news back (docs/decisions/0026-who-can-read-a-story.md).
      case 'story_audience_changed':
      // Nothing anyone is told about.
      case 'user_registered':
      case 'profile_updated':
      case 'picture_changed':
      case 'password_changed':
      case 'story_saved':
      case 'story_revision_restored':
      case 'story_banner_changed':
      case 'reader_invited':
      case 'reader_invite_resent':
      case 'reader_joined':
      case 'reader_removed':
      // Followers have a projection of their own (core/follows/fold-followers.ts).
      case 'story_followed':
      case 'story_follow_confirmed':
      case 'story_unfollowed':
        break;
      default:
        assertNever(e, 'event');
    }
  }
  await flush();
}

/**
 * Everything about one story: the author's news (their own rows) and the replies among its commenters (found
 * through its comments, so proj_notifications needs no index by story).
 */
async function forgetStory(trx: Transaction<Database>, storyId: number): Promise<void> {
  await trx.deleteFrom('proj_notifications').where('recipient_id', '=', storyId).where('story_user_id', '=', storyId).execute();
  await trx
    .deleteFrom('proj_notifications')
    .where('comment_id', 'in', (eb) => eb.selectFrom('proj_comments').select('comment_id').where('story_user_id', '=', storyId))
    .execute();
  await trx.deleteFrom('proj_comments').where('story_user_id', '=', storyId).execute();
}

/** The author hears of a comment; so does everyone who commented on the story before (a reply). */
async function commentCreated(trx: Transaction<Database>, e: Extract<StoredEvent, { type: 'comment_created' }>): Promise<void> {
  const p = e.payload;
  const earlier = await trx
    .selectFrom('proj_comments')
    .select('user_id')
    .distinct()
    .where('story_user_id', '=', p.story_user_id)
    .where('user_id', 'not in', [p.user_id, p.story_user_id])
    .execute();
  const base = { seq: e.seq, story_user_id: p.story_user_id, actor_id: p.user_id, comment_id: p.comment_id, at: e.at };
  const rows: Row[] = earlier.map((r) => ({ ...base, recipient_id: r.user_id, kind: 'reply' }));
  if (p.user_id !== p.story_user_id) rows.push({ ...base, recipient_id: p.story_user_id, kind: 'comment' });
  if (rows.length) {
    await trx
      .insertInto('proj_notifications')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await trx
    .insertInto('proj_comments')
    .values({ comment_id: p.comment_id, story_user_id: p.story_user_id, user_id: p.user_id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
