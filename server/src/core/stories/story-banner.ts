import { AppError } from '../../contract/errors';
import type { SetImageInput } from '../../contract/uploads';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { writeTransaction } from '../../db/transaction';
import { deleteBlobs, forgetUnreferenced, requireOwnUpload } from '../uploads/owned-upload';

export const NO_STORY_YET = 'You must create a story first.';

export async function setBanner(deps: CoreDeps, { userId }: SignedInActor, { image }: SetImageInput): Promise<void> {
  await replaceBanner(deps, userId, image);
}

export async function deleteBanner(deps: CoreDeps, { userId }: SignedInActor): Promise<void> {
  await replaceBanner(deps, userId, null);
}

async function replaceBanner(deps: CoreDeps, userId: number, image: string | null): Promise<void> {
  const now = deps.clock.now();
  const removed = await writeTransaction(deps, async (trx) => {
    const story = await trx.selectFrom('stories').select('banner').where('user_id', '=', userId).executeTakeFirst();
    if (!story) throw new AppError('NOT_FOUND', NO_STORY_YET);
    if (image !== null) await requireOwnUpload(trx, userId, image);
    if (story.banner === image) return [];
    await trx.updateTable('stories').set({ banner: image }).where('user_id', '=', userId).execute();
    await appendEvent(trx, { type: 'story_banner_changed', payload: { user_id: userId, has_banner: image !== null } }, now);
    return forgetUnreferenced(trx, [story.banner]);
  });
  await deleteBlobs(deps, removed);
}
