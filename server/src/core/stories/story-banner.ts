import { AppError } from '../../contract/errors';
import { setImageInput } from '../../contract/schemas';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { requireUser } from '../shared/require-user';
import { writeTransaction } from '../../db/transaction';
import { validate } from '../shared/validate';
import { deleteBlobs, forgetUnreferenced, requireOwnUpload } from '../uploads/owned-upload';

export const NO_STORY_YET = 'You must create a story first.';

export async function setBanner(deps: CoreDeps, actor: Actor, raw: unknown): Promise<void> {
  const userId = requireUser(actor);
  const { image } = validate(setImageInput, raw);
  await replaceBanner(deps, userId, image);
}

export async function deleteBanner(deps: CoreDeps, actor: Actor): Promise<void> {
  await replaceBanner(deps, requireUser(actor), null);
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
