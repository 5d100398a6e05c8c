// Search documents built from proj_*: stories with their all-time / 30-day / 365-day like counts, people with
// their public names. Absolute values, so pushing the same documents twice changes nothing.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoryDoc, UserDoc } from '../../ports/search-index';
import type { Touched } from './fold-events';
import type { Cutoffs } from './like-windows';

type Executor = Kysely<Database> | Transaction<Database>;

export interface DocumentChanges {
  stories: StoryDoc[];
  deleteStories: number[];
  users: UserDoc[];
  deleteUsers: number[];
}

/** What the touched ids now look like: documents for those that exist, deletions for the rest. */
export async function documentChanges(trx: Transaction<Database>, touched: Touched, cutoffs: Cutoffs): Promise<DocumentChanges> {
  const stories = await storyDocs(trx, [...touched.stories], cutoffs);
  const users = await userDocs(trx, [...touched.users]);
  const haveStory = new Set(stories.map((d) => d.id));
  const haveUser = new Set(users.map((d) => d.id));
  return {
    stories,
    deleteStories: [...touched.stories].filter((id) => !haveStory.has(id)),
    users,
    deleteUsers: [...touched.users].filter((id) => !haveUser.has(id)),
  };
}

export async function storyDocs(db: Executor, ids: number[], cutoffs: Cutoffs): Promise<StoryDoc[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('proj_stories as s')
    .innerJoin('proj_users as u', 'u.user_id', 's.user_id')
    .leftJoin('proj_likes as l', 'l.story_user_id', 's.user_id')
    .select(['s.user_id', 's.title', 's.created_at', 'u.username'])
    .select([
      sql<number>`count(l.user_id)`.as('likes'),
      sql<number>`count(l.user_id) FILTER (WHERE l.given_at >= ${cutoffs.month})`.as('likes30d'),
      sql<number>`count(l.user_id) FILTER (WHERE l.given_at >= ${cutoffs.year})`.as('likes365d'),
    ])
    .where('s.user_id', 'in', ids)
    // Hidden by moderation, or the author suspended: no document (ADR 0020).
    .where('s.hidden', '=', 0)
    .where('u.suspended', '=', 0)
    // Not for everyone: no document either (docs/decisions/0026-who-can-read-a-story.md).
    .where('s.audience', '=', 'everyone')
    .groupBy(['s.user_id', 'u.username']) // PostgreSQL wants every selected column of u grouped (ADR 0021)
    .execute();
  return rows.map((r) => ({
    id: r.user_id,
    username: r.username,
    title: r.title,
    likes: Number(r.likes),
    likes30d: Number(r.likes30d),
    likes365d: Number(r.likes365d),
    createdAt: r.created_at,
  }));
}

export async function userDocs(db: Executor, ids: number[]): Promise<UserDoc[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('proj_users as u')
    .leftJoin('proj_likes as l', 'l.story_user_id', 'u.user_id')
    .select(['u.user_id', 'u.username', 'u.first_name', 'u.last_name', 'u.is_private'])
    .select(sql<number>`count(l.user_id)`.as('likes'))
    .where('u.user_id', 'in', ids)
    .where('u.suspended', '=', 0)
    // A writer whose story is not for everyone is not found as a person either: their name in the results would say
    // that a story exists (docs/decisions/0026-who-can-read-a-story.md). Without a story, or with a public one, they are.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('proj_stories as ps')
            .select('ps.user_id')
            .whereRef('ps.user_id', '=', 'u.user_id')
            .where('ps.audience', '!=', 'everyone'),
        ),
      ),
    )
    .groupBy('u.user_id')
    .execute();
  return rows.map((r) => ({
    id: r.user_id,
    username: r.username,
    // Private names never reach the index.
    firstName: r.is_private ? null : r.first_name,
    lastName: r.is_private ? null : r.last_name,
    likes: Number(r.likes),
  }));
}
