/**
 * A backup of a running site (docs/decisions/0013-backups.md): the database copied at one instant (SQLite's online
 * backup API; or, with PostgreSQL, its tables read in one snapshot into a SQLite file of the same migrations), the
 * session secret, and every uploaded file the copy names, read through the BlobStore (disk or S3 alike). The
 * manifest goes last: a backup without one is incomplete and never restored.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyPostgresToSqlite } from '../postgres-copy/copy-from-postgres';
import type { Config } from '../config';
import type { BlobStore } from '../ports/blob-store';
import { backupIdAt, type BackupStore } from '../ports/backup-store';
import type { Clock } from '../ports/clock';
import { describeFile, inspectDatabase } from './files';
import { DATABASE_FILE, SECRET_FILE, uploadFile, type BackupManifest } from './manifest';
import { snapshotDatabase } from './snapshot-database';
import { MANIFEST_FILE } from '../ports/backup-store';

export interface BackupSources {
  dbFile: string;
  dataDir: string;
  /** With PostgreSQL: its database, copied instead of dbFile, and SESSION_SECRET instead of DATA_DIR/secret. */
  postgres?: { url: string; sessionSecret: Buffer };
  blobs: BlobStore;
  store: BackupStore;
  clock: Clock;
}

/** What a backup of this site reads: the SQLite file, or the PostgreSQL database and SESSION_SECRET. */
export function backupSourcesOf(
  config: Pick<Config, 'dbFile' | 'dataDir' | 'databaseUrl' | 'sessionSecret'>,
  rest: Pick<BackupSources, 'blobs' | 'store' | 'clock'>,
): BackupSources {
  const { dbFile, dataDir, databaseUrl, sessionSecret } = config;
  // servingProblems refuses DATABASE_URL without SESSION_SECRET before anything runs.
  const postgres = databaseUrl && sessionSecret ? { url: databaseUrl, sessionSecret } : undefined;
  if (databaseUrl && !postgres) throw new Error('DATABASE_URL needs SESSION_SECRET too: the backup keeps the secret every instance uses.');
  return { dbFile, dataDir, ...(postgres ? { postgres } : {}), ...rest };
}

/** Incomplete backups younger than this may still be running in another process: they are left alone. */
const INCOMPLETE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Every uploaded file the database names: the uploads table, and pictures or banners set before it existed. */
function uploadNames(db: import('better-sqlite3').Database): Array<{ name: string; content_type: string | null }> {
  return db
    .prepare(
      `SELECT name, content_type FROM uploads
       UNION SELECT image, NULL FROM users WHERE image IS NOT NULL AND image NOT IN (SELECT name FROM uploads)
       UNION SELECT banner, NULL FROM stories WHERE banner IS NOT NULL AND banner NOT IN (SELECT name FROM uploads)
       ORDER BY 1`,
    )
    .all() as Array<{ name: string; content_type: string | null }>;
}

export async function makeBackup(src: BackupSources, { keep }: { keep: number }): Promise<BackupManifest> {
  if (!src.postgres && !(await fs.stat(src.dbFile).catch(() => null))) {
    throw new Error(`There is no database at ${src.dbFile}: nothing to back up (is DATA_DIR right?).`);
  }
  const startedAt = src.clock.now();
  const id = backupIdAt(startedAt);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'life-story-backup-'));
  try {
    const dbCopy = path.join(work, DATABASE_FILE);
    if (src.postgres) await copyPostgresToSqlite(src.postgres.url, dbCopy);
    else await snapshotDatabase(src.dbFile, dbCopy);
    const { counts, db } = inspectDatabase(dbCopy);
    let names: ReturnType<typeof uploadNames>;
    let pages: number;
    try {
      names = uploadNames(db);
      pages = Number(db.pragma('page_count', { simple: true }));
    } finally {
      db.close();
    }
    await src.store.putFile(id, DATABASE_FILE, dbCopy);
    const database = { file: DATABASE_FILE, pages, ...(await describeFile(dbCopy)) } as const;
    await fs.rm(dbCopy);

    const secretPath = src.postgres ? path.join(work, SECRET_FILE) : path.join(src.dataDir, SECRET_FILE);
    if (src.postgres) await fs.writeFile(secretPath, src.postgres.sessionSecret.toString('hex'), { mode: 0o600 });
    await src.store.putFile(id, SECRET_FILE, secretPath);
    const secret = { file: SECRET_FILE, ...(await describeFile(secretPath)) } as const;

    const uploads: BackupManifest['uploads'] = [];
    const missing: string[] = [];
    const tmp = path.join(work, 'upload');
    for (const { name, content_type } of names) {
      const blob = await src.blobs.get(name);
      if (!blob) {
        missing.push(name);
        continue;
      }
      await fs.writeFile(tmp, blob.body);
      await src.store.putFile(id, uploadFile(name), tmp);
      uploads.push({ name, content_type: content_type ?? blob.contentType, ...(await describeFile(tmp)) });
    }

    const manifest: BackupManifest = {
      format: 1,
      id,
      created_at: new Date(startedAt).toISOString(),
      database,
      secret,
      uploads,
      missing_uploads: missing,
      counts,
    };
    const manifestPath = path.join(work, MANIFEST_FILE);
    await fs.writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    await src.store.putFile(id, MANIFEST_FILE, manifestPath);
    await prune(src.store, keep, startedAt);
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` complete backups, and drops incomplete ones old enough to be abandoned. */
async function prune(store: BackupStore, keep: number, now: number): Promise<void> {
  const complete = await store.list();
  for (const id of complete.slice(0, Math.max(0, complete.length - keep))) await store.remove(id);
  const abandonedBefore = backupIdAt(now - INCOMPLETE_GRACE_MS);
  for (const id of await store.listIncomplete()) if (id < abandonedBefore) await store.remove(id);
}
