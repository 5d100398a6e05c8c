// Reports of a story or a comment (docs/decisions/0020-moderation.md): anyone signed in, a reason from a fixed list
// and an optional note, rate-limited per account and per client, at most one open report per person per item.
// They wait in the moderation queue (queue.ts); reports are private to the moderators: no event.
import type { Transaction } from 'kysely';
import { AppError } from '../../contract/errors';
import type { ModerationTarget, ReportInput } from '../../contract/moderation';
import type { Database } from '../../db/schema';
import { isUniqueViolation, writeTransaction } from '../../db/transaction';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { STORY_NOT_FOUND } from '../shared/find-user';
import { canReadStory, type Reader, readerOf } from '../access/story-access';
import { limitRate } from '../shared/rate-limit';
import { COMMENT_NOT_FOUND } from '../social/comments';

export const ALREADY_REPORTED = 'You have already reported this. Our moderators will look at it soon.';
export const OWN_CONTENT = 'You cannot report your own writing.';

/** The key one open report per person is counted by. */
export function targetKey(kind: 'story' | 'comment', id: number): string {
  return `${kind}:${id}`;
}

export interface ResolvedTarget {
  kind: 'story' | 'comment';
  /** The story's author. */
  storyUserId: number;
  commentId: number | null;
  /** Who wrote the item. */
  authorId: number;
  key: string;
}

/**
 * The item a report or an action is about. `visibleTo`: as that reader finds it (NOT_FOUND when hidden, its author
 * suspended, or its story not theirs to read: the same answer as for an item that never existed,
 * docs/decisions/0026-who-can-read-a-story.md); null for moderators, who reach hidden items too.
 */
export async function resolveTarget(
  trx: Transaction<Database>,
  target: ModerationTarget,
  { visibleTo }: { visibleTo: Reader | null },
): Promise<ResolvedTarget> {
  const visibleOnly = visibleTo !== null;
  if (target.kind === 'story') {
    const row = await trx
      .selectFrom('stories')
      .innerJoin('users', 'users.id', 'stories.user_id')
      .select(['stories.user_id', 'stories.hidden_at', 'users.suspended_at'])
      .where('users.username', '=', target.story_username)
      .executeTakeFirst();
    if (!row || (visibleOnly && (row.hidden_at !== null || row.suspended_at !== null))) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
    if (visibleTo && !(await canReadStory(trx, visibleTo, row.user_id))) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
    return { kind: 'story', storyUserId: row.user_id, commentId: null, authorId: row.user_id, key: targetKey('story', row.user_id) };
  }
  const row = await trx
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('stories', 'stories.user_id', 'comments.story_user_id')
    .innerJoin('users as author', 'author.id', 'comments.story_user_id')
    .select(['comments.id', 'comments.user_id', 'comments.story_user_id', 'comments.hidden_at', 'users.suspended_at'])
    .select(['stories.hidden_at as story_hidden_at', 'author.suspended_at as author_suspended_at'])
    .where('comments.id', '=', target.comment_id)
    .executeTakeFirst();
  const withheld =
    row && (row.hidden_at !== null || row.suspended_at !== null || row.story_hidden_at !== null || row.author_suspended_at !== null);
  if (!row || (visibleOnly && withheld)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  if (visibleTo && !(await canReadStory(trx, visibleTo, row.story_user_id))) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  return {
    kind: 'comment',
    storyUserId: row.story_user_id,
    commentId: row.id,
    authorId: row.user_id,
    key: targetKey('comment', row.id),
  };
}

export async function createReport(deps: CoreDeps, actor: SignedInActor, input: ReportInput): Promise<{ report_id: number }> {
  await limitRate(deps, [
    ['reportPerAccount', String(actor.userId)],
    ['reportPerClient', actor.clientKey],
  ]);
  const now = deps.clock.now();
  try {
    return await writeTransaction(deps, async (trx) => {
      const target = await resolveTarget(trx, input.target, { visibleTo: readerOf(actor) });
      if (target.authorId === actor.userId) throw new AppError('BAD_INPUT', OWN_CONTENT);
      const row = await trx
        .insertInto('reports')
        .values({
          reporter_id: actor.userId,
          kind: target.kind,
          story_user_id: target.storyUserId,
          comment_id: target.commentId,
          target_key: target.key,
          reason: input.reason,
          note: input.note,
          created_at: now,
          closed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { report_id: row.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', ALREADY_REPORTED);
    throw err;
  }
}
