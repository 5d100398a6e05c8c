// Removing a reader from one's circle ends their access at once, everywhere: the row goes, and with it (cascading)
// every pass a device of theirs holds and the account joined to it. Nothing about a circle story is kept in a shared
// cache (docs/decisions/0026-who-can-read-a-story.md), so the next request of theirs already reads "Story not found."
import { type CircleReaderRef, READER_NOT_FOUND } from '../../contract/circle';
import { AppError } from '../../contract/errors';
import { writeTransaction } from '../../db/transaction';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';

export async function removeReader(deps: CoreDeps, actor: SignedInActor, { id }: CircleReaderRef): Promise<void> {
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const gone = await trx
      .deleteFrom('circle_members')
      .where('id', '=', id)
      .where('owner_id', '=', actor.userId)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw new AppError('NOT_FOUND', READER_NOT_FOUND);
    await appendEvent(trx, { type: 'reader_removed', payload: { user_id: actor.userId, member_id: id } }, now);
  });
}
