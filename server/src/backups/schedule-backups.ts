// Backups from inside the server every BACKUP_EVERY_HOURS (the first one an interval after start), one at a time.
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { pickBackupStore } from '../deps';
import { makeBackup } from './make-backup';

export function scheduleBackups(config: Config, deps: AppDeps, log: (message: string) => void): { stop(): void } | null {
  const hours = config.backup.everyHours;
  if (!hours) return null;
  const store = pickBackupStore(config);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const m = await makeBackup(
        { dbFile: config.dbFile, dataDir: config.dataDir, blobs: deps.blobs, store, clock: deps.clock },
        { keep: config.backup.keep },
      );
      if (config.logLevel === 'info')
        console.log(`Scheduled backup ${m.id} written to ${store.location} (${m.uploads.length} uploaded files).`);
    } catch (err) {
      log(`Scheduled backup failed: ${(err as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), hours * 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
