// Small file helpers shared by backup and restore.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { COUNTED_TABLES } from './manifest';

export async function describeFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { bytes: (await fs.stat(file)).size, sha256: hash.digest('hex') };
}

/** Opens a copied database read-only, checks it is whole, and counts its rows. */
export function inspectDatabase(file: string): { counts: Record<string, number>; db: BetterSqlite3.Database } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') {
    db.close();
    throw new Error(`The copied database is damaged (quick_check: ${String(check)}).`);
  }
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) counts[table] = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { counts, db };
}
