// What a moderator can do (docs/decisions/0020-moderation.md): hide or restore a story or comment, delete it, dismiss
// a report, suspend or unsuspend an account. Each runs in one transaction with its event (so search and the top lists
// follow through the projector) and an entry in the moderation log: who, what, when, why.
import type { Transaction } from 'kysely';
import { AppError } from '../../contract/errors';
import type { AccountActionInput, ContentActionInput, DismissInput } from '../../contract/moderation';
import type { Database, ModerationAction, ModerationTargetKind } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { deleteBlobs, forgetUnreferenced } from '../uploads/owned-upload';
import { mailAfterAnswer } from '../accounts/link-tokens';
import { endTokens } from '../accounts/developer-tokens';
import type { Locale } from '../../contract/locale';
import { commentExcerpt, moderationEmail, type ModerationNotice } from './moderation-emails';
import { resolveTarget, type ResolvedTarget } from './reports';
import { isAdminRow, requireAdmin } from './roles';

export const REPORT_NOT_FOUND = 'That report does not exist or has already been dealt with.';
export const ACCOUNT_NOT_FOUND = 'There is no account with that username.';
export const CANNOT_SUSPEND_SELF = 'You cannot suspend your own account.';
export const CANNOT_SUSPEND_ADMIN = 'An admin’s account cannot be suspended. Remove them from ADMIN_EMAILS first.';
export const ALREADY_HIDDEN = 'This is already hidden.';
export const NOT_HIDDEN = 'This is not hidden.';
export const ALREADY_SUSPENDED = 'This account is already suspended.';
export const NOT_SUSPENDED = 'This account is not suspended.';

type Trx = Transaction<Database>;

async function logAction(
  trx: Trx,
  adminId: number,
  entry: { action: ModerationAction; kind: ModerationTargetKind; userId: number | null; targetId: number | null; reason: string },
  at: number,
): Promise<void> {
  await trx
    .insertInto('moderation_actions')
    .values({
      admin_id: adminId,
      action: entry.action,
      target_kind: entry.kind,
      target_user_id: entry.userId,
      target_id: entry.targetId,
      reason: entry.reason,
      at,
    })
    .execute();
}

/** Closes the open reports on an item (all of them: the item has been dealt with). */
async function closeReports(trx: Trx, key: string, status: 'actioned' | 'dismissed', at: number): Promise<void> {
  await trx.updateTable('reports').set({ status, closed_at: at }).where('target_key', '=', key).where('status', '=', 'open').execute();
}

const idOf = (t: ResolvedTarget) => t.commentId ?? t.storyUserId;

/** Whom an action concerns and what they are told; read inside the action's transaction, before a delete. */
interface Notice {
  userId: number;
  email: string;
  username: string;
  locale: Locale | null;
  notice: ModerationNotice;
}

async function contentNotice(trx: Trx, t: ResolvedTarget, what: 'hidden' | 'restored' | 'deleted'): Promise<Notice> {
  const person = await trx
    .selectFrom('users')
    .select(['email', 'username', 'locale'])
    .where('id', '=', t.authorId)
    .executeTakeFirstOrThrow();
  const story = await trx.selectFrom('stories').select('title').where('user_id', '=', t.storyUserId).executeTakeFirstOrThrow();
  if (t.kind === 'story') return { userId: t.authorId, ...person, notice: { kind: `story_${what}`, title: story.title } };
  const comment = await trx.selectFrom('comments').select('text').where('id', '=', t.commentId!).executeTakeFirstOrThrow();
  const notice = { kind: `comment_${what}`, storyTitle: story.title, excerpt: commentExcerpt(comment.text) } as const;
  return { userId: t.authorId, ...person, notice };
}

/** Emails the person an action concerns, after the answer (an admin acting on their own content is not told). */
function tell(deps: CoreDeps, actor: SignedInActor, n: Notice, reason: string): void {
  if (n.userId === actor.userId) return;
  mailAfterAnswer(deps, `Could not send a moderation notice to account ${n.userId}`, () =>
    deps.mailer.send(moderationEmail(n.email, n.username, n.notice, reason, n.locale ?? undefined)),
  );
}

async function setHidden(deps: CoreDeps, actor: SignedInActor, input: ContentActionInput, hide: boolean): Promise<void> {
  await requireAdmin(deps, actor);
  const now = deps.clock.now();
  const notice = await writeTransaction(deps, async (trx) => {
    const t = await resolveTarget(trx, input.target, { visibleTo: null });
    const table = t.kind === 'story' ? 'stories' : 'comments';
    const current =
      t.kind === 'story'
        ? await trx.selectFrom('stories').select('hidden_at').where('user_id', '=', t.storyUserId).executeTakeFirstOrThrow()
        : await trx.selectFrom('comments').select('hidden_at').where('id', '=', t.commentId!).executeTakeFirstOrThrow();
    if (hide === (current.hidden_at !== null)) throw new AppError('CONFLICT', hide ? ALREADY_HIDDEN : NOT_HIDDEN);
    if (table === 'stories') {
      await trx
        .updateTable('stories')
        .set({ hidden_at: hide ? now : null })
        .where('user_id', '=', t.storyUserId)
        .execute();
      await appendEvent(trx, { type: hide ? 'story_hidden' : 'story_restored', payload: { user_id: t.storyUserId } }, now);
    } else {
      await trx
        .updateTable('comments')
        .set({ hidden_at: hide ? now : null })
        .where('id', '=', t.commentId!)
        .execute();
      const payload = { comment_id: t.commentId!, user_id: t.authorId, story_user_id: t.storyUserId };
      await appendEvent(trx, { type: hide ? 'comment_hidden' : 'comment_restored', payload }, now);
    }
    if (hide) await closeReports(trx, t.key, 'actioned', now);
    const entry = { action: hide ? 'hide' : 'restore', kind: t.kind, userId: t.authorId, targetId: idOf(t), reason: input.reason } as const;
    await logAction(trx, actor.userId, entry, now);
    return contentNotice(trx, t, hide ? 'hidden' : 'restored');
  });
  tell(deps, actor, notice, input.reason);
}

export const hideContent = (deps: CoreDeps, actor: SignedInActor, input: ContentActionInput) => setHidden(deps, actor, input, true);
export const restoreContent = (deps: CoreDeps, actor: SignedInActor, input: ContentActionInput) => setHidden(deps, actor, input, false);

/** Deletes a story (as its author's own deletion does: pages, likes, saves and comments go) or a comment. */
export async function deleteContent(deps: CoreDeps, actor: SignedInActor, input: ContentActionInput): Promise<void> {
  await requireAdmin(deps, actor);
  const now = deps.clock.now();
  const { removed, notice } = await writeTransaction(deps, async (trx) => {
    const t = await resolveTarget(trx, input.target, { visibleTo: null });
    const notice = await contentNotice(trx, t, 'deleted');
    await closeReports(trx, t.key, 'actioned', now);
    await logAction(
      trx,
      actor.userId,
      { action: 'delete', kind: t.kind, userId: t.authorId, targetId: idOf(t), reason: input.reason },
      now,
    );
    if (t.kind === 'comment') {
      await trx.deleteFrom('comments').where('id', '=', t.commentId!).execute();
      const payload = { comment_id: t.commentId!, user_id: t.authorId, story_user_id: t.storyUserId };
      await appendEvent(trx, { type: 'comment_deleted', payload }, now);
      return { removed: [], notice };
    }
    const story = await trx.selectFrom('stories').select('banner').where('user_id', '=', t.storyUserId).executeTakeFirstOrThrow();
    await trx.deleteFrom('stories').where('user_id', '=', t.storyUserId).execute();
    await appendEvent(trx, { type: 'story_deleted', payload: { user_id: t.storyUserId } }, now);
    return { removed: await forgetUnreferenced(trx, [story.banner]), notice };
  });
  tell(deps, actor, notice, input.reason);
  await deleteBlobs(deps, removed);
}

/** Dismisses every open report on the reported item (the queue shows them together). */
export async function dismissReport(deps: CoreDeps, actor: SignedInActor, { report_id, reason }: DismissInput): Promise<void> {
  await requireAdmin(deps, actor);
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const report = await trx
      .selectFrom('reports')
      .select(['target_key', 'story_user_id', 'kind', 'comment_id'])
      .where('id', '=', report_id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!report) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
    await closeReports(trx, report.target_key, 'dismissed', now);
    const author =
      report.kind === 'comment' && report.comment_id !== null
        ? ((await trx.selectFrom('comments').select('user_id').where('id', '=', report.comment_id).executeTakeFirst())?.user_id ?? null)
        : report.story_user_id;
    await logAction(trx, actor.userId, { action: 'dismiss', kind: 'report', userId: author, targetId: report_id, reason }, now);
  });
}

/**
 * Suspends an account: every session ends at once (signed out everywhere), sign-in is refused, and their story,
 * comments and profile are withheld from everyone (the read paths filter `suspended_at`; the projector takes them out
 * of search and the top lists). Nothing is deleted: unsuspending brings it all back.
 */
export async function suspendAccount(deps: CoreDeps, actor: SignedInActor, input: AccountActionInput): Promise<void> {
  await setSuspended(deps, actor, input, true);
}

export async function unsuspendAccount(deps: CoreDeps, actor: SignedInActor, input: AccountActionInput): Promise<void> {
  await setSuspended(deps, actor, input, false);
}

async function setSuspended(deps: CoreDeps, actor: SignedInActor, { username, reason, report_id }: AccountActionInput, on: boolean) {
  await requireAdmin(deps, actor);
  const now = deps.clock.now();
  const notice = await writeTransaction(deps, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'role', 'email', 'verified_email', 'username', 'suspended_at', 'locale'])
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
    if (on && user.id === actor.userId) throw new AppError('BAD_INPUT', CANNOT_SUSPEND_SELF);
    if (on && isAdminRow(deps.config, user)) {
      throw new AppError('FORBIDDEN', CANNOT_SUSPEND_ADMIN);
    }
    if (on === (user.suspended_at !== null)) throw new AppError('CONFLICT', on ? ALREADY_SUSPENDED : NOT_SUSPENDED);
    await trx
      .updateTable('users')
      .set({ suspended_at: on ? now : null })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('stories')
      .set({ author_suspended: on ? 1 : 0 })
      .where('user_id', '=', user.id)
      .execute();
    if (on) {
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await endTokens(trx, user.id); // a suspension ends the developer tokens too (ADR 0039)
    }
    await appendEvent(trx, { type: on ? 'account_suspended' : 'account_unsuspended', payload: { user_id: user.id } }, now);
    if (on && report_id !== undefined) {
      const report = await trx.selectFrom('reports').select('target_key').where('id', '=', report_id).executeTakeFirst();
      if (report) await closeReports(trx, report.target_key, 'actioned', now);
    }
    await logAction(
      trx,
      actor.userId,
      { action: on ? 'suspend' : 'unsuspend', kind: 'account', userId: user.id, targetId: user.id, reason },
      now,
    );
    return {
      userId: user.id,
      email: user.email,
      username: user.username,
      locale: user.locale,
      notice: { kind: on ? 'suspended' : 'unsuspended' },
    } as const;
  });
  tell(deps, actor, notice, reason);
}
