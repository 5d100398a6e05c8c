// Our scale dataset, row for row, in the original app's schema (api/src/MiHistoria.sql): one tab-separated file
// per table, in the form MariaDB's LOAD DATA reads by default (fields by tabs, lines by newlines, `\` escapes,
// NULL as \N), loaded in the order of the foreign keys.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** One value as LOAD DATA's default format reads it. */
export function tsvField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value).replace(/[\\\t\n\r\0]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' })[c]!);
}

export const tsvLine = (values: readonly unknown[]): string => `${values.map(tsvField).join('\t')}\n`;

/** Milliseconds since 1970 as a DATETIME in UTC (`2026-11-27 09:30:00`), as the original stores `timestamp`. */
export const datetime = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export interface TableCopy {
  /** The original's table and the columns each line fills, in order. */
  table: string;
  columns: string[];
  /** The rows from our SQLite file, already in those columns' order. */
  select: string;
  /** Each selected row as the original's values (`password`: one bcrypt hash of the scale password for all). */
  map?: (row: unknown[], o: { passwordHash: string }) => unknown[];
}

/**
 * Our tables to theirs. Users keep their usernames, names, birthdays, pictures and privacy; their password is the
 * scale password hashed as the original's register does (bcryptjs, cost 10; one hash for everyone). A story's
 * text is its whole HTML, its image the banner, its timestamp when it was made; pages, comments (with their ids)
 * and likes as they are. No one has bookmarked anything in the scale dataset (`saves` stays empty).
 */
export const TABLES: TableCopy[] = [
  {
    table: 'user',
    columns: ['username', 'first_name', 'last_name', 'dob', 'email', 'password', 'image', 'is_private'],
    select: 'SELECT username, first_name, last_name, dob, email, NULL, image, is_private FROM users ORDER BY id',
    map: (r, o) => [r[0], r[1], r[2], r[3], r[4], o.passwordHash, r[6], r[7] ? 1 : 0],
  },
  {
    table: 'story',
    columns: ['username', 'title', 'page_count', 'text', 'image', 'timestamp'],
    select: 'SELECT u.username, s.title, s.page_count, s.body_html, s.banner, s.created_at FROM stories s JOIN users u ON u.id = s.user_id',
    map: (r) => [r[0], r[1], r[2], r[3], r[4], datetime(r[5] as number | null)],
  },
  {
    table: 'page',
    columns: ['page_number', 'username', 'text'],
    select: 'SELECT p.page_number, u.username, p.html FROM pages p JOIN users u ON u.id = p.user_id',
  },
  {
    table: 'comment',
    columns: ['comment_id', 'comment_username', 'story_username', 'text', 'timestamp'],
    select: `SELECT c.id, w.username, a.username, c.text, c.created_at
               FROM comments c JOIN users w ON w.id = c.user_id JOIN users a ON a.id = c.story_user_id`,
    map: (r) => [r[0], r[1], r[2], r[3], datetime(r[4] as number | null)],
  },
  {
    table: 'likes',
    columns: ['like_username', 'story_username'],
    select: 'SELECT l.username, a.username FROM likes x JOIN users l ON l.id = x.user_id JOIN users a ON a.id = x.story_user_id',
  },
];

/** The LOAD DATA statement for one table's file. */
export function loadStatement(copy: TableCopy, file: string): string {
  return `LOAD DATA LOCAL INFILE '${file.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}' INTO TABLE \`${copy.table}\` CHARACTER SET utf8mb4 (${copy.columns.map((c) => `\`${c}\``).join(', ')})`;
}

/** Writes one file per table into `dir`; returns each table's file and row count. */
export function exportTables(
  sqliteFile: string,
  dir: string,
  passwordHash: string,
): Array<{ copy: TableCopy; file: string; rows: number }> {
  fs.mkdirSync(dir, { recursive: true });
  const db = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    return TABLES.map((copy) => {
      const file = path.join(dir, `${copy.table}.tsv`);
      const fd = fs.openSync(file, 'w');
      let rows = 0;
      let buffer = '';
      try {
        for (const row of db.prepare(copy.select).raw().iterate() as Iterable<unknown[]>) {
          buffer += tsvLine(copy.map ? copy.map(row, { passwordHash }) : row);
          rows += 1;
          if (buffer.length > 1 << 20) {
            fs.writeSync(fd, buffer);
            buffer = '';
          }
        }
        fs.writeSync(fd, buffer);
      } finally {
        fs.closeSync(fd);
      }
      return { copy, file, rows };
    });
  } finally {
    db.close();
  }
}
