// Never edit a migration once it has landed: add a new numbered one.
// Indexes for "does anything still use this upload?": a person's picture and a story's banner. Without them
// each check scanned the tables, and `stories` has every body in it: 270 ms per check at 100k stories, inside
// the write transaction of a picture change, a banner change or a story deletion.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX users_image ON users(image) WHERE image IS NOT NULL`.execute(db);
  await sql`CREATE INDEX stories_banner ON stories(banner) WHERE banner IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
