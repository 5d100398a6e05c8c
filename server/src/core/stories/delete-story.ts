import { AppError } from '../../contract/errors';
import type { StoryRefInput } from '../../contract/stories';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { findUserId, STORY_NOT_FOUND } from '../shared/find-user';
import { writeTransaction } from '../../db/transaction';
import { deleteBlobs, forgetUnreferenced } from '../uploads/owned-upload';

export const NOT_YOUR_STORY = 'You can only delete your own story.';

/**
 * Only the author deletes; pages, likes, saves and comments on it go with it, in one transaction. The author's
 * private draft and revisions stay (they go with the account), so a deletion can be undone from Versions, and
 * the next publish takes the version after the newest revision (docs/decisions/0012-drafts-revisions-and-versions.md).
 */
export async function deleteStory(deps: CoreDeps, { userId }: SignedInActor, { story_username }: StoryRefInput): Promise<void> {
  const ownerId = await findUserId(deps.db, story_username);
  if (ownerId !== null && ownerId !== userId) throw new AppError('FORBIDDEN', NOT_YOUR_STORY);
  const now = deps.clock.now();
  const removed = await writeTransaction(deps, async (trx) => {
    const story = await trx.selectFrom('stories').select('banner').where('user_id', '=', userId).executeTakeFirst();
    if (ownerId === null || !story) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
    await trx.deleteFrom('stories').where('user_id', '=', userId).execute();
    await appendEvent(trx, { type: 'story_deleted', payload: { user_id: userId } }, now);
    return forgetUnreferenced(trx, [story.banner]);
  });
  await deleteBlobs(deps, removed);
}
