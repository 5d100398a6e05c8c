// stories.setAudience (docs/decisions/0026-who-can-read-a-story.md): the author chooses who can read their story; the
// change applies at once to every read (they read stories.audience) and reaches lists and search through the event.
import { AppError } from '../../contract/errors';
import type { Audience, SetAudienceInput } from '../../contract/access';
import { writeTransaction } from '../../db/transaction';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { STORY_NOT_FOUND } from '../shared/find-user';

export async function setAudience(
  deps: CoreDeps,
  { userId }: SignedInActor,
  { audience }: SetAudienceInput,
): Promise<{ audience: Audience }> {
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const row = await trx.selectFrom('stories').select('audience').where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
    if (row.audience === audience) return; // nothing changes, nothing is recorded
    await trx.updateTable('stories').set({ audience }).where('user_id', '=', userId).execute();
    await appendEvent(trx, { type: 'story_audience_changed', payload: { user_id: userId, audience } }, now);
  });
  return { audience };
}
