// The audience a writer has chosen, whether or not their story exists (docs/decisions/0026-who-can-read-a-story.md).
// The story row holds it while the story is published; before the first publish, or after deleting the story, the
// choice lives in the log only, as its last `story_audience_changed`, so a writer who chose "Only people I invite"
// while drafting is never published to everyone by the first "Save Story" (nor by a REST publish).
import type { Kysely, Transaction } from 'kysely';
import type { Audience } from '../../contract/access';
import type { Database } from '../../db/schema';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';

type Db = Kysely<Database> | Transaction<Database>;

/** The audience the person last chose (events_actor index), or null when they never changed it. */
export async function lastAudience(db: Db, userId: number): Promise<Audience | null> {
  const row = await db
    .selectFrom('events')
    .select('payload')
    .where('actor_id', '=', userId)
    .where('type', '=', 'story_audience_changed')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as { audience: Audience }).audience : null;
}

/** Who can read the person's story, or would once it is published: the story's, else the last choice, else everyone. */
export async function chosenAudience(db: Db, userId: number): Promise<Audience> {
  const story = await db.selectFrom('stories').select('audience').where('user_id', '=', userId).executeTakeFirst();
  return story?.audience ?? (await lastAudience(db, userId)) ?? 'everyone';
}

/** stories.audience: the signed-in writer's own choice. */
export async function ownAudience(deps: CoreDeps, { userId }: SignedInActor): Promise<{ audience: Audience }> {
  return { audience: await chosenAudience(deps.db, userId) };
}
