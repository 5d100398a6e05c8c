/**
 * Puts a backup into an empty DATA_DIR (and its uploads into the configured file store), checking every file
 * against the manifest before it is used. The caller then opens the site there and rebuilds the projections
 * (search and top lists are derived from the event log, so they are rebuilt rather than trusted).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../ports/blob-store';
import { MANIFEST_FILE, type BackupStore } from '../ports/backup-store';
import { describeFile, inspectDatabase } from './files';
import { DATABASE_FILE, manifestSchema, SECRET_FILE, uploadFile, type BackupManifest } from './manifest';

export class RestoreError extends Error {}

export interface RestoreTarget {
  dbFile: string;
  dataDir: string;
  blobs: BlobStore;
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

async function fetchChecked(
  store: BackupStore,
  id: string,
  file: string,
  to: string,
  expected: { bytes: number; sha256: string },
): Promise<void> {
  if (!(await store.getFile(id, file, to))) throw new RestoreError(`Backup ${id} has no ${file}: it cannot be restored.`);
  const got = await describeFile(to);
  if (got.sha256 !== expected.sha256 || got.bytes !== expected.bytes) {
    throw new RestoreError(`${file} in backup ${id} does not match its manifest (damaged or changed): nothing was restored from it.`);
  }
}

export async function readManifest(store: BackupStore, id: string): Promise<BackupManifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'life-story-manifest-'));
  try {
    const file = path.join(work, MANIFEST_FILE);
    if (!(await store.getFile(id, MANIFEST_FILE, file))) {
      throw new RestoreError(`There is no complete backup ${id} in ${store.location}.`);
    }
    const parsed = manifestSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    if (!parsed.success) throw new RestoreError(`The manifest of backup ${id} is not one this version can read.`);
    return parsed.data;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

export async function restoreBackup(store: BackupStore, id: string, target: RestoreTarget): Promise<BackupManifest> {
  // The database marks a site; a lone secret (a restore that stopped just before its last step) is replaced.
  for (const taken of [target.dbFile, `${target.dbFile}-wal`]) {
    if (await exists(taken)) {
      throw new RestoreError(`${target.dataDir} already holds a site (${path.basename(taken)}): restore only into an empty DATA_DIR.`);
    }
  }
  const manifest = await readManifest(store, id);
  await fs.mkdir(target.dataDir, { recursive: true });
  const work = await fs.mkdtemp(path.join(target.dataDir, '.restoring-'));
  try {
    // Uploads first, the database last: a restore that stops part-way leaves no database, so it can be run again.
    const tmp = path.join(work, 'upload');
    for (const upload of manifest.uploads) {
      await fetchChecked(store, id, uploadFile(upload.name), tmp, upload);
      await target.blobs.put(upload.name, await fs.readFile(tmp), upload.content_type);
    }
    const secret = path.join(work, SECRET_FILE);
    await fetchChecked(store, id, SECRET_FILE, secret, manifest.secret);
    const db = path.join(work, DATABASE_FILE);
    await fetchChecked(store, id, DATABASE_FILE, db, manifest.database);
    const inspected = inspectDatabase(db);
    inspected.db.close();
    for (const [table, n] of Object.entries(manifest.counts)) {
      if (inspected.counts[table] !== n)
        throw new RestoreError(`Backup ${id}: ${table} has ${inspected.counts[table]} rows, the manifest says ${n}.`);
    }
    await fs.chmod(secret, 0o600);
    await fs.rename(secret, path.join(target.dataDir, SECRET_FILE));
    await fs.rename(db, target.dbFile);
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
