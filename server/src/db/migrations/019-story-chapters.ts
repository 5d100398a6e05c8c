// Never edit a migration once it has landed: add a new numbered one.
// Chapters readers can use (issue #25, docs/decisions/0029-chapters.md): stories.chapters holds the list of the
// story's chapters as JSON, `[{ "title", "slug", "page" }]`, made at publish with the pages (core/stories/chapters.ts)
// and read with the story, so that every page shows the contents without reading the other pages. A story published
// before this has '[]' until its next publish, which gives its headings their ids in the pages.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stories ADD COLUMN chapters TEXT NOT NULL DEFAULT '[]'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
