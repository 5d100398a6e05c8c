// The share link of a story (docs/decisions/0026-who-can-read-a-story.md): `/s/<key>` (or the story page with
// `?key=<key>`) gives the device a link pass, which reads the story while it is `link` and the key is current. A new
// key deletes the old one's row, and with it (ON DELETE CASCADE) every pass made from it: the old link stops at once.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../contract/errors';
import type { Audience } from '../../contract/access';
import { SHARE_KEY_SHAPE } from '../../contract/access';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { STORY_NOT_FOUND } from '../shared/find-user';
import { hashPassToken, newPassToken } from './pass-tokens';

type Db = Kysely<Database> | Transaction<Database>;

/** 144 random bits, base64url: 24 characters in the link. */
const newShareKey = () => randomBytes(18).toString('base64url');

async function storyAudience(trx: Db, userId: number): Promise<Audience> {
  const row = await trx.selectFrom('stories').select('audience').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
  return row.audience;
}

/** stories.shareLink: the author's current key, made on first use. NOT_FOUND without a story. */
export async function shareLink(deps: CoreDeps, { userId }: SignedInActor): Promise<{ key: string; audience: Audience }> {
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    const audience = await storyAudience(trx, userId);
    const row = await trx.selectFrom('story_share_keys').select('share_key').where('user_id', '=', userId).executeTakeFirst();
    if (row) return { key: row.share_key, audience };
    const key = newShareKey();
    await trx.insertInto('story_share_keys').values({ user_id: userId, share_key: key, created_at: now }).execute();
    return { key, audience };
  });
}

/** stories.newShareLink: a new key; the old one, and every pass made from it, end now. */
export async function newShareLink(deps: CoreDeps, { userId }: SignedInActor): Promise<{ key: string; audience: Audience }> {
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    const audience = await storyAudience(trx, userId);
    await trx.deleteFrom('story_share_keys').where('user_id', '=', userId).execute();
    const key = newShareKey();
    await trx.insertInto('story_share_keys').values({ user_id: userId, share_key: key, created_at: now }).execute();
    return { key, audience };
  });
}

/**
 * A link pass for a share key: the new token and the story's author, or null when the key is no current key (or,
 * with `username`, not that story's). A device that already holds a live pass of that key gets no new row.
 */
export async function linkPassFor(
  deps: CoreDeps,
  key: string,
  heldTokens: readonly string[],
  username?: string,
): Promise<{ token: string | null; username: string } | null> {
  if (!SHARE_KEY_SHAPE.test(key)) return null;
  const now = deps.clock.now();
  const found = await deps.db
    .selectFrom('story_share_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'u.username'])
    .where('k.share_key', '=', key)
    .executeTakeFirst();
  if (!found || (username !== undefined && found.username.toLowerCase() !== username.toLowerCase())) return null;
  if (heldTokens.length > 0) {
    const held = await deps.db
      .selectFrom('reader_passes')
      .select('id')
      .where('share_key_id', '=', found.id)
      .where('token_hash', 'in', heldTokens.map(hashPassToken))
      .executeTakeFirst();
    if (held) return { token: null, username: found.username };
  }
  const token = newPassToken();
  const made = await writeTransaction(deps, async (trx) => {
    // The key may have been replaced since it was read: a pass is made only from the current one.
    const current = await trx.selectFrom('story_share_keys').select('id').where('id', '=', found.id).executeTakeFirst();
    if (!current) return false;
    await trx
      .insertInto('reader_passes')
      .values({
        token_hash: hashPassToken(token),
        owner_id: found.user_id,
        member_id: null,
        share_key_id: found.id,
        created_at: now,
      })
      .execute();
    return true;
  });
  return made ? { token, username: found.username } : null;
}
