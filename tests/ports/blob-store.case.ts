import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../server/src/contract/errors';
import type { BlobStore } from '../../server/src/ports/blob-store';
import type { CoreDeps } from '../../server/src/core/shared/core-deps';
import { deleteBlobs } from '../../server/src/core/uploads/owned-upload';
import { makeSizes } from '../../server/src/core/uploads/photo-sizes';
import { gradientJpeg } from '../support/photo-fixtures';

/**
 * The behaviour every BlobStore adapter must share. `make` returns a store (initialised or not — the case
 * calls `init()` itself) over empty or private storage, and a `cleanup` that removes whatever it created.
 * A fresh store is made for every test; keys are random per test as well, so a shared bucket also works.
 *
 * Keys used here are bare `.jpg` / `.png` file names with the matching content type, which is all the
 * server ever stores (see process-image.ts).
 */

/** Keys that every adapter refuses with AppError('BAD_INPUT') before touching storage. */
export const UNSAFE_BLOB_KEYS: readonly string[] = [
  '../x.png',
  'a/b.png',
  '',
  `${'a'.repeat(300)}.png`,
  `${'a'.repeat(125)}.png`, // 129 characters: one over the limit
  '..',
  '..png',
  'a..b.png',
  '.hidden.png',
  '/etc/passwd.png',
  'a\\b.png',
  'x.png\0',
  ' x.png',
  'x y.png',
  'ü.png',
];

function expectBadInput(promise: Promise<unknown>) {
  return expect(promise).rejects.toSatisfy((err: unknown) => err instanceof AppError && err.kind === 'BAD_INPUT');
}

export function runBlobStoreContract(adapterName: string, make: () => Promise<{ store: BlobStore; cleanup: () => Promise<void> }>): void {
  describe(`BlobStore contract: ${adapterName}`, () => {
    let store: BlobStore;
    let cleanup: () => Promise<void>;
    let prefix: string;

    const key = (name: string) => `${prefix}-${name}`;

    beforeEach(async () => {
      ({ store, cleanup } = await make());
      await store.init();
      prefix = `t${randomBytes(6).toString('hex')}`;
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('init', () => {
      it('can be called again without harm', async () => {
        await store.init();
        await store.put(key('a.png'), Buffer.from('one'), 'image/png');
        await store.init();
        const got = await store.get(key('a.png'));
        expect(got?.body.toString()).toBe('one');
      });

      it('has a name', () => {
        expect(typeof store.name).toBe('string');
        expect(store.name.length).toBeGreaterThan(0);
      });
    });

    describe('put and get', () => {
      it('round-trips the bytes and content type of a PNG', async () => {
        const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
        await store.put(key('image.png'), body, 'image/png');
        const got = await store.get(key('image.png'));
        expect(got).not.toBeNull();
        expect(Buffer.isBuffer(got!.body)).toBe(true);
        expect(got!.body.equals(body)).toBe(true);
        expect(got!.contentType).toBe('image/png');
      });

      it('round-trips the bytes and content type of a JPEG', async () => {
        const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]);
        await store.put(key('photo.jpg'), body, 'image/jpeg');
        const got = await store.get(key('photo.jpg'));
        expect(got!.body.equals(body)).toBe(true);
        expect(got!.contentType).toBe('image/jpeg');
      });

      it('keeps blobs under different keys apart', async () => {
        await store.put(key('a.png'), Buffer.from('aaa'), 'image/png');
        await store.put(key('b.png'), Buffer.from('bbbbbb'), 'image/png');
        expect((await store.get(key('a.png')))!.body.toString()).toBe('aaa');
        expect((await store.get(key('b.png')))!.body.toString()).toBe('bbbbbb');
      });

      it('overwrites an existing key with the new bytes only', async () => {
        await store.put(key('over.jpg'), Buffer.from('a much longer first version'), 'image/jpeg');
        await store.put(key('over.jpg'), Buffer.from('short'), 'image/jpeg');
        const got = await store.get(key('over.jpg'));
        expect(got!.body.toString()).toBe('short');
        expect(got!.contentType).toBe('image/jpeg');
      });

      it('keeps 1 MB of random binary data intact', async () => {
        const body = randomBytes(1024 * 1024);
        await store.put(key('random.png'), body, 'image/png');
        const got = await store.get(key('random.png'));
        expect(got!.body.length).toBe(body.length);
        expect(got!.body.equals(body)).toBe(true);
      });

      it('stores an empty blob', async () => {
        await store.put(key('empty.png'), Buffer.alloc(0), 'image/png');
        const got = await store.get(key('empty.png'));
        expect(got).not.toBeNull();
        expect(got!.body.length).toBe(0);
      });

      it('returns null for a key that was never stored', async () => {
        expect(await store.get(key('missing.png'))).toBeNull();
      });
    });

    describe('delete', () => {
      it('removes the blob so get returns null', async () => {
        await store.put(key('gone.jpg'), Buffer.from('bye'), 'image/jpeg');
        await store.delete(key('gone.jpg'));
        expect(await store.get(key('gone.jpg'))).toBeNull();
      });

      it('leaves other blobs alone', async () => {
        await store.put(key('keep.png'), Buffer.from('keep'), 'image/png');
        await store.put(key('drop.png'), Buffer.from('drop'), 'image/png');
        await store.delete(key('drop.png'));
        expect((await store.get(key('keep.png')))!.body.toString()).toBe('keep');
      });

      it('ignores a missing key', async () => {
        await expect(store.delete(key('never.png'))).resolves.toBeUndefined();
      });

      it('can be repeated', async () => {
        await store.put(key('twice.png'), Buffer.from('x'), 'image/png');
        await store.delete(key('twice.png'));
        await expect(store.delete(key('twice.png'))).resolves.toBeUndefined();
      });

      it('allows the key to be stored again afterwards', async () => {
        await store.put(key('again.png'), Buffer.from('first'), 'image/png');
        await store.delete(key('again.png'));
        await store.put(key('again.png'), Buffer.from('second'), 'image/png');
        expect((await store.get(key('again.png')))!.body.toString()).toBe('second');
      });
    });

    describe('unsafe keys', () => {
      it.each(UNSAFE_BLOB_KEYS.map((k) => [JSON.stringify(k).slice(0, 40), k]))(
        'rejects %s in put, get and delete with BAD_INPUT',
        async (_label, unsafe) => {
          await expectBadInput(store.put(unsafe, Buffer.from('evil'), 'image/png'));
          await expectBadInput(store.get(unsafe));
          await expectBadInput(store.delete(unsafe));
        },
      );

      it('stores nothing when a put is rejected', async () => {
        // '../<key>' and 'sub/<key>' must not land under '<key>' (or anywhere else reachable by a safe key).
        await expectBadInput(store.put(`../${key('x.png')}`, Buffer.from('evil'), 'image/png'));
        await expectBadInput(store.put(`sub/${key('x.png')}`, Buffer.from('evil'), 'image/png'));
        expect(await store.get(key('x.png'))).toBeNull();
      });
    });

    describe('publicUrl', () => {
      it('returns a string or null', () => {
        const url = store.publicUrl(key('photo.jpg'));
        expect(url === null || typeof url === 'string').toBe(true);
      });
    });

    describe('photo sizes (docs/decisions/0016-photos.md)', () => {
      it('stores an upload with its WebP and JPEG sizes next to it, and deleteBlobs removes them all', async () => {
        const sharp = (await import('sharp')).default;
        const original = await gradientJpeg(1700, 1000);
        const stem = randomBytes(16).toString('hex');
        const name = `${stem}.jpg`;
        const sizes = await makeSizes(sharp, original, stem, 1700);
        expect(sizes.widths).toEqual([480, 960, 1600]);
        await store.put(name, original, 'image/jpeg');
        for (const f of sizes.files) await store.put(f.name, f.body, f.contentType);
        for (const width of [480, 960, 1600]) {
          const webp = await store.get(`${stem}-${width}.webp`);
          expect(webp?.contentType).toBe('image/webp');
          expect((await sharp(webp!.body).metadata()).width).toBe(width);
          const jpg = await store.get(`${stem}-${width}.jpg`);
          expect(jpg?.contentType).toBe('image/jpeg');
          expect((await sharp(jpg!.body).metadata()).format).toBe('jpeg');
        }
        await deleteBlobs({ blobs: store } as unknown as CoreDeps, [name]);
        expect(await store.get(name)).toBeNull();
        for (const f of sizes.files) expect(await store.get(f.name)).toBeNull();
      });
    });
  });
}
