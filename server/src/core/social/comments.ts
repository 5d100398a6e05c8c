import { AppError } from '../../contract/errors';
import type { Comment, CommentCreateInput, CommentDeleteInput, CommentListInput, StoryRefInput } from '../../contract/schemas';
import { appendEvent } from '../events/append-event';
import { compileOnce, type Executor } from '../../db/compiled-query';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { findUserId, requireStoryOf } from '../shared/find-user';
import { limitRate } from '../shared/rate-limit';
import { writeTransaction } from '../../db/transaction';

export const COMMENT_NOT_FOUND = 'Comment not found.';
export const NOT_YOUR_COMMENT = 'You can only delete your own comments.';

export async function createComment(deps: CoreDeps, actor: SignedInActor, input: CommentCreateInput): Promise<Comment> {
  const { userId } = actor;
  await limitRate(deps, [
    ['commentPerAccount', String(userId)],
    ['commentPerClient', actor.clientKey],
  ]);
  const now = deps.clock.now();
  const id = await writeTransaction(deps, async (trx) => {
    const storyId = await requireStoryOf(trx, input.story_username);
    const row = await trx
      .insertInto('comments')
      .values({ story_user_id: storyId, user_id: userId, text: input.text, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEvent(trx, { type: 'comment_created', payload: { comment_id: row.id, user_id: userId, story_user_id: storyId } }, now);
    return row.id;
  });
  const [comment] = await commentsQuery(deps).where('comments.id', '=', id).execute();
  return toComment(comment!, userId);
}

function commentsQuery(deps: CoreDeps) {
  return deps.db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.user_id',
      'comments.text',
      'comments.created_at',
      'users.username',
      'users.image',
      'users.is_private',
    ]);
}

/** Comments show the username and the picture of public accounts (a private one's only to its owner); never names. */
function toComment(
  row: { id: number; user_id: number; text: string; created_at: number; username: string; image: string | null; is_private: number },
  viewerId: number | null,
): Comment {
  return {
    comment_id: row.id,
    username: row.username,
    first_name: null,
    last_name: null,
    text: row.text,
    timestamp: isoTime(row.created_at),
    image: row.is_private === 1 && row.user_id !== viewerId ? null : row.image,
  };
}

/** A page of a story's comments, newest first, read off the `comments_story` index (list-indexes.test.ts). */
export const commentPage = (db: Executor, storyUsername: string, limit: number, offset: number) =>
  db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.user_id',
      'comments.text',
      'comments.created_at',
      'users.username',
      'users.image',
      'users.is_private',
    ])
    .where('comments.story_user_id', '=', (eb) =>
      eb.selectFrom('users as author').select('author.id').where('author.username', '=', storyUsername),
    )
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit)
    .offset(offset);

const commentPageQuery = compileOnce(commentPage);

/** Newest first, 50 a page, with the id as tie-break so pages never overlap. Unknown story: []. */
export async function listComments(deps: CoreDeps, actor: Actor, { story_username, page, limit }: CommentListInput): Promise<Comment[]> {
  const rows = await commentPageQuery(deps.db, story_username, limit, (page - 1) * limit);
  return rows.map((r) => toComment(r, actor.userId));
}

export async function countComments(deps: CoreDeps, { story_username }: StoryRefInput): Promise<{ count: number }> {
  const storyId = await findUserId(deps.db, story_username);
  if (storyId === null) return { count: 0 };
  const row = await deps.db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('story_user_id', '=', storyId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

/** Only the comment's stored author may delete it; the request body never decides who that is. */
export async function deleteComment(deps: CoreDeps, { userId }: SignedInActor, { comment_id }: CommentDeleteInput): Promise<void> {
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const row = await trx.selectFrom('comments').select(['user_id', 'story_user_id']).where('id', '=', comment_id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    if (row.user_id !== userId) throw new AppError('FORBIDDEN', NOT_YOUR_COMMENT);
    await trx.deleteFrom('comments').where('id', '=', comment_id).execute();
    await appendEvent(trx, { type: 'comment_deleted', payload: { comment_id, user_id: userId, story_user_id: row.story_user_id } }, now);
  });
}
