import { type ExpressionBuilder, sql } from 'kysely';
import { AppError } from '../../contract/errors';
import type { Chapter, PageInput, StoryOwnerInput, VersionedStory } from '../../contract/stories';
import { compileOnce } from '../../db/compiled-query';
import type { Audience, Database } from '../../db/schema';
import { mayReadStory, NO_PASS_HASHES, passHashes, readerOf, readerRightColumn } from '../access/story-access';
import { noteCircleRead } from '../circle/last-read';
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
      'stories.audience',
      'stories.chapters',
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

// The reader's right to a `link` or `circle` story is a column of the same statement (readerRightColumn): a pass
// holder's read is one query, as a public read is.
const pageQuery = compileOnce((db, username: string, pageNumber: number, viewerId: number | null, ...passHashes: string[]) =>
  db
    .selectFrom('users')
    .innerJoin('stories', 'stories.user_id', 'users.id')
    .leftJoin('pages', (join) => join.onRef('pages.user_id', '=', 'users.id').on('pages.page_number', '=', pageNumber))
    .select(['pages.html', 'stories.page_count', 'stories.user_id', 'stories.audience'])
    .select(readerRightColumn(viewerId, passHashes).as('reader_right'))
    .where('users.username', '=', username)
    .where(visibleTo(viewerId)),
);

/**
 * Whether the actor may read the story of a row already read (moderation is in the query): the audience test is on
 * that row, so a story for everyone costs nothing more; passes and membership are looked up only for the others
 * (docs/decisions/0026-who-can-read-a-story.md).
 */
function mayRead(deps: CoreDeps, actor: Actor, ownerId: number, audience: Audience): boolean | Promise<boolean> {
  if (audience === 'everyone' || actor.userId === ownerId) return true;
  return mayReadStory(deps.db, readerOf(actor), { ownerId, audience, withheld: false });
}

/** The rule on a page row (moderation is in the query, the right to a `link`/`circle` story is its column). */
function mayReadRow(actor: Actor, row: { user_id: number; audience: Audience; reader_right: boolean | number | null }): boolean {
  if (row.audience === 'everyone' || actor.userId === row.user_id) return true;
  return (row.audience === 'link' || row.audience === 'circle') && Boolean(row.reader_right);
}

/** A story and who may read it; the audience is for the transports (headers, and the author's answer). */
export interface ReadStory {
  story: VersionedStory;
  audience: Audience;
  isAuthor: boolean;
  /** Its chapters, for the reader's contents (tRPC only: /api's story keeps its shape). */
  chapters: Chapter[];
}

/** The stored list of chapters (migration 019; written by publishStory only). */
function parseChapters(json: string): Chapter[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? (list as Chapter[]) : [];
  } catch {
    return [];
  }
}

/**
 * A story as its reader may see it: a private author's names, birth date, age and picture are null for
 * everyone but the author, and the full body (for the editor) goes only to the author. null when the
 * person has no story (or does not exist), or when the reader may not read it (the same answer).
 */
export async function readStory(deps: CoreDeps, actor: Actor, { username }: StoryOwnerInput): Promise<ReadStory | null> {
  const [row] = await storyQuery(deps.db, username, actor.userId);
  if (!row) return null;
  if (!(await mayRead(deps, actor, row.id, row.audience))) return null;
  const isOwner = actor.userId === row.id;
  const hidden = row.is_private === 1 && !isOwner;
  const story: VersionedStory = {
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
  return { story, audience: row.audience, isAuthor: isOwner, chapters: parseChapters(row.chapters) };
}

/** The story as /api answers it (its shape unchanged: no audience). */
export async function getStory(deps: CoreDeps, actor: Actor, input: StoryOwnerInput): Promise<VersionedStory | null> {
  return (await readStory(deps, actor, input))?.story ?? null;
}

/** One page's sanitized HTML; 404 with a clear message when the story or page does not exist (or is not theirs to read). */
export async function readPage(
  deps: CoreDeps,
  actor: Actor,
  { username, page_number }: PageInput,
): Promise<{ page: { html: string; page_number: number; page_count: number }; audience: Audience }> {
  const tokens = actor.readerPassTokens ?? [];
  const hashes = tokens.length > 0 ? passHashes(tokens) : [];
  const [row] = await pageQuery(deps.db, username, page_number, actor.userId, ...(hashes.length > 0 ? hashes : NO_PASS_HASHES));
  if (!row || row.html === null || !mayReadRow(actor, row)) {
    throw new AppError('NOT_FOUND', `Page number ${page_number} for user '${username}' does not exist.`);
  }
  // A circle's "last read" (core/circle/last-read.ts): at most a write a minute per reader, after the answer.
  if (row.audience !== 'everyone' && actor.userId !== row.user_id) noteCircleRead(deps, readerOf(actor), row.user_id);
  return { page: { html: row.html, page_number, page_count: row.page_count }, audience: row.audience };
}

export async function getPage(
  deps: CoreDeps,
  actor: Actor,
  input: PageInput,
): Promise<{ html: string; page_number: number; page_count: number }> {
  return (await readPage(deps, actor, input)).page;
}
