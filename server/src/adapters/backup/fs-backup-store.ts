// Backups in a folder on disk (BACKUP_DIR, default DATA_DIR/backups): one sub-folder per backup.
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBackupPath, BACKUP_ID, MANIFEST_FILE, type BackupStore } from '../../ports/backup-store';

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

export class FsBackupStore implements BackupStore {
  readonly name = 'disk';
  constructor(private readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  private async ids(complete: boolean): Promise<string[]> {
    const entries = await fs.readdir(this.dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    const ids = entries.filter((e) => e.isDirectory() && BACKUP_ID.test(e.name)).map((e) => e.name);
    const marked = await Promise.all(ids.map((id) => exists(path.join(this.dir, id, MANIFEST_FILE))));
    return ids.filter((_, i) => marked[i] === complete).sort();
  }

  list(): Promise<string[]> {
    return this.ids(true);
  }

  listIncomplete(): Promise<string[]> {
    return this.ids(false);
  }

  async putFile(id: string, file: string, localPath: string): Promise<void> {
    assertBackupPath(id, file);
    const target = path.join(this.dir, id, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Copied beside, then renamed: a file in a backup is whole or absent, even if the machine stops mid-copy.
    const partial = `${target}.partial`;
    await fs.copyFile(localPath, partial);
    await fs.rename(partial, target);
  }

  async getFile(id: string, file: string, localPath: string): Promise<boolean> {
    assertBackupPath(id, file);
    try {
      await fs.copyFile(path.join(this.dir, id, file), localPath);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    assertBackupPath(id);
    await fs.rm(path.join(this.dir, id), { recursive: true, force: true });
  }
}
