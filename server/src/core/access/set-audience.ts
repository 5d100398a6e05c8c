// stories.setAudience (docs/decisions/0026-who-can-read-a-story.md): the author chooses who can read their story; the
// change applies at once to every read (they read stories.audience) and reaches lists and search through the event.
// A writer without a published story may choose too: the choice is kept in the log (chosen-audience.ts) and the
// first publish takes it.
import type { Audience, SetAudienceInput } from '../../contract/access';
import { writeTransaction } from '../../db/transaction';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { lastAudience } from './chosen-audience';

export async function setAudience(
  deps: CoreDeps,
  { userId }: SignedInActor,
  { audience }: SetAudienceInput,
): Promise<{ audience: Audience }> {
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const row = await trx.selectFrom('stories').select('audience').where('user_id', '=', userId).executeTakeFirst();
    const current = row ? row.audience : ((await lastAudience(trx, userId)) ?? 'everyone');
    if (current === audience) return; // nothing changes, nothing is recorded
    if (row) await trx.updateTable('stories').set({ audience }).where('user_id', '=', userId).execute();
    await appendEvent(trx, { type: 'story_audience_changed', payload: { user_id: userId, audience } }, now);
  });
  return { audience };
}
