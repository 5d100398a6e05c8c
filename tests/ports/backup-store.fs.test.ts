import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsBackupStore } from '../../server/src/adapters/backup/fs-backup-store';
import { runBackupStoreContract } from './backup-store.case';

runBackupStoreContract('FsBackupStore', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
  // A folder that does not exist yet: the store creates it on the first write.
  return { store: new FsBackupStore(path.join(dir, 'not-yet')), cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
});
