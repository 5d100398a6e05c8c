// Whether a follower may still read the story, asked when a digest is due (docs/decisions/0027-followers-and-digests.md).
// A request carries its device's reader passes; a digest has no request. So a follow keeps the ids of the passes it was
// made with (follow_passes), and a follower reads now when the access rule (core/access/story-access.ts) says so for
// their account alone, or when the story is `link` or `circle` and one of those passes still opens it: for `circle`
// a member's pass, for `link` any (a link pass ends with its key, a member's with the member: their rows, and so these,
// are deleted). An address that is itself an active member of the circle reads too: the invitation went to it, so
// proving the address (the confirmed follow) is holding the invitation; removal deletes the row and ends it (ADR 0027).
import type { Transaction } from 'kysely';
import { hashPassToken, isPassTokenShape, MAX_PASS_TOKENS } from '../access/pass-tokens';
import { canReadStory, type Reader } from '../access/story-access';
import type { Database } from '../../db/schema';
import type { CoreDeps } from '../shared/core-deps';

type Db = CoreDeps['db'] | Transaction<Database>;

/** Remembers the passes this reader carries that open ownerId's story (none for an `everyone` read, usually). */
export async function keepFollowPasses(trx: Transaction<Database>, followId: string, reader: Reader, ownerId: number): Promise<void> {
  const hashes = reader.passTokens.filter(isPassTokenShape).slice(0, MAX_PASS_TOKENS).map(hashPassToken);
  if (hashes.length === 0) return;
  const passes = await trx
    .selectFrom('reader_passes')
    .select('id')
    .where('token_hash', 'in', hashes)
    .where('owner_id', '=', ownerId)
    .execute();
  if (passes.length === 0) return;
  await trx
    .insertInto('follow_passes')
    .values(passes.map((p) => ({ follow_id: followId, pass_id: p.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function followerCanRead(
  db: Db,
  f: { follow_id: string; user_id: number | null; email: string | null },
  ownerId: number,
): Promise<boolean> {
  if (await canReadStory(db, { userId: f.user_id, passTokens: [] }, ownerId)) return true;
  const story = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['stories.audience', 'stories.hidden_at', 'users.suspended_at'])
    .where('stories.user_id', '=', ownerId)
    .executeTakeFirst();
  if (!story || story.hidden_at !== null || story.suspended_at !== null) return false;
  if (story.audience !== 'link' && story.audience !== 'circle') return false;
  let passes = db
    .selectFrom('follow_passes as fp')
    .innerJoin('reader_passes as p', 'p.id', 'fp.pass_id')
    .select('p.id')
    .where('fp.follow_id', '=', f.follow_id)
    .where('p.owner_id', '=', ownerId);
  if (story.audience === 'circle') passes = passes.where('p.member_id', 'is not', null);
  if (await passes.limit(1).executeTakeFirst()) return true;
  if (f.email === null) return false;
  const member = await db
    .selectFrom('circle_members')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('email', '=', f.email.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return member !== undefined;
}
