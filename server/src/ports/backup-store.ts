/**
 * Where backups are kept: a folder on disk (BACKUP_DIR) or the S3 bucket (under `backups/`). A backup is a set
 * of files under an id (its UTC start time); it is complete once its `manifest.json` is there, which is
 * written last. Every adapter passes tests/ports/backup-store.case.ts.
 */
export const MANIFEST_FILE = 'manifest.json';

export interface BackupStore {
  readonly name: string;
  /** Where the backups are, for the one line the commands print. */
  readonly location: string;
  /** Ids of complete backups (those with a manifest), oldest first. */
  list(): Promise<string[]>;
  /** Ids that hold files but no manifest: backups that stopped part-way. */
  listIncomplete(): Promise<string[]>;
  /** Stores a local file as `file` ("a/b.ext", no "..") of backup `id`. */
  putFile(id: string, file: string, localPath: string): Promise<void>;
  /** Copies `file` of backup `id` to a local path; false when the backup has no such file. */
  getFile(id: string, file: string, localPath: string): Promise<boolean>;
  /** Removes every file of the backup; removing a missing one is not an error. */
  remove(id: string): Promise<void>;
}

/** Backup ids are their UTC start times in a file-name-safe form: 2026-11-23T14-05-09-123Z. */
export const BACKUP_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
const FILE = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function backupIdAt(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

export class InvalidBackupPath extends Error {}

/** Refuses ids and file names that could step outside the backup (they come from a command line or a bucket listing). */
export function assertBackupPath(id: string, file?: string): void {
  if (!BACKUP_ID.test(id)) throw new InvalidBackupPath(`"${id}" is not a backup id (they look like 2026-11-23T14-05-09-123Z).`);
  if (file !== undefined && !FILE.test(file)) throw new InvalidBackupPath(`"${file}" is not a file name inside a backup.`);
}
