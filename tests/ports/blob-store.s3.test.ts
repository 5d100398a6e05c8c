// The S3 adapter against a real S3 protocol server (s3rver) on loopback: the shared contract, then what only
// an S3 store has (bucket creation, regions, public URLs, start-up failures).
import { randomBytes } from 'node:crypto';
import { Client } from 'minio';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3BlobStore, type S3BlobStoreOptions } from '../../server/src/adapters/storage/s3-blob-store';
import { closedLoopbackPort } from '../support/closed-port';
import { startS3rver, type RunningS3 } from '../support/s3-server';
import { runBlobStoreContract } from './blob-store.case';

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

const bucketName = () => `t-${randomBytes(6).toString('hex')}`;
const options = (extra: Partial<S3BlobStoreOptions> = {}): S3BlobStoreOptions => ({
  endpoint: s3.endpoint,
  bucket: bucketName(),
  accessKey: s3.accessKey,
  secretKey: s3.secretKey,
  region: 'us-east-1',
  ...extra,
});

// A bucket of its own per test, created by init() (the case calls it).
runBlobStoreContract('S3BlobStore on s3rver', async () => ({ store: new S3BlobStore(options()), cleanup: async () => undefined }));

describe('S3BlobStore specifics (s3rver)', () => {
  afterEach(() => vi.restoreAllMocks());

  const rawClient = () =>
    new Client({
      endPoint: '127.0.0.1',
      port: Number(new URL(s3.endpoint).port),
      useSSL: false,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
    });

  it('creates a missing bucket, in the configured region, and leaves an existing one alone', async () => {
    const makeBucket = vi.spyOn(Client.prototype, 'makeBucket');
    const opts = options({ region: 'eu-central-1' });
    const store = new S3BlobStore(opts);
    await store.init();
    expect(await rawClient().bucketExists(opts.bucket)).toBe(true);
    expect(makeBucket).toHaveBeenCalledWith(opts.bucket, 'eu-central-1');
    await store.put('a.png', Buffer.from('x'), 'image/png');
    makeBucket.mockClear();
    const again = new S3BlobStore(opts);
    await again.init();
    expect(makeBucket).not.toHaveBeenCalled();
    expect((await again.get('a.png'))?.body.toString()).toBe('x');
  });

  it('survives several instances creating the same bucket at once', async () => {
    const opts = options();
    const stores = Array.from({ length: 4 }, () => new S3BlobStore(opts));
    await Promise.all(stores.map((s) => s.init()));
    await stores[0]!.put('shared.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect((await stores[3]!.get('shared.jpg'))?.body.toString()).toBe('jpeg');
  });

  it('stores the content type on the object itself', async () => {
    const opts = options();
    const store = new S3BlobStore(opts);
    await store.init();
    await store.put('photo.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    const stat = await rawClient().statObject(opts.bucket, 'photo.jpg');
    expect(stat.metaData['content-type']).toBe('image/jpeg');
  });

  it('refuses a content type that does not match the extension, storing nothing', async () => {
    const opts = options();
    const store = new S3BlobStore(opts);
    await store.init();
    await expect(store.put('a.png', Buffer.from('x'), 'text/html')).rejects.toMatchObject({ kind: 'BAD_INPUT' });
    expect(await store.get('a.png')).toBeNull();
  });

  it('has no public URL by default: the media route serves the files', () => {
    expect(new S3BlobStore(options()).publicUrl('0f3a.png')).toBeNull();
  });

  it('gives public URLs under a configured base', () => {
    const store = new S3BlobStore(options({ publicBaseUrl: 'https://media.example.com/life-story/' }));
    expect(store.publicUrl('0f3a9c.png')).toBe('https://media.example.com/life-story/0f3a9c.png');
    expect(() => store.publicUrl('../x.png')).toThrow();
  });

  it('says which store failed and why when the keys are wrong', async () => {
    const store = new S3BlobStore(options({ accessKey: 'nobody', secretKey: 'wrong' }));
    await expect(store.init()).rejects.toThrow(
      new RegExp(`S3 store at ${s3.endpoint} \\(bucket t-[0-9a-f]+\\): (AccessDenied|InvalidAccessKeyId)`),
    );
  });

  it('says so when nothing answers at the endpoint', async () => {
    const store = new S3BlobStore(options({ endpoint: `http://127.0.0.1:${await closedLoopbackPort()}` }));
    await expect(store.init()).rejects.toThrow(/ECONNREFUSED/);
  });
});
