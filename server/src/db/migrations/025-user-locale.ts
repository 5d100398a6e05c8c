// Never edit a migration once it has landed: add a new numbered one.
// The interface language a person chose (issue #30, docs/decisions/0042-interface-languages.md): 'en' or 'es'; null
// until they choose, when their pages follow their browser and their emails are in English. The same SQL on both
// databases: a nullable column with a CHECK needs no default and rewrites no rows.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN locale TEXT CHECK (locale IN ('en', 'es'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
