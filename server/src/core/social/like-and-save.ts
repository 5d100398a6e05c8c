// Likes and saves: idempotent by server state. The caller says what it wants (liked or not); asking
// for the state that already holds changes nothing and records no event.
import { z } from 'zod';
import { storyRefInput, storyUsernameSchema } from '../../contract/schemas';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { findUserId, requireStoryOf } from '../shared/find-user';
import { requireUser } from '../shared/require-user';
import { writeTransaction } from '../../db/transaction';
import { validate } from '../shared/validate';

type Kind = 'likes' | 'saves';

const EVENTS = {
  likes: { on: 'story_liked', off: 'story_unliked' },
  saves: { on: 'story_saved_for_later', off: 'story_unsaved' },
} as const;

const setInput = z.object({
  story_username: storyUsernameSchema,
  on: z.boolean({ required_error: 'Say whether to add or remove it.', invalid_type_error: 'Say whether to add or remove it.' }),
});

async function setMark(deps: CoreDeps, kind: Kind, actor: Actor, raw: unknown): Promise<{ on: boolean; changed: boolean }> {
  const userId = requireUser(actor);
  const input = validate(setInput, raw);
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    const storyId = await requireStoryOf(trx, input.story_username);
    const existing = await trx
      .selectFrom(kind)
      .select('created_at')
      .where('user_id', '=', userId)
      .where('story_user_id', '=', storyId)
      .executeTakeFirst();
    if (input.on === !!existing) return { on: input.on, changed: false };
    if (input.on) {
      await trx.insertInto(kind).values({ user_id: userId, story_user_id: storyId, created_at: now }).execute();
    } else {
      await trx.deleteFrom(kind).where('user_id', '=', userId).where('story_user_id', '=', storyId).execute();
    }
    const ids = { user_id: userId, story_user_id: storyId };
    if (kind === 'likes') {
      const given_at = existing?.created_at ?? now;
      await appendEvent(trx, { type: input.on ? EVENTS.likes.on : EVENTS.likes.off, payload: { ...ids, given_at } }, now);
    } else {
      await appendEvent(trx, { type: input.on ? EVENTS.saves.on : EVENTS.saves.off, payload: ids }, now);
    }
    return { on: input.on, changed: true };
  });
}

export const setLike = (deps: CoreDeps, actor: Actor, raw: { story_username: unknown; liked: unknown }) =>
  setMark(deps, 'likes', actor, { story_username: raw.story_username, on: raw.liked });
export const setSave = (deps: CoreDeps, actor: Actor, raw: { story_username: unknown; saved: unknown }) =>
  setMark(deps, 'saves', actor, { story_username: raw.story_username, on: raw.saved });

/** Usernames of the stories the caller has liked (or saved), newest first. */
async function listMarked(deps: CoreDeps, kind: Kind, actor: Actor): Promise<{ story_username: string }[]> {
  const userId = requireUser(actor);
  return deps.db
    .selectFrom(kind)
    .innerJoin('users', 'users.id', `${kind}.story_user_id`)
    .select('users.username as story_username')
    .where(`${kind}.user_id`, '=', userId)
    .orderBy(`${kind}.created_at`, 'desc')
    .orderBy('users.username')
    .execute();
}

export const listLiked = (deps: CoreDeps, actor: Actor) => listMarked(deps, 'likes', actor);
export const listSaved = (deps: CoreDeps, actor: Actor) => listMarked(deps, 'saves', actor);

/** Whether the caller likes and has saved one story (false for visitors). */
export async function storyFlags(deps: CoreDeps, actor: Actor, raw: unknown): Promise<{ liked: boolean; saved: boolean }> {
  const { story_username } = validate(storyRefInput, raw);
  if (actor.userId === null) return { liked: false, saved: false };
  const storyId = await findUserId(deps.db, story_username);
  if (storyId === null) return { liked: false, saved: false };
  const [liked, saved] = await Promise.all(
    (['likes', 'saves'] as const).map((t) =>
      deps.db.selectFrom(t).select('user_id').where('user_id', '=', actor.userId!).where('story_user_id', '=', storyId).executeTakeFirst(),
    ),
  );
  return { liked: !!liked, saved: !!saved };
}
