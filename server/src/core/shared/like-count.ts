import { sql } from 'kysely';

/** `like_count`: the standing likes on the story of the user id in `column` (a correlated count over likes_story). */
export function likeCount(column: 'users.id' | 'stories.user_id') {
  return sql<number>`(SELECT count(*) FROM likes WHERE likes.story_user_id = ${sql.ref(column)})`.as('like_count');
}
