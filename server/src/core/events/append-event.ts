import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { eventSchemas, type DomainEvent } from './event-types';

/**
 * Appends an event inside the caller's transaction, so it commits or rolls back with the state change.
 * actor = who acted, subject = whose story or account it concerns (both used to scrub a deleted person).
 */
export async function appendEvent(trx: Transaction<Database> | Kysely<Database>, event: DomainEvent, at: number): Promise<void> {
  const payload = eventSchemas[event.type].parse(event.payload) as Record<string, unknown>;
  const actor = payload.user_id as number;
  const subject = (payload.story_user_id as number | undefined) ?? actor;
  await trx
    .insertInto('events')
    .values({ type: event.type, actor_id: actor, subject_id: subject, payload: JSON.stringify(payload), at })
    .execute();
}
