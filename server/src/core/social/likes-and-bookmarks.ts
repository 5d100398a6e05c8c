// Likes and bookmarks (kept in the `saves` table): idempotent by server state. The caller says what it wants (liked or not); asking
// for the state that already holds changes nothing and records no event.
import type { MarkInput } from '../../contract/social';
import type { StoryRefInput } from '../../contract/stories';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { AppError } from '../../contract/errors';
import { requireStoryOf, requireVisibleStoryOf, STORY_NOT_FOUND } from '../shared/find-user';
import { mayReadStory, readableStoryOf, readerOf } from '../access/story-access';
import { writeTransaction } from '../../db/transaction';

/** The table: a bookmark is a row of `saves` (docs/architecture.md, Glossary). */
type Kind = 'likes' | 'saves';

const EVENTS = {
  likes: { on: 'story_liked', off: 'story_unliked' },
  saves: { on: 'story_saved_for_later', off: 'story_unsaved' },
} as const;

async function setMark(deps: CoreDeps, kind: Kind, actor: SignedInActor, input: MarkInput): Promise<{ on: boolean; changed: boolean }> {
  const { userId } = actor;
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    // Stories the caller may not read (hidden, suspended author, audience) take no new likes or bookmarks; taking one
    // back is always allowed, but on such a story only to one who has it: to anyone else it is no story (ADR 0026).
    const storyId = input.on
      ? await requireVisibleStoryOf(trx, input.story_username, readerOf(actor))
      : await requireStoryOf(trx, input.story_username);
    const existing = await trx
      .selectFrom(kind)
      .select('created_at')
      .where('user_id', '=', userId)
      .where('story_user_id', '=', storyId)
      .executeTakeFirst();
    if (!input.on && !existing && (await readableStoryOf(trx, readerOf(actor), input.story_username)) === null) {
      throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
    }
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

export const setLike = (deps: CoreDeps, actor: SignedInActor, input: MarkInput) => setMark(deps, 'likes', actor, input);
export const setBookmark = (deps: CoreDeps, actor: SignedInActor, input: MarkInput) => setMark(deps, 'saves', actor, input);

/** Usernames of the stories the caller has liked (or bookmarked), newest first. */
async function listMarked(deps: CoreDeps, kind: Kind, actor: SignedInActor): Promise<{ story_username: string }[]> {
  const rows = await deps.db
    .selectFrom(kind)
    .innerJoin('users', 'users.id', `${kind}.story_user_id`)
    .leftJoin('stories', 'stories.user_id', `${kind}.story_user_id`)
    .select(['users.username as story_username', 'stories.user_id', 'stories.audience'])
    .where(`${kind}.user_id`, '=', actor.userId)
    .orderBy(`${kind}.created_at`, 'desc')
    .orderBy('users.username')
    .execute();
  // Stories not for everyone only while the caller may still read them (docs/decisions/0026-who-can-read-a-story.md).
  const out: { story_username: string }[] = [];
  for (const r of rows) {
    const shown =
      r.audience === null ||
      r.audience === 'everyone' ||
      (await mayReadStory(deps.db, readerOf(actor), { ownerId: r.user_id!, audience: r.audience, withheld: false }));
    if (shown) out.push({ story_username: r.story_username });
  }
  return out;
}

export const listLiked = (deps: CoreDeps, actor: SignedInActor) => listMarked(deps, 'likes', actor);
export const listBookmarked = (deps: CoreDeps, actor: SignedInActor) => listMarked(deps, 'saves', actor);

/** Whether the caller likes and has bookmarked one story (false for visitors). */
export async function storyFlags(
  deps: CoreDeps,
  actor: Actor,
  { story_username }: StoryRefInput,
): Promise<{ liked: boolean; bookmarked: boolean }> {
  if (actor.userId === null) return { liked: false, bookmarked: false };
  // A story the caller may not read shows no marks, as no story does (docs/decisions/0026-who-can-read-a-story.md).
  const storyId = await readableStoryOf(deps.db, readerOf(actor), story_username);
  if (storyId === null) return { liked: false, bookmarked: false };
  const [liked, bookmarked] = await Promise.all(
    (['likes', 'saves'] as const).map((t) =>
      deps.db.selectFrom(t).select('user_id').where('user_id', '=', actor.userId!).where('story_user_id', '=', storyId).executeTakeFirst(),
    ),
  );
  return { liked: !!liked, bookmarked: !!bookmarked };
}
