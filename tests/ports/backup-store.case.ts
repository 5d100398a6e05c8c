import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupIdAt, InvalidBackupPath, MANIFEST_FILE, type BackupStore } from '../../server/src/ports/backup-store';

/**
 * The behaviour every BackupStore adapter shares. `make` returns a store over empty storage of its own and a
 * cleanup. Complete backups are those with a manifest; ids are checked before any storage is touched.
 */
export function runBackupStoreContract(
  adapterName: string,
  make: () => Promise<{ store: BackupStore; cleanup: () => Promise<void> }>,
): void {
  describe(`BackupStore contract: ${adapterName}`, () => {
    let store: BackupStore;
    let cleanup: () => Promise<void>;
    let work: string;
    const local = (name: string, body: string | Buffer) => {
      const file = path.join(work, name);
      fs.writeFileSync(file, body);
      return file;
    };
    const read = async (id: string, file: string) => {
      const to = path.join(work, `got-${Math.random()}`);
      return (await store.getFile(id, file, to)) ? fs.readFileSync(to) : null;
    };

    beforeEach(async () => {
      ({ store, cleanup } = await make());
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-store-case-'));
    });
    afterEach(async () => {
      await cleanup();
      fs.rmSync(work, { recursive: true, force: true });
    });

    const a = backupIdAt(Date.UTC(2026, 0, 1, 10, 0, 0, 1));
    const b = backupIdAt(Date.UTC(2026, 0, 2, 10, 0, 0, 2));

    it('starts empty', async () => {
      expect(await store.list()).toEqual([]);
      expect(await store.listIncomplete()).toEqual([]);
      expect(await read(a, MANIFEST_FILE)).toBeNull();
    });

    it('keeps files byte for byte, nested paths included, and counts a backup complete once it has a manifest', async () => {
      const binary = Buffer.from([0, 255, 1, 254, 10, 13]);
      await store.putFile(b, 'life-story.sqlite', local('db', binary));
      await store.putFile(b, 'uploads/x.png', local('x', 'png bytes'));
      expect(await store.list()).toEqual([]);
      expect(await store.listIncomplete()).toEqual([b]);
      await store.putFile(b, MANIFEST_FILE, local('m', '{}'));
      await store.putFile(a, MANIFEST_FILE, local('m2', '{}'));
      expect(await store.list()).toEqual([a, b]);
      expect(await store.listIncomplete()).toEqual([]);
      expect(await read(b, 'life-story.sqlite')).toEqual(binary);
      expect((await read(b, 'uploads/x.png'))?.toString()).toBe('png bytes');
      expect(await read(b, 'uploads/missing.png')).toBeNull();
    });

    it('replaces a file written twice, and removes a whole backup (removing it again is fine)', async () => {
      await store.putFile(a, 'secret', local('s1', 'one'));
      await store.putFile(a, 'secret', local('s2', 'two'));
      expect((await read(a, 'secret'))?.toString()).toBe('two');
      await store.putFile(a, MANIFEST_FILE, local('m', '{}'));
      await store.remove(a);
      await store.remove(a);
      expect(await store.list()).toEqual([]);
      expect(await read(a, 'secret')).toBeNull();
    });

    it('refuses ids and file names that could leave the backup, before touching storage', async () => {
      const file = local('f', 'x');
      for (const id of ['..', '../x', 'latest', '2026-01-01', `${a}/..`, '']) {
        await expect(store.putFile(id, 'secret', file)).rejects.toBeInstanceOf(InvalidBackupPath);
        await expect(store.remove(id)).rejects.toBeInstanceOf(InvalidBackupPath);
      }
      for (const name of ['../secret', '/etc/passwd', 'uploads/../../x', 'a//b', '.', 'uploads/..', 'a\\b', '']) {
        await expect(store.putFile(a, name, file)).rejects.toBeInstanceOf(InvalidBackupPath);
        await expect(store.getFile(a, name, path.join(work, 'out'))).rejects.toBeInstanceOf(InvalidBackupPath);
      }
      expect(await store.listIncomplete()).toEqual([]);
    });
  });
}
