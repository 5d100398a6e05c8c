// POST /uploads/photo and uploads.usage (issue #12, docs/decisions/0016-photos.md): sizes made and served,
// orientation applied, errors as {error: {message}} with a 4xx, the quota.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradientJpeg } from '../support/photo-fixtures';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

function form(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return f;
}

async function uploadPhoto(client: TestClient, bytes: Buffer, filename?: string, type?: string) {
  return client.post('/uploads/photo', form(bytes, filename, type));
}

async function media(name: string) {
  const res = await t.app.request(`http://localhost/media/${name}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /uploads/photo', () => {
  it('stores the photo and its 480, 960 and 1600 px sizes as WebP and JPEG, served from /media', async () => {
    const { client } = await signedInPerson(t);
    const res = await uploadPhoto(client, await gradientJpeg(2000, 1000));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 2000, height: 1000, quota_bytes: 1_000_000_000 });
    expect(res.body.name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(res.body.bytes).toBeGreaterThan(0);
    const stem = res.body.name.slice(0, 32);
    let sizesBytes = 0;
    for (const width of [480, 960, 1600]) {
      const webp = await media(`${stem}-${width}.webp`);
      expect(webp.status).toBe(200);
      expect(webp.type).toBe('image/webp');
      expect((await sharp(webp.bytes).metadata()).width).toBe(width);
      const jpg = await media(`${stem}-${width}.jpg`);
      expect(jpg.type).toBe('image/jpeg');
      const meta = await sharp(jpg.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([width, width / 2]);
      sizesBytes += webp.bytes.length + jpg.bytes.length;
    }
    // Quota counts the original and every size.
    expect(res.body.used_bytes).toBe(res.body.bytes + sizesBytes);
    const usage = await client.get('/trpc/uploads.usage');
    expect(usage.body.result.data).toEqual({ used_bytes: res.body.used_bytes, quota_bytes: 1_000_000_000, photos: 1 });
  });

  it('serves only names of originals and their sizes', async () => {
    const { client } = await signedInPerson(t);
    const res = await uploadPhoto(client, await gradientJpeg(700, 500));
    const stem = res.body.name.slice(0, 32);
    expect((await media(`${stem}-480.webp`)).status).toBe(200);
    for (const bad of [
      `${stem}-481.webp`,
      `${stem}-480.png`,
      `${stem}-480.webp.jpg`,
      `${stem}.webp`,
      `${stem.toUpperCase()}-480.jpg`,
      `x${stem}-480.jpg`,
    ]) {
      expect((await media(bad)).status, bad).toBe(404);
    }
  });

  it('makes only the sizes narrower than the photo', async () => {
    const { client } = await signedInPerson(t);
    const res = await uploadPhoto(client, await gradientJpeg(1000, 800));
    expect(res.status).toBe(201);
    const stem = res.body.name.slice(0, 32);
    expect((await media(`${stem}-480.webp`)).status).toBe(200);
    expect((await media(`${stem}-960.jpg`)).status).toBe(200);
    // A size never made leads to the original, the nearest image there is (ADR 0016, "Sizes by name").
    for (const missing of [`${stem}-1600.webp`, `${stem}-1600.jpg`]) {
      const r = await t.app.request(`http://localhost/media/${missing}`);
      expect(r.status, missing).toBe(302);
      expect(r.headers.get('location')).toBe(`/media/${res.body.name}`);
    }
  });

  it('redirects every size of a picture narrower than 480 px to the original, and 404s an unknown stem', async () => {
    const { client } = await signedInPerson(t);
    const res = await uploadPhoto(client, await gradientJpeg(300, 300));
    expect(res.status).toBe(201);
    const stem = res.body.name.slice(0, 32);
    for (const width of [480, 960, 1600]) {
      for (const ext of ['webp', 'jpg']) {
        const r = await t.app.request(`http://localhost/media/${stem}-${width}.${ext}`);
        expect(r.status).toBe(302);
        expect(r.headers.get('location')).toBe(`/media/${res.body.name}`);
        expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
      }
    }
    const followed = await media(res.body.name);
    expect(followed.status).toBe(200);
    expect((await sharp(followed.bytes).metadata()).width).toBe(300);
    expect((await media(`${'0'.repeat(32)}-960.webp`)).status).toBe(404);
  });

  it('turns a photo upright by its EXIF orientation before the metadata is dropped', async () => {
    const { client } = await signedInPerson(t);
    // Stored 1200x600 with orientation 6 (rotate 90° clockwise to view): upright it is 600 wide, 1200 high.
    const rotated = await gradientJpeg(1200, 600, { orientation: 6 });
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const res = await uploadPhoto(client, rotated);
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([600, 1200]);
    const original = await media(res.body.name);
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([600, 1200, undefined, undefined]);
    // Rotated clockwise, the red left edge is now the top: the top row is red, the bottom row blue.
    const { data } = await sharp(original.bytes).raw().toBuffer({ resolveWithObject: true });
    const top = [data[300 * 3]!, data[300 * 3 + 2]!];
    const bottomStart = (1199 * 600 + 300) * 3;
    const bottom = [data[bottomStart]!, data[bottomStart + 2]!];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[1]).toBeLessThan(60);
    expect(bottom[0]).toBeLessThan(60);
    expect(bottom[1]).toBeGreaterThan(200);
    // Its sizes are upright too.
    const size = await media(`${res.body.name.slice(0, 32)}-480.jpg`);
    expect((await sharp(size.bytes).metadata()).height).toBe(960);
  });

  it('answers each refusal with a 4xx and one sentence in {error: {message}}', async () => {
    const { client } = await signedInPerson(t);
    const signedOut = await uploadPhoto(t.client(), await gradientJpeg(10, 10));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ error: { message: 'Please sign in again to add photos.' } });

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const wrongType = await uploadPhoto(client, gif, 'a.gif', 'image/gif');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual({ error: { message: 'Only JPEG and PNG images are accepted.' } });

    const truncated = (await gradientJpeg(200, 200)).subarray(0, 400);
    const unreadable = await uploadPhoto(client, truncated);
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.message).toMatch(/could not be read/);

    // An iPhone photo: an ISO-BMFF box with the HEIC brand, which this build's sharp cannot decode.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    const heicRes = await uploadPhoto(client, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(heicRes.status).toBe(400);
    expect(heicRes.body.error.message).toBe(
      'Photos in HEIC format cannot be read yet. On an iPhone, choose Most Compatible in Settings > Camera > Formats, or share the photo as JPEG.',
    );

    const noFile = await client.post('/uploads/photo', new FormData());
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toBe('Choose a photo (JPEG or PNG) to upload.');

    const tooLarge = await uploadPhoto(client, Buffer.alloc(12 * 1024 * 1024, 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toMatch(/larger than 10 MB/);

    const usage = await client.get('/trpc/uploads.usage');
    expect(usage.body.result.data.photos).toBe(0);
  });

  it('refuses a photo that would pass the quota with a 413 saying what is used, and stores nothing', async () => {
    const small = await makeTestApp({ env: { PHOTO_QUOTA_BYTES: '2000000' } });
    try {
      const { client } = await signedInPerson(small);
      const noisy = await sharp({
        create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      const first = await client.post('/uploads/photo', form(noisy));
      expect(first.status).toBe(201);
      expect(first.body.quota_bytes).toBe(2_000_000);
      let refused = await client.post('/uploads/photo', form(noisy));
      for (let i = 0; refused.status === 201 && i < 10; i++) refused = await client.post('/uploads/photo', form(noisy));
      expect(refused.status).toBe(413);
      expect(refused.body.error.message).toMatch(
        /^This photo would take you past your 2 MB of space \(\d+ (KB|MB) used\)\. Remove some photos first\.$/,
      );
      const usage = (await client.get('/trpc/uploads.usage')).body.result.data;
      expect(usage.used_bytes).toBeLessThanOrEqual(2_000_000);
      const rows = await small.deps.db.selectFrom('uploads').select(sql`sum(bytes + sizes_bytes)`.as('used')).executeTakeFirstOrThrow();
      expect(Number(rows.used)).toBe(usage.used_bytes);
    } finally {
      await small.close();
    }
  });

  it('answers a store failure with a logged 500 and keeps no row or file', async () => {
    const { FsBlobStore } = await import('../../server/src/adapters/storage/fs-blob-store');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-broken-store-'));
    const store = new FsBlobStore(dir);
    let puts = 0;
    const broken = Object.assign(Object.create(store), {
      put: async (key: string, body: Buffer, type: string) => {
        if (++puts === 3) throw new Error('disk full');
        return store.put(key, body, type);
      },
    });
    const failing = await makeTestApp({ blobs: broken });
    try {
      const { client } = await signedInPerson(failing);
      const res = await uploadPhoto(client, await gradientJpeg(1000, 700));
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('An unexpected error occurred.');
      expect(failing.logs.join('\n')).toContain('disk full');
      expect(await failing.deps.db.selectFrom('uploads').select('name').execute()).toEqual([]);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      await failing.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uploads.usage needs a session', async () => {
    const res = await t.client().get('/trpc/uploads.usage');
    expect(res.status).toBe(401);
  });
});
