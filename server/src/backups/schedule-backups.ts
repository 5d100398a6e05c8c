// Backups from inside the server every BACKUP_EVERY_HOURS (the first one an interval after start), one at a time.
// With several instances on one PostgreSQL, one instance at a time runs it (the housekeeping lock, ADR 0021), and an
// instance whose turn comes soon after another's backup skips it: one backup per interval, not one per instance.
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { pickBackupStore } from '../deps';
import { backupIdAt } from '../ports/backup-store';
import { backupSourcesOf, makeBackup } from './make-backup';

export function scheduleBackups(config: Config, deps: AppDeps, log: (message: string) => void): { stop(): void } | null {
  const hours = config.backup.everyHours;
  if (!hours) return null;
  const store = pickBackupStore(config);
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
