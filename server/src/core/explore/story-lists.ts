// The browsing lists: top (three windows, served by the index), new, and the caller's bookmarks (the `saves` table).
import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { ListItem, TopListInput, TopWindowName } from '../../contract/explore';
import type { Paging } from '../../contract/paging';
import type { Database } from '../../db/schema';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { listItemsFor } from './list-items';
import { mayReadStory, readerOf } from '../access/story-access';

export async function topStories(deps: CoreDeps, { window, page, limit }: TopListInput): Promise<ListItem[]> {
  return listItemsFor(deps, await deps.search.top(window, (page - 1) * limit, limit), { storiesOnly: true });
}

/** All time pages through every story (counted from the source of truth); the windows through the index. */
export async function countTopStories(deps: CoreDeps, window: TopWindowName): Promise<{ count: number }> {
  return window === 'all' ? countStories(deps) : { count: await deps.search.countTop(window) };
}

/**
 * Newest stories first (by creation); stories created in the same millisecond by their author's id, so that
 * the order is the `stories_new` index's own and a page is read off it with no sort step, however many share
 * a timestamp (list-indexes.test.ts).
 */
export function newestStoriesQuery(db: Kysely<Database>, limit: number, offset: number) {
  return db
    .selectFrom('stories')
    .select('user_id')
    .where(shownStory)
    .orderBy('created_at', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .offset(offset);
}

/**
 * Not hidden by a moderator, its author not suspended (docs/decisions/0020-moderation.md), and readable by everyone
 * (docs/decisions/0026-who-can-read-a-story.md): exactly the rows of the partial index `stories_shown_new`, which is
 * in the list's order and covers it, so a page costs what it did before.
 */
function shownStory(eb: ExpressionBuilder<Database, 'stories'>) {
  // `= 0` and `= 'everyone'` in the SQL itself, not parameters: SQLite matches a partial index's WHERE against the
  // query's as written.
  return eb.and([
    eb('stories.hidden_at', 'is', null),
    sql<SqlBool>`${sql.ref('stories.author_suspended')} = 0`,
    sql<SqlBool>`${sql.ref('stories.audience')} = 'everyone'`,
  ]);
}

export async function newStories(deps: CoreDeps, { page, limit }: Paging): Promise<ListItem[]> {
  const rows = await newestStoriesQuery(deps.db, limit, (page - 1) * limit).execute();
  return listItemsFor(
    deps,
    rows.map((r) => r.user_id),
    { storiesOnly: true },
  );
}

export async function countStories(deps: CoreDeps): Promise<{ count: number }> {
  const row = await deps.db
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(shownStory)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

/** A person's bookmarks, most recent first, then by story author's id: the `saves_recent` index's order. */
export function bookmarkedStoriesQuery(db: Kysely<Database>, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('saves')
    .innerJoin('users', 'users.id', 'saves.story_user_id')
    .select(['saves.story_user_id', 'saves.created_at', 'users.username'])
    .where('saves.user_id', '=', userId)
    .orderBy('saves.created_at', 'desc')
    .orderBy('saves.story_user_id')
    .limit(limit)
    .offset(offset);
}

/** The caller's bookmarked stories, most recently bookmarked first; timestamps are when they were bookmarked. */
export async function bookmarkedStories(deps: CoreDeps, actor: SignedInActor, { page, limit }: Paging): Promise<ListItem[]> {
  const rows = await bookmarkedStoriesQuery(deps.db, actor.userId, limit, (page - 1) * limit).execute();
  // Only the stories the caller may still read (docs/decisions/0026-who-can-read-a-story.md).
  const items = await listItemsFor(
    deps,
    rows.map((r) => r.story_user_id),
    { storiesOnly: true, reader: readerOf(actor) },
  );
  const bookmarkedAt = new Map(rows.map((r) => [r.username, r.created_at]));
  return items.map((item) => ({ ...item, timestamp: isoTime(bookmarkedAt.get(item.username)!) }));
}

export async function countBookmarks(deps: CoreDeps, actor: SignedInActor): Promise<{ count: number }> {
  const row = await deps.db
    .selectFrom('saves')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) - (await unreadableBookmarks(deps, actor)) };
}

/** The caller's bookmarks of stories not for everyone that they may no longer read (few: checked one by one). */
async function unreadableBookmarks(deps: CoreDeps, actor: SignedInActor): Promise<number> {
  const rows = await deps.db
    .selectFrom('saves')
    .innerJoin('stories', 'stories.user_id', 'saves.story_user_id')
    .select(['stories.user_id', 'stories.audience', 'stories.hidden_at'])
    .where('saves.user_id', '=', actor.userId)
    .where('stories.audience', '!=', 'everyone')
    .execute();
  let n = 0;
  const reader = readerOf(actor);
  for (const r of rows) {
    // A hidden one stays counted, as before (the list drops it): only the audience's refusals are taken off.
    if (r.hidden_at === null && !(await mayReadStory(deps.db, reader, { ownerId: r.user_id, audience: r.audience, withheld: false }))) n++;
  }
  return n;
}
