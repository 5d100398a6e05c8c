// Backups from inside the server every BACKUP_EVERY_HOURS (the first one an interval after start), one at a time.
// With several instances on one PostgreSQL, one instance at a time runs it (the housekeeping lock, ADR 0021), and an
// instance whose turn comes soon after another's backup skips it: one backup per interval, not one per instance.
import type { Config } from '../config';
import { backupIdAt, type BackupStore } from '../ports/backup-store';
import type { BlobStore } from '../ports/blob-store';
import type { Clock } from '../ports/clock';
import { backupSourcesOf, makeBackup } from './make-backup';

/** What scheduled backups use of the running server (deps.ts's AppDeps has each). */
export interface ScheduledBackupDeps {
  clock: Clock;
  blobs: BlobStore;
  /** Runs the backup here unless another instance on the same PostgreSQL is running its housekeeping (ADR 0021). */
  housekeeping(fn: () => Promise<void>): Promise<void>;
}

/** `store`: where the backups go, as deps.ts picks it (pickBackupStore). */
export function scheduleBackups(
  config: Config,
  deps: ScheduledBackupDeps,
  store: BackupStore,
  log: (message: string) => void,
): { stop(): void } | null {
  const hours = config.backup.everyHours;
  if (!hours) return null;
  let running = false;
  const interval = hours * 60 * 60 * 1000;
  const backup = async () => {
    const newest = (await store.list()).at(-1);
    if (newest && newest > backupIdAt(deps.clock.now() - interval / 2)) return;
    const m = await makeBackup(backupSourcesOf(config, { blobs: deps.blobs, store, clock: deps.clock }), { keep: config.backup.keep });
    if (config.logLevel === 'info')
      console.log(`Scheduled backup ${m.id} written to ${store.location} (${m.uploads.length} uploaded files).`);
  };
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await deps.housekeeping(backup);
    } catch (err) {
      log(`Scheduled backup failed: ${(err as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), interval);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
