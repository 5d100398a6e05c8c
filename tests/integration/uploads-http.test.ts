// Uploads through /api/upload: content checks, metadata stripping, ownership, and file removal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeUnusedUploads } from '../../server/src/core/uploads/purge-unused-uploads';
import { DAY, FakeClock } from '../support/fake-clock';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

async function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .withExif({
      IFD0: { Make: 'SecretCam', Copyright: 'GPS-SECRET-48.8584N' },
      IFD3: { GPSMapDatum: 'WGS-84-SECRET', GPSDateStamp: '2024:01:02' },
    })
    .toBuffer();
}

function form(bytes: Buffer, filename: string, type: string, field = 'file') {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return f;
}

async function upload(client: TestClient, bytes: Buffer, filename = 'me.png', type = 'image/png') {
  return client.post('/api/upload', form(bytes, filename, type));
}

describe('POST /api/upload', () => {
  it('needs a session', async () => {
    const res = await upload(t.client(), await pngWithGps());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Access denied, no token provided.');
  });

  it('stores a re-encoded copy without metadata under a random name, served with nosniff and a long cache', async () => {
    const { client } = await signedInPerson(t);
    const res = await upload(client, await pngWithGps(), '../../etc/passwd.png');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatch(/^[a-f0-9]{32}\.png$/);
    for (const base of ['/public/uploads/', '/media/']) {
      const got = await t.app.request(`http://localhost${base}${res.body.data}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await got.arrayBuffer());
      expect(bytes.includes('GPS-SECRET')).toBe(false);
      expect(bytes.includes('WGS-84-SECRET')).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([64, 48]);
    }
  });

  it('refuses a text file renamed to .png, an SVG and an oversized image with clear messages', async () => {
    const { client } = await signedInPerson(t);
    const text = await upload(client, Buffer.from('just some text, honestly'), 'fake.png');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Only JPEG and PNG images are accepted.');
    const svg = await upload(
      client,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    );
    expect(svg.status).toBe(415);
    const big = await upload(client, Buffer.alloc(10 * 1024 * 1024 + 1, 0x89), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than 10 MB/);
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const pixels = await upload(client, huge, 'huge.png');
    expect(pixels.status).toBe(413);
    expect(pixels.body.message).toBe('The image is larger than 40 megapixels.');
  });

  it('refuses a request without the file field', async () => {
    const { client } = await signedInPerson(t);
    const res = await client.post('/api/upload', form(await pngWithGps(), 'a.png', 'image/png', 'image'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a JPEG or PNG image to upload.');
    const notMultipart = await client.post('/api/upload', { file: 'nope' });
    expect(notMultipart.status).toBe(400);
  });
});

describe('pictures and banners', () => {
  it('accept only the caller’s own uploads and remove replaced files', async () => {
    const me = await signedInPerson(t);
    const other = await signedInPerson(t);
    const first = (await upload(me.client, await pngWithGps())).body.data as string;
    const second = (await upload(me.client, await pngWithGps())).body.data as string;

    expect((await other.client.post('/api/users/upload', { image: first })).status).toBe(404);
    expect((await me.client.post('/api/users/upload', { image: 'nope.png' })).status).toBe(404);
    expect((await me.client.post('/api/users/upload', {})).status).toBe(400); // the old server cleared the picture

    expect((await me.client.post('/api/users/upload', { image: first })).status).toBe(200);
    expect((await me.client.get('/api/users/profile')).body.data.image).toBe(first);
    expect((await me.client.post('/api/users/upload', { image: second })).status).toBe(200);
    expect((await t.app.request(`http://localhost/media/${first}`)).status).toBe(404);

    expect((await me.client.delete('/api/users/upload/delete')).status).toBe(200);
    expect((await me.client.get('/api/users/profile')).body.data.image).toBeNull();
    expect((await t.app.request(`http://localhost/media/${second}`)).status).toBe(404);
  });

  it('a banner needs a story, and goes with the story', async () => {
    const me = await signedInPerson(t);
    const name = (await upload(me.client, await pngWithGps())).body.data as string;
    const early = await me.client.post('/api/stories/upload', { image: name });
    expect(early.status).toBe(404);
    expect(early.body.message).toBe('You must create a story first.');

    await me.client.post('/api/stories/save', { title: 'Mine', text: storyHtml(1) });
    expect((await me.client.post('/api/stories/upload', { image: name })).status).toBe(200);
    const story = await me.client.post('/api/stories/story', { username: me.username });
    expect(story.body.data.story_image).toBe(name);

    expect((await me.client.delete('/api/stories/delete', { story_username: me.username })).status).toBe(200);
    expect((await t.app.request(`http://localhost/media/${name}`)).status).toBe(404);
  });

  it('deleting the account deletes its files', async () => {
    const me = await signedInPerson(t);
    const name = (await upload(me.client, await pngWithGps())).body.data as string;
    await me.client.post('/api/users/upload', { image: name });
    expect((await me.client.delete('/api/users/delete')).status).toBe(200);
    expect((await t.app.request(`http://localhost/media/${name}`)).status).toBe(404);
    expect(await t.deps.blobs.get(name)).toBeNull();
  });

  it('media names that we never generate are 404 without touching the store', async () => {
    for (const bad of ['..%2F..%2Fsecret', 'x.svg', 'ABC.png', 'a'.repeat(200)]) {
      expect((await t.app.request(`http://localhost/media/${bad}`)).status).toBe(404);
    }
  });
});

/** A fresh app on a clock the test moves; closed afterwards. */
async function onClockedApp(run: (app: TestApp, clock: FakeClock) => Promise<void>): Promise<void> {
  const clock = new FakeClock();
  const app = await makeTestApp({ clock });
  try {
    await run(app, clock);
  } finally {
    await app.close();
  }
}

/** Uploads a PNG and returns its generated name. */
const uploaded = async (client: TestClient) => (await upload(client, await pngWithGps())).body.data as string;

describe('unused uploads', () => {
  it('are removed after a day, while attached ones stay', async () => {
    await onClockedApp(async (app, clock) => {
      const me = await signedInPerson(app);
      const kept = await uploaded(me.client);
      const abandoned = await uploaded(me.client);
      await me.client.post('/api/users/upload', { image: kept });
      expect(await purgeUnusedUploads(app.deps)).toBe(0); // too young
      clock.advance(DAY + 1);
      expect(await purgeUnusedUploads(app.deps)).toBe(1);
      expect(await app.deps.blobs.get(abandoned)).toBeNull();
      expect(await app.deps.blobs.get(kept)).not.toBeNull();
    });
  });

  it('an upload shown in its owner’s story stays through a picture change and the purge, and while a revision shows it', async () => {
    await onClockedApp(async (app, clock) => {
      const me = await signedInPerson(app);
      const first = await uploaded(me.client);
      await me.client.post('/api/users/upload', { image: first });
      const withPicture = `<p>My first picture:</p><p><img src="/media/${first}" alt="Me at twenty"></p>`;
      expect((await me.client.post('/api/stories/save', { title: 'Pictures', text: withPicture })).status).toBe(201);

      // A new picture: the old one is no longer the picture, but the story shows it.
      const second = await uploaded(me.client);
      await me.client.post('/api/users/upload', { image: second });
      clock.advance(DAY + 1);
      expect(await purgeUnusedUploads(app.deps)).toBe(0);
      expect((await app.app.request(`http://localhost/media/${first}`)).status).toBe(200);

      // The story no longer shows it, but the revision it was published in does (it can be restored): kept
      // (docs/decisions/0016-photos.md). Deleting the account removes it.
      expect((await me.client.post('/api/stories/save', { title: 'Pictures', text: '<p>No pictures now.</p>' })).status).toBe(201);
      expect(await purgeUnusedUploads(app.deps)).toBe(0);
      expect(await app.deps.blobs.get(first)).not.toBeNull();
      expect((await me.client.post('/trpc/accounts.deleteAccount', { current_password: me.password })).status).toBe(200);
      expect(await app.deps.blobs.get(first)).toBeNull();
      expect(await app.deps.blobs.get(second)).toBeNull();
    });
  });

  it('someone else’s story showing my picture does not keep it once I replace it', async () => {
    await onClockedApp(async (app) => {
      const me = await signedInPerson(app);
      const other = await signedInPerson(app);
      const mine = await uploaded(me.client);
      await me.client.post('/api/users/upload', { image: mine });
      const copied = `<p><img src="/media/${mine}" alt="Someone I met"></p>`;
      expect((await other.client.post('/api/stories/save', { title: 'Copied', text: copied })).status).toBe(201);
      const next = await uploaded(me.client);
      await me.client.post('/api/users/upload', { image: next });
      expect(await app.deps.blobs.get(mine)).toBeNull();
    });
  });

  it('the purge reaches every unused upload however many in use come before it', async () => {
    await onClockedApp(async (app, clock) => {
      const people = [await signedInPerson(app), await signedInPerson(app), await signedInPerson(app)];
      const inUse: string[] = [];
      for (const p of people) {
        const name = await uploaded(p.client);
        await p.client.post('/api/users/upload', { image: name });
        inUse.push(name);
      }
      const unused = [await uploaded(people[0]!.client), await uploaded(people[1]!.client)];
      clock.advance(DAY + 1);
      // One upload per page: whatever the names' order, every page is looked at.
      expect(await purgeUnusedUploads(app.deps, 1)).toBe(2);
      for (const name of unused) expect(await app.deps.blobs.get(name)).toBeNull();
      for (const name of inUse) expect(await app.deps.blobs.get(name)).not.toBeNull();
    });
  });
});

describe('UPLOADS_DIR', () => {
  // The original client serves /public/uploads/<name> from its own public/uploads folder: an operator points us there.
  it('puts uploaded files in the folder it names instead of DATA_DIR/uploads, and serves them from there', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-client-public-'));
    const uploadsDir = path.join(folder, 'public', 'uploads');
    const app = await makeTestApp({ env: { UPLOADS_DIR: uploadsDir } });
    try {
      expect(app.config.uploadsDir).toBe(uploadsDir);
      const { client } = await signedInPerson(app);
      const res = await upload(client, await pngWithGps());
      expect(res.status).toBe(201);
      expect(fs.readdirSync(uploadsDir)).toEqual([res.body.data]);
      expect(fs.existsSync(path.join(app.dataDir, 'uploads'))).toBe(false);
      expect((await app.app.request(`http://localhost/public/uploads/${res.body.data}`)).status).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
