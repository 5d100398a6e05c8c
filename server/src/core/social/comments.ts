import { AppError } from '../../contract/errors';
import type { Comment, CommentCreateInput, CommentDeleteInput, CommentListInput } from '../../contract/social';
import type { StoryRefInput } from '../../contract/stories';
import { appendEvent } from '../events/append-event';
import { compileOnce, type Executor } from '../../db/compiled-query';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { requireVisibleStoryOf } from '../shared/find-user';
import { readableStoryOf, readerOf } from '../access/story-access';
import { hasBlocked } from '../moderation/blocks';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { limitRate } from '../shared/rate-limit';
import { writeTransaction } from '../../db/transaction';

export const COMMENT_NOT_FOUND = 'Comment not found.';
export const NOT_YOUR_COMMENT = 'You can only delete your own comments, or comments on your own story.';
/** To someone the story's author has blocked: clear, without saying more than needed (ADR 0020). */
export const COMMENTS_NOT_ACCEPTED = 'You cannot comment on this story.';

export async function createComment(deps: CoreDeps, actor: SignedInActor, input: CommentCreateInput): Promise<Comment> {
  const { userId } = actor;
  await limitRate(deps, [
    ['commentPerAccount', String(userId)],
    ['commentPerClient', actor.clientKey],
  ]);
  const now = deps.clock.now();
  const id = await writeTransaction(deps, async (trx) => {
    // A story a reader cannot see (hidden, or its author suspended) takes no comments: the same 404 as no story.
    const storyId = await requireVisibleStoryOf(trx, input.story_username, readerOf(actor));
    if (await hasBlocked(trx, storyId, userId)) throw new AppError('FORBIDDEN', COMMENTS_NOT_ACCEPTED);
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

/**
 * A page of a story's comments, newest first, read off the `comments_story` index (list-indexes.test.ts). Left out
 * (docs/decisions/0020-moderation.md): hidden comments, those of suspended people, those of people the viewer has
 * blocked, and every comment of a story the viewer cannot see (hidden, or its author suspended; its author still can).
 */
export const commentPage = (
  db: Executor,
  storyUsername: string,
  limit: number,
  offset: number,
  viewerId: number | null,
  /** Whether the viewer has blocked anyone: a shape, never a Slot (see compileOnce). */
  viewerBlocks: boolean,
  /** The story's author when the viewer may read it though it is not for everyone (readableToo), else null. */
  readableId: number | null = null,
) =>
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
    .where('comments.story_user_id', '=', visibleStoryId(db, storyUsername, viewerId, readableId))
    .where((eb) => commentShown(eb, viewerId, viewerBlocks))
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit)
    .offset(offset);

/**
 * The story's author id when the viewer may see the story (subquery: one lookup by the unique username): its author,
 * or not withheld and either for everyone or one the access rule let this viewer read (readableId,
 * docs/decisions/0026-who-can-read-a-story.md).
 */
function visibleStoryId(db: Executor, storyUsername: string, viewerId: number | null, readableId: number | null) {
  return db
    .selectFrom('users as author')
    .innerJoin('stories as story', 'story.user_id', 'author.id')
    .select('author.id')
    .where('author.username', '=', storyUsername)
    .where((w) =>
      w.or([
        w('author.id', '=', viewerId),
        w.and([
          w('author.suspended_at', 'is', null),
          w('story.hidden_at', 'is', null),
          w.or([w('story.audience', '=', sql.lit('everyone')), w('author.id', '=', readableId)]),
        ]),
      ]),
    );
}

/**
 * For a viewer who may hold a right beyond `everyone` (signed in, or carrying passes): the author id of the story
 * when the access rule lets them read it. Visitors without passes skip the lookup: their read costs what it did.
 */
async function readableToo(db: Executor, actor: Actor, storyUsername: string): Promise<number | null> {
  const reader = readerOf(actor);
  if (reader.userId === null && reader.passTokens.length === 0) return null;
  return readableStoryOf(db, reader, storyUsername);
}

/**
 * Not hidden, its writer not suspended (both on rows the page reads anyway), and, when the viewer has blocked anyone,
 * not someone they blocked: most viewers have blocked no one, and skipping that check keeps their page as cheap as
 * before moderation (docs/decisions/0020-moderation.md).
 */
function commentShown(eb: ExpressionBuilder<Database, 'comments' | 'users'>, viewerId: number | null, viewerBlocks: boolean) {
  const shown = [eb('comments.hidden_at', 'is', null), eb('users.suspended_at', 'is', null)];
  if (viewerBlocks) {
    shown.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select('blocks.blocked_id')
            .where('blocks.blocker_id', '=', viewerId)
            .whereRef('blocks.blocked_id', '=', 'comments.user_id'),
        ),
      ),
    );
  }
  return eb.and(shown);
}

const commentPageQuery = compileOnce(
  (db, username: string, limit: number, offset: number, viewerId: number | null, readableId: number | null) =>
    commentPage(db, username, limit, offset, viewerId, false, readableId),
);
const commentPageBlocksQuery = compileOnce(
  (db, username: string, limit: number, offset: number, viewerId: number | null, readableId: number | null) =>
    commentPage(db, username, limit, offset, viewerId, true, readableId),
);

const anyBlockQuery = compileOnce((db, viewerId: number) =>
  db.selectFrom('blocks').select('blocks.blocked_id').where('blocks.blocker_id', '=', viewerId).limit(1),
);

/** Whether the viewer has blocked anyone (one step into the `blocks` primary key). */
async function hasBlockedAnyone(db: Executor, viewerId: number | null): Promise<boolean> {
  return viewerId !== null && (await anyBlockQuery(db, viewerId)).length > 0;
}

/** Newest first, 50 a page, with the id as tie-break so pages never overlap. Unknown story: []. */
export async function listComments(deps: CoreDeps, actor: Actor, { story_username, page, limit }: CommentListInput): Promise<Comment[]> {
  const query = (await hasBlockedAnyone(deps.db, actor.userId)) ? commentPageBlocksQuery : commentPageQuery;
  const readableId = await readableToo(deps.db, actor, story_username);
  const rows = await query(deps.db, story_username, limit, (page - 1) * limit, actor.userId, readableId);
  return rows.map((r) => toComment(r, actor.userId));
}

/** The number of comments the viewer would see (the same filters as commentPage). */
/**
 * The count the viewer's pages add up to, as all comments on the story minus the withheld ones. Both parts come off
 * small indexes: the total off `comments_story` alone (as before moderation), the withheld ones from the few hidden
 * comments (`comments_hidden`), suspended people (`users_suspended`) and the viewer's blocks, so counting never
 * reads every comment's row (docs/decisions/0020-moderation.md).
 */
export const commentCount = (
  db: Executor,
  storyUsername: string,
  viewerId: number | null,
  viewerBlocks: boolean,
  readableId: number | null = null,
) => {
  const hidden = db
    .selectFrom('comments as h')
    .select('h.id')
    .where('h.hidden_at', 'is not', null)
    .where('h.story_user_id', '=', visibleStoryId(db, storyUsername, viewerId, readableId));
  // CROSS JOIN keeps the order as written (SQLite's rule): from the few suspended people or blocks to their comments
  // on this story, never from every comment on the story to its writer.
  const bySuspended = db
    .selectFrom('users as su')
    .crossJoin('comments as sc')
    .whereRef('sc.user_id', '=', 'su.id')
    .select('sc.id')
    .where('su.suspended_at', 'is not', null)
    .where('sc.story_user_id', '=', visibleStoryId(db, storyUsername, viewerId, readableId));
  const byBlocked = db
    .selectFrom('blocks as b')
    .crossJoin('comments as bc')
    .whereRef('bc.user_id', '=', 'b.blocked_id')
    .select('bc.id')
    .where('b.blocker_id', '=', viewerId)
    .where('bc.story_user_id', '=', visibleStoryId(db, storyUsername, viewerId, readableId));
  const withheld = viewerBlocks ? hidden.union(bySuspended).union(byBlocked) : hidden.union(bySuspended);
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('comments')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('comments.story_user_id', '=', visibleStoryId(db, storyUsername, viewerId, readableId))
      .as('total'),
    eb
      .selectFrom(withheld.as('w'))
      .select((c) => c.fn.countAll<number>().as('n'))
      .as('withheld'),
  ]);
};

const commentCountQuery = compileOnce((db, username: string, viewerId: number | null, readableId: number | null) =>
  commentCount(db, username, viewerId, false, readableId),
);
const commentCountBlocksQuery = compileOnce((db, username: string, viewerId: number | null, readableId: number | null) =>
  commentCount(db, username, viewerId, true, readableId),
);

export async function countComments(deps: CoreDeps, actor: Actor, { story_username }: StoryRefInput): Promise<{ count: number }> {
  const query = (await hasBlockedAnyone(deps.db, actor.userId)) ? commentCountBlocksQuery : commentCountQuery;
  const [row] = await query(deps.db, story_username, actor.userId, await readableToo(deps.db, actor, story_username));
  return { count: Number(row?.total ?? 0) - Number(row?.withheld ?? 0) };
}

/**
 * The comment's stored author may delete it, and so may the author of the story it is on (ADR 0020); the request
 * body never decides who that is.
 */
export async function deleteComment(deps: CoreDeps, { userId }: SignedInActor, { comment_id }: CommentDeleteInput): Promise<void> {
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const row = await trx.selectFrom('comments').select(['user_id', 'story_user_id']).where('id', '=', comment_id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    if (row.user_id !== userId && row.story_user_id !== userId) throw new AppError('FORBIDDEN', NOT_YOUR_COMMENT);
    await trx.deleteFrom('comments').where('id', '=', comment_id).execute();
    // user_id: the comment's writer, whoever deleted it (as in comment_created).
    const payload = { comment_id, user_id: row.user_id, story_user_id: row.story_user_id };
    await appendEvent(trx, { type: 'comment_deleted', payload }, now);
  });
}
