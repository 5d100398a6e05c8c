// Never edit a migration once it has landed: add a new numbered one.
// Photos in stories (issue #12, docs/decisions/0016-photos.md): each upload remembers which responsive sizes
// were made for it (`sizes`: widths joined by commas, '' for none, e.g. every upload made before this
// migration) and how many bytes they take, so the reader's srcset lists only sizes that exist and a person's
// quota counts originals plus sizes.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`ALTER TABLE uploads ADD COLUMN sizes TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE uploads ADD COLUMN sizes_bytes INTEGER NOT NULL DEFAULT 0`.execute(db);
}

/** The same on PostgreSQL (ADR 0021): BIGINT integers. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE uploads ADD COLUMN sizes TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE uploads ADD COLUMN sizes_bytes BIGINT NOT NULL DEFAULT 0`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
