import type { DeleteAccountInput } from '../../contract/accounts';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { writeTransaction } from '../../db/transaction';
import { deleteBlobs } from '../uploads/owned-upload';
import { requirePasswordOrRecentSignIn } from './reauthenticate';

/** The person deleting their own account: the current password, or a sign-in within ten minutes (reauthenticate.ts). */
export async function deleteAccount(deps: CoreDeps, actor: SignedInActor, input: DeleteAccountInput = {}): Promise<void> {
  await requirePasswordOrRecentSignIn(deps, actor, input?.current_password, 'delete your account');
  await eraseAccount(deps, actor);
}

/**
 * Removes the person from everything in one transaction: rows cascade from users (sessions, story,
 * pages, likes, saves, comments, uploads, the draft and every revision of the story), their events are scrubbed so a rebuild cannot bring them
 * back, and an id-only account_deleted event tells the projector to drop their documents. Files go last.
 */
export async function eraseAccount(deps: CoreDeps, { userId }: Pick<SignedInActor, 'userId'>): Promise<void> {
  const now = deps.clock.now();
  const files = await writeTransaction(deps, async (trx) => {
    const uploads = await trx.selectFrom('uploads').select('name').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('events')
      .where((eb) => eb.or([eb('actor_id', '=', userId), eb('subject_id', '=', userId)]))
      .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await appendEvent(trx, { type: 'account_deleted', payload: { user_id: userId } }, now);
    return uploads.map((u) => u.name);
  });
  await deleteBlobs(deps, files);
}
