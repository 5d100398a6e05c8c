// `npm run backup`: a consistent backup of the site while it runs, into BACKUP_DIR or the backup bucket
// (docs/decisions/0013-backups.md), from the SQLite file or, with DATABASE_URL, from PostgreSQL. Keeps the newest
// BACKUP_KEEP.
import { backupSourcesOf, makeBackup } from '../backups/make-backup';
import { ConfigError, loadConfig } from '../config';
import { pickBackupStore, pickBlobs } from '../deps';
import { systemClock } from '../ports/clock';

try {
  const config = loadConfig();
  const blobs = pickBlobs(config);
  await blobs.init();
  const store = pickBackupStore(config);
  const started = Date.now();
  const m = await makeBackup(backupSourcesOf(config, { blobs, store, clock: systemClock }), { keep: config.backup.keep });
  const mb = (m.database.bytes + m.uploads.reduce((n, u) => n + u.bytes, 0)) / 1e6;
  console.log(
    `Backup ${m.id} written to ${store.location}: the database (${m.counts.stories} stories, ${m.counts.events} events), ` +
      `${m.uploads.length} uploaded files, ${mb.toFixed(1)} MB in ${Date.now() - started} ms.`,
  );
  if (m.missing_uploads.length)
    console.log(`${m.missing_uploads.length} files named in the database were already gone: ${m.missing_uploads.join(', ')}`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
