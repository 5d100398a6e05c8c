// `npm run restore -- <backup>`: puts a backup into an empty DATA_DIR, then rebuilds search and the top lists
// from the restored event log. <backup> is an id in BACKUP_DIR or the backup bucket, `latest`, or the path of
// a backup folder. Without one, lists the backups there are.
import fs from 'node:fs';
import path from 'node:path';
import { FsBackupStore } from '../adapters/backup/fs-backup-store';
import { RestoreError, restoreBackup } from '../backups/restore-backup';
import { ConfigError, loadConfig } from '../config';
import { createDeps, pickBackupStore, pickBlobs } from '../deps';
import { InvalidBackupPath, type BackupStore } from '../ports/backup-store';

/** The store and id a command-line argument names. */
async function locate(arg: string, configured: BackupStore): Promise<{ store: BackupStore; id: string }> {
  if (fs.existsSync(arg) && fs.statSync(arg).isDirectory()) {
    const full = path.resolve(arg);
    return { store: new FsBackupStore(path.dirname(full)), id: path.basename(full) };
  }
  if (arg === 'latest') {
    const id = (await configured.list()).at(-1);
    if (!id) throw new RestoreError(`There are no complete backups in ${configured.location}.`);
    return { store: configured, id };
  }
  return { store: configured, id: arg };
}

try {
  const config = loadConfig();
  const configured = pickBackupStore(config);
  const arg = process.argv[2];
  if (!arg) {
    const ids = await configured.list();
    console.error(
      `Usage: npm run restore -- <backup id | latest | folder>\nBackups in ${configured.location}:\n` +
        (ids.length ? ids.map((id) => `  ${id}`).join('\n') : '  (none)'),
    );
    process.exitCode = 1;
  } else {
    const { store, id } = await locate(arg, configured);
    const blobs = pickBlobs(config);
    await blobs.init();
    const started = Date.now();
    const manifest = await restoreBackup(store, id, { dbFile: config.dbFile, dataDir: config.dataDir, blobs });
    // Migrations run as the database opens (a backup from an older version is brought up to date); search and
    // top lists are folded again from the restored events.
    const deps = await createDeps(config);
    try {
      await deps.projector.rebuild();
    } finally {
      await deps.close();
    }
    console.log(
      `Restored backup ${manifest.id} (taken ${manifest.created_at}) into ${config.dataDir}: ${manifest.counts.stories} stories, ` +
        `${manifest.uploads.length} uploaded files; search and top lists rebuilt from ${manifest.counts.events} events in ${Date.now() - started} ms.`,
    );
  }
} catch (err) {
  const known = err instanceof ConfigError || err instanceof RestoreError || err instanceof InvalidBackupPath;
  console.error(known ? (err as Error).message : `Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
