// Followers as a projection of the follow events (docs/decisions/0027-followers-and-digests.md), with a checkpoint of
// their own moved in the same transaction as the rows. Both the projector and every follow write fold it (in a write
// transaction, so two never fold at once): a follow's answer and the next read then agree. A rebuild drops the rows
// and folds the whole log again, giving the same followers with the same ids.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { serializedTransaction } from '../../db/transaction';
import { parseStoredEvent, type StoredEvent } from '../events/event-types';

const CHECKPOINT = 'followers';
const EVENTS_PER_BATCH = 5000;
const REBUILD_EVENTS_PER_BATCH = 20_000;

/** Folds the events after the checkpoint, a batch at a time, inside the caller's transaction. */
export async function catchUpFollowersIn(trx: Transaction<Database>, now: number, batch = EVENTS_PER_BATCH): Promise<void> {
  for (;;) {
    const checkpoint = await trx.selectFrom('projector_checkpoints').select('seq').where('name', '=', CHECKPOINT).executeTakeFirst();
    // No checkpoint (a fresh install, or a rebuild): whatever is in the table is not from this log.
    if (!checkpoint) await trx.deleteFrom('proj_followers').execute();
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
      return;
    }
    await foldFollowers(trx, rows.map(parseStoredEvent));
    await moveCheckpoint(trx, Number(rows[rows.length - 1]!.seq), now);
    if (rows.length < batch) return;
  }
}

/** The projector's catch-up: a write transaction only when events wait (an idle tick reads two rows). */
export async function catchUpFollowers(db: Kysely<Database>, now: number): Promise<void> {
  const checkpoint = await db.selectFrom('projector_checkpoints').select('seq').where('name', '=', CHECKPOINT).executeTakeFirst();
  if (checkpoint) {
    const next = await db.selectFrom('events').select('seq').where('seq', '>', checkpoint.seq).limit(1).executeTakeFirst();
    if (!next) return;
  }
  await serializedTransaction(db, (trx) => catchUpFollowersIn(trx, now));
}

/** Drops the projection and folds the whole log again (`npm run reindex`); what followers were told is kept. */
export async function rebuildFollowers(db: Kysely<Database>, now: number): Promise<void> {
  await serializedTransaction(db, async (trx) => {
    await trx.deleteFrom('projector_checkpoints').where('name', '=', CHECKPOINT).execute();
    await catchUpFollowersIn(trx, now, REBUILD_EVENTS_PER_BATCH);
  });
}

async function moveCheckpoint(trx: Transaction<Database>, seq: number, now: number): Promise<void> {
  await trx
    .insertInto('projector_checkpoints')
    .values({ name: CHECKPOINT, seq, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ seq, updated_at: now }))
    .execute();
}

/** Each step is idempotent: a replayed batch gives the same table. */
export async function foldFollowers(trx: Transaction<Database>, events: StoredEvent[]): Promise<void> {
  for (const e of events) {
    switch (e.type) {
      case 'story_followed': {
        const p = e.payload;
        // An address erased after it unfollowed: its story_unfollowed follows, and it is nobody now.
        if (p.user_id === null && p.email === null) break;
        await trx
          .insertInto('proj_followers')
          .values({
            follow_id: p.follow_id,
            story_user_id: p.story_user_id,
            user_id: p.user_id,
            email: p.user_id === null ? p.email : null,
            confirmed: p.user_id === null ? 0 : 1,
            followed_at: e.at,
          })
          // The same account or address twice: the first follow stands.
          .onConflict((oc) => oc.doNothing())
          .execute();
        break;
      }
      case 'story_follow_confirmed':
        await trx.updateTable('proj_followers').set({ confirmed: 1 }).where('follow_id', '=', e.payload.follow_id).execute();
        break;
      case 'story_unfollowed':
        await trx.deleteFrom('proj_followers').where('follow_id', '=', e.payload.follow_id).execute();
        break;
      case 'account_deleted': {
        // Their events are already scrubbed from the log (delete-account.ts); this removes what was folded.
        const id = e.payload.user_id;
        await trx
          .deleteFrom('proj_followers')
          .where((eb) => eb.or([eb('user_id', '=', id), eb('story_user_id', '=', id)]))
          .execute();
        break;
      }
      default:
        break;
    }
  }
}
