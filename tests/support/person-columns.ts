// The columns of a migrated database that hold a person's id, read from the database itself: SQLite's
// pragma_table_info and pragma_foreign_key_list, or PostgreSQL's catalog. tests/integration/person-data.test.ts
// checks that the export, account deletion and backups handle every one of them.
import { type Kysely, sql } from 'kysely';

export interface SchemaColumn {
  table: string;
  column: string;
  /** The column a foreign key on this one points at (SQLite's "to" is null for the parent's primary key: `id` here). */
  references: { table: string; column: string } | null;
}

/** Every column of every table (a column in two foreign keys is listed twice). */
export async function readSchema(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<SchemaColumn[]> {
  type Row = { table: string; column: string; ref_table: string | null; ref_column: string | null };
  const query =
    dialect === 'sqlite'
      ? sql<Row>`
          SELECT m.name AS "table", c.name AS "column", f."table" AS ref_table, coalesce(f."to", 'id') AS ref_column
            FROM sqlite_master m
            JOIN pragma_table_info(m.name) c
            LEFT JOIN pragma_foreign_key_list(m.name) f ON f."from" = c.name
           WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
      : sql<Row>`
          SELECT c.table_name AS "table", c.column_name AS "column", fk.ref_table, fk.ref_column
            FROM information_schema.columns c
            JOIN information_schema.tables t
              ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
            LEFT JOIN (
              SELECT cl.relname AS "table", a.attname AS "column", rcl.relname AS ref_table, ra.attname AS ref_column
                FROM pg_constraint k
                JOIN pg_class cl ON cl.oid = k.conrelid
                JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = current_schema()
                CROSS JOIN LATERAL unnest(k.conkey, k.confkey) AS pair(col, refcol)
                JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = pair.col
                JOIN pg_class rcl ON rcl.oid = k.confrelid
                JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = pair.refcol
               WHERE k.contype = 'f'
            ) fk ON fk."table" = c.table_name AND fk."column" = c.column_name
           WHERE c.table_schema = current_schema()`;
  const { rows } = await query.execute(db);
  return rows.map((r) => ({
    table: r.table,
    column: r.column,
    references: r.ref_table ? { table: r.ref_table, column: r.ref_column ?? 'id' } : null,
  }));
}

/**
 * `table.column` of every column that holds a person's id: `users.id`, every column whose foreign key points at one
 * of those (stories.user_id, and so comments.story_user_id), and every column without a foreign key whose name ends
 * in `_id` (events.actor_id, proj_notifications.recipient_id), unless `notAPerson` names it.
 */
export function personColumns(schema: SchemaColumn[], notAPerson: ReadonlySet<string>): string[] {
  const key = (table: string, column: string) => `${table}.${column}`;
  const people = new Set([key('users', 'id')]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of schema) {
      if (c.references && people.has(key(c.references.table, c.references.column)) && !people.has(key(c.table, c.column))) {
        people.add(key(c.table, c.column));
        grew = true;
      }
    }
  }
  const hasReference = new Set(schema.filter((c) => c.references).map((c) => key(c.table, c.column)));
  for (const c of schema) {
    const k = key(c.table, c.column);
    if (c.column.endsWith('_id') && !hasReference.has(k) && !notAPerson.has(k)) people.add(k);
  }
  return [...people].sort();
}
