// Never edit a migration once it has landed: add a new numbered one.
// The word count of a story's published revision, for the JSON-LD of every server-rendered story page
// (core/stories/reader-page-facts.ts, docs/decisions/0017-server-rendering.md): read off this index alone. Without it
// each first visit read the revision's row, whose word_count sits after the whole story's HTML (overflow pages).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX story_revisions_word_count ON story_revisions(user_id, version, word_count)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
