import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSafeBlobKey } from '../../server/src/adapters/storage/blob-keys';
import { FsBlobStore } from '../../server/src/adapters/storage/fs-blob-store';
import { AppError } from '../../server/src/contract/errors';
import { runBlobStoreContract, UNSAFE_BLOB_KEYS } from './blob-store.case';

runBlobStoreContract('FsBlobStore', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'blob-store-fs-'));
  // A folder that does not exist yet: init() must create it.
  const store = new FsBlobStore(path.join(root, 'media', 'blobs'));
  return { store, cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('FsBlobStore specifics', () => {
  let root: string;
  let dir: string;
  let store: FsBlobStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'blob-store-fs-'));
    dir = path.join(root, 'blobs');
    store = new FsBlobStore(dir);
    await store.init();
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const isBadInput = (err: unknown) => err instanceof AppError && err.kind === 'BAD_INPUT';

  it('init creates the folder', async () => {
    expect((await stat(dir)).isDirectory()).toBe(true);
  });

  it('stores a blob as a plain file named by its key, with no temp files left over', async () => {
    await store.put('abc.png', Buffer.from('png bytes'), 'image/png');
    expect(await readdir(dir)).toEqual(['abc.png']);
  });

  it('derives the content type from the extension', async () => {
    await writeFile(path.join(dir, 'placed.jpg'), 'jpeg bytes');
    expect(await store.get('placed.jpg')).toEqual({ body: Buffer.from('jpeg bytes'), contentType: 'image/jpeg' });
  });

  it.each(['photo.gif', 'photo.svg', 'photo.txt', 'photo.jpeg', 'photo.PNG', 'photo', 'photo.png.html'])(
    'rejects the key %s (only .jpg and .png)',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toSatisfy(isBadInput);
      await expect(store.get(key)).rejects.toSatisfy(isBadInput);
      await expect(store.delete(key)).rejects.toSatisfy(isBadInput);
      expect(await readdir(dir)).toEqual([]);
    },
  );

  it('rejects a content type that does not match the extension', async () => {
    await expect(store.put('a.png', Buffer.from('x'), 'image/jpeg')).rejects.toSatisfy(isBadInput);
    await expect(store.put('a.jpg', Buffer.from('x'), 'text/html')).rejects.toSatisfy(isBadInput);
    expect(await readdir(dir)).toEqual([]);
  });

  it('never writes outside its folder for unsafe keys', async () => {
    for (const key of UNSAFE_BLOB_KEYS) {
      await expect(store.put(key, Buffer.from('evil'), 'image/png')).rejects.toSatisfy(isBadInput);
    }
    expect(await readdir(dir)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['blobs']);
  });

  it('does not read files outside its folder', async () => {
    await writeFile(path.join(root, 'secret.png'), 'secret');
    await expect(store.get('../secret.png')).rejects.toSatisfy(isBadInput);
    await expect(store.delete('../secret.png')).rejects.toSatisfy(isBadInput);
    expect((await stat(path.join(root, 'secret.png'))).isFile()).toBe(true);
  });

  it('get returns null before the folder exists', async () => {
    const fresh = new FsBlobStore(path.join(root, 'not-yet'));
    expect(await fresh.get('a.png')).toBeNull();
    await expect(fresh.delete('a.png')).resolves.toBeUndefined();
  });

  it('concurrent writes to one key leave one complete version and no temp files', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
    await Promise.all(versions.map((body) => store.put('race.jpg', body, 'image/jpeg')));
    const got = await store.get('race.jpg');
    expect(versions.some((v) => v.equals(got!.body))).toBe(true);
    expect(await readdir(dir)).toEqual(['race.jpg']);
  });

  it('publicUrl is null (the media route serves the files)', () => {
    expect(store.publicUrl('abc.png')).toBeNull();
  });

  it('isSafeBlobKey accepts generated names and refuses unsafe ones', () => {
    expect(isSafeBlobKey('0f3a9c2b7d.jpg')).toBe(true);
    expect(isSafeBlobKey(`${'a'.repeat(124)}.png`)).toBe(true); // 128 characters
    for (const key of UNSAFE_BLOB_KEYS) expect(isSafeBlobKey(key)).toBe(false);
  });
});
