// Blocking (docs/decisions/0020-moderation.md): a person blocks another; the blocked person can no longer comment on
// the blocker's story, and the blocker no longer sees their comments (core/social/comments.ts filters them).
// Blocks are private to the blocker: no event, nothing any reader but the blocker can see.
import type { Transaction } from 'kysely';
import { AppError } from '../../contract/errors';
import type { PersonRefInput } from '../../contract/moderation';
import type { Database } from '../../db/schema';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { findUserId } from '../shared/find-user';

export const PERSON_NOT_FOUND = 'There is no one with that username.';
export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself.';

async function requirePerson(deps: CoreDeps, username: string): Promise<number> {
  const id = await findUserId(deps.db, username);
  if (id === null) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  return id;
}

/** Blocking someone already blocked changes nothing. */
export async function block(deps: CoreDeps, { userId }: SignedInActor, { username }: PersonRefInput): Promise<{ blocked: boolean }> {
  const blockedId = await requirePerson(deps, username);
  if (blockedId === userId) throw new AppError('BAD_INPUT', CANNOT_BLOCK_YOURSELF);
  await deps.db
    .insertInto('blocks')
    .values({ blocker_id: userId, blocked_id: blockedId, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  return { blocked: true };
}

export async function unblock(deps: CoreDeps, { userId }: SignedInActor, { username }: PersonRefInput): Promise<{ blocked: boolean }> {
  const blockedId = await requirePerson(deps, username);
  await deps.db.deleteFrom('blocks').where('blocker_id', '=', userId).where('blocked_id', '=', blockedId).execute();
  return { blocked: false };
}

/** Whether the caller has blocked this person (false for visitors and unknown names). */
export async function blockState(deps: CoreDeps, { userId }: Actor, { username }: PersonRefInput): Promise<{ blocked: boolean }> {
  if (userId === null) return { blocked: false };
  const row = await deps.db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select('blocks.blocked_id')
    .where('blocks.blocker_id', '=', userId)
    .where('users.username', '=', username)
    .executeTakeFirst();
  return { blocked: row !== undefined };
}

/** The people the caller has blocked, most recent first. */
export async function listBlocked(deps: CoreDeps, { userId }: SignedInActor): Promise<Array<{ username: string; since: string }>> {
  const rows = await deps.db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.username', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', userId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.username')
    .execute();
  return rows.map((r) => ({ username: r.username, since: isoTime(r.created_at) }));
}

/** Whether `blockerId` has blocked `blockedId`. */
export async function hasBlocked(trx: Transaction<Database>, blockerId: number, blockedId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}
