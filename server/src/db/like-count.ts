import { sql } from 'kysely';

/**
 * `like_count`: the standing likes on the story of the user id in `column`, read from like_counts (kept by
 * triggers on likes, migration 002): one lookup however popular the story. null when nobody has liked it yet.
 */
export function likeCount(column: 'users.id' | 'stories.user_id') {
  return sql<number | null>`(SELECT n FROM like_counts WHERE like_counts.story_user_id = ${sql.ref(column)})`.as('like_count');
}
