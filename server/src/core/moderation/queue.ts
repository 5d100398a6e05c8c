// What the moderation screen reads (docs/decisions/0020-moderation.md): the open reports grouped by item with the
// item in context, the log of every action, and what is hidden or suspended now (to restore it). Admins only.
import type { LogEntry, QueueItem, ReportReason, Withheld } from '../../contract/moderation';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { nodesToText, parseFragment } from '../stories/html-text';
import { requireAdmin } from './roles';

/** Open reports read per call: the oldest first, so nothing waits forever behind new ones. */
const QUEUE_REPORTS = 200;
const LOG_PAGE = 50;
const WITHHELD_MAX = 200;
/** Enough of a story's first page to judge it; the moderator can open the story for the rest. */
const EXCERPT_CHARS = 600;

function excerpt(html: string | null): string | null {
  if (html === null) return null;
  const text = nodesToText(parseFragment(html)).replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

export async function reportQueue(deps: CoreDeps, actor: SignedInActor): Promise<QueueItem[]> {
  await requireAdmin(deps, actor);
  const reports = await deps.db
    .selectFrom('reports')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .select(['reports.id', 'reports.kind', 'reports.target_key', 'reports.story_user_id', 'reports.comment_id'])
    .select(['reports.reason', 'reports.note', 'reports.created_at', 'reporter.username as reporter'])
    .where('reports.status', '=', 'open')
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .limit(QUEUE_REPORTS)
    .execute();
  const items = new Map<string, QueueItem>();
  for (const r of reports) {
    let item = items.get(r.target_key);
    if (!item) {
      item = await describeTarget(deps, r.kind, r.target_key, r.story_user_id, r.comment_id);
      items.set(r.target_key, item);
    }
    item.reports.push({
      report_id: r.id,
      reason: r.reason as ReportReason,
      note: r.note,
      reporter: r.reporter,
      created_at: isoTime(r.created_at),
    });
  }
  return [...items.values()];
}

async function describeTarget(
  deps: CoreDeps,
  kind: 'story' | 'comment',
  key: string,
  storyUserId: number,
  commentId: number | null,
): Promise<QueueItem> {
  const story = await deps.db
    .selectFrom('users')
    .leftJoin('stories', 'stories.user_id', 'users.id')
    .leftJoin('pages', (join) => join.onRef('pages.user_id', '=', 'users.id').on('pages.page_number', '=', 1))
    .select(['users.username', 'users.suspended_at', 'stories.title', 'stories.hidden_at', 'pages.html'])
    .where('users.id', '=', storyUserId)
    .executeTakeFirstOrThrow();
  const base = { target_key: key, kind, story_username: story.username, story_title: story.title, reports: [] };
  if (kind === 'story') {
    return {
      ...base,
      comment_id: null,
      text: excerpt(story.html),
      author: story.username,
      author_suspended: story.suspended_at !== null,
      hidden: story.hidden_at !== null,
      gone: story.title === null,
    };
  }
  const comment =
    commentId === null
      ? undefined
      : await deps.db
          .selectFrom('comments')
          .innerJoin('users', 'users.id', 'comments.user_id')
          .select(['comments.text', 'comments.hidden_at', 'users.username', 'users.suspended_at'])
          .where('comments.id', '=', commentId)
          .executeTakeFirst();
  return {
    ...base,
    comment_id: commentId,
    text: comment?.text ?? null,
    author: comment?.username ?? '',
    author_suspended: comment ? comment.suspended_at !== null : false,
    hidden: comment ? comment.hidden_at !== null : false,
    gone: !comment,
  };
}

/** Every moderation action, newest first, 50 a page. */
export async function moderationLog(deps: CoreDeps, actor: SignedInActor, { page }: { page: number }): Promise<LogEntry[]> {
  await requireAdmin(deps, actor);
  const rows = await deps.db
    .selectFrom('moderation_actions as m')
    .leftJoin('users as admin', 'admin.id', 'm.admin_id')
    .leftJoin('users as target', 'target.id', 'm.target_user_id')
    .select([
      'm.id',
      'm.at',
      'm.action',
      'm.target_kind',
      'm.target_id',
      'm.reason',
      'admin.username as admin',
      'target.username as target_user',
    ])
    .orderBy('m.at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(LOG_PAGE)
    .offset((page - 1) * LOG_PAGE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    at: isoTime(r.at),
    admin: r.admin,
    action: r.action,
    target_kind: r.target_kind,
    target_user: r.target_user,
    target_id: r.target_id,
    reason: r.reason,
  }));
}

/** What is hidden or suspended now, newest first, so a moderator can restore it. */
export async function withheld(deps: CoreDeps, actor: SignedInActor): Promise<Withheld> {
  await requireAdmin(deps, actor);
  const stories = await deps.db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['users.username', 'stories.title', 'stories.hidden_at'])
    .where('stories.hidden_at', 'is not', null)
    .orderBy('stories.hidden_at', 'desc')
    .limit(WITHHELD_MAX)
    .execute();
  const comments = await deps.db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('users as author', 'author.id', 'comments.story_user_id')
    .select(['comments.id', 'comments.text', 'comments.hidden_at', 'users.username', 'author.username as story_username'])
    .where('comments.hidden_at', 'is not', null)
    .orderBy('comments.hidden_at', 'desc')
    .limit(WITHHELD_MAX)
    .execute();
  const accounts = await deps.db
    .selectFrom('users')
    .select(['username', 'suspended_at'])
    .where('suspended_at', 'is not', null)
    .orderBy('suspended_at', 'desc')
    .limit(WITHHELD_MAX)
    .execute();
  return {
    stories: stories.map((s) => ({ story_username: s.username, title: s.title, hidden_at: isoTime(s.hidden_at!) })),
    comments: comments.map((c) => ({
      comment_id: c.id,
      story_username: c.story_username,
      author: c.username,
      text: c.text,
      hidden_at: isoTime(c.hidden_at!),
    })),
    accounts: accounts.map((a) => ({ username: a.username, suspended_at: isoTime(a.suspended_at!) })),
  };
}
