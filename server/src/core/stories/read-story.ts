import { type ExpressionBuilder, sql } from 'kysely';
import { AppError } from '../../contract/errors';
import type { PageInput, StoryOwnerInput, VersionedStory } from '../../contract/stories';
import { compileOnce } from '../../db/compiled-query';
import type { Database } from '../../db/schema';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { ageInYears, dobForClient, isoTime } from '../shared/dates';
import { likeCount } from '../../db/like-count';

const storyQuery = compileOnce((db, username: string, viewerId: number | null) =>
  db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select([
      'users.id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.dob',
      'users.image',
      'users.is_private',
      'stories.title',
      'stories.banner',
      'stories.page_count',
      'stories.created_at',
      'stories.updated_at',
      'stories.version',
    ])
    // The body (often kilobytes, read from overflow pages) only for its author, the one who gets it.
    .select(sql<string | null>`CASE WHEN stories.user_id = ${viewerId} THEN stories.body_html END`.as('body_html'))
    .select(likeCount('stories.user_id'))
    .where('users.username', '=', username)
    .where(visibleTo(viewerId)),
);

/**
 * A story hidden by a moderator, or whose author is suspended, reads as no story for everyone but its author
 * (docs/decisions/0020-moderation.md). Both are rare, so the filter is a check on the one row the unique username
 * index finds.
 */
const visibleTo = (viewerId: number | null) => (eb: ExpressionBuilder<Database, 'stories' | 'users'>) =>
  eb.or([eb('users.id', '=', viewerId), eb.and([eb('stories.hidden_at', 'is', null), eb('users.suspended_at', 'is', null)])]);

const pageQuery = compileOnce((db, username: string, pageNumber: number, viewerId: number | null) =>
  db
    .selectFrom('users')
    .innerJoin('stories', 'stories.user_id', 'users.id')
    .leftJoin('pages', (join) => join.onRef('pages.user_id', '=', 'users.id').on('pages.page_number', '=', pageNumber))
    .select(['pages.html', 'stories.page_count'])
    .where('users.username', '=', username)
    .where(visibleTo(viewerId)),
);

/**
 * A story as its reader may see it: a private author's names, birth date, age and picture are null for
 * everyone but the author, and the full body (for the editor) goes only to the author. null when the
 * person has no story (or does not exist).
 */
export async function getStory(deps: CoreDeps, actor: Actor, { username }: StoryOwnerInput): Promise<VersionedStory | null> {
  const [row] = await storyQuery(deps.db, username, actor.userId);
  if (!row) return null;
  const isOwner = actor.userId === row.id;
  const hidden = row.is_private === 1 && !isOwner;
  return {
    username: row.username,
    title: row.title,
    story_image: row.banner,
    first_name: hidden ? null : row.first_name,
    last_name: hidden ? null : row.last_name,
    dob: hidden ? null : dobForClient(row.dob),
    age: hidden ? null : ageInYears(row.dob, deps.clock.now()),
    user_image: hidden ? null : row.image,
    is_private: row.is_private === 1,
    page_count: row.page_count,
    text: isOwner ? row.body_html : null,
    like_count: Number(row.like_count ?? 0),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    version: row.version,
  };
}

/** One page's sanitized HTML; 404 with a clear message when the story or page does not exist. */
export async function getPage(
  deps: CoreDeps,
  actor: Actor,
  { username, page_number }: PageInput,
): Promise<{ html: string; page_number: number; page_count: number }> {
  const [row] = await pageQuery(deps.db, username, page_number, actor.userId);
  if (!row || row.html === null) {
    throw new AppError('NOT_FOUND', `Page number ${page_number} for user '${username}' does not exist.`);
  }
  return { html: row.html, page_number, page_count: row.page_count };
}
