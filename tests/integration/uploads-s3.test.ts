// The app configured for S3 (s3rver on loopback): uploads land in the bucket and are served by the media route,
// or, with MEDIA_PUBLIC_BASE_URL, the media route sends browsers to the public copy.
import { randomBytes } from 'node:crypto';
import { Client } from 'minio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/src/config';
import { closedLoopbackPort } from '../support/closed-port';
import { startS3rver, type RunningS3 } from '../support/s3-server';
import { makeTestApp, signedInPerson } from '../support/test-app';

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

const s3Env = (extra: Record<string, string> = {}) => ({
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: `t-${randomBytes(6).toString('hex')}`,
  S3_ACCESS_KEY: s3.accessKey,
  S3_SECRET_KEY: s3.secretKey,
  ...extra,
});

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 10, channels: 3, background: '#a53' } })
    .png()
    .toBuffer();
}

async function upload(client: { post: (url: string, body: unknown) => Promise<{ status: number; body: { data: string } }> }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
  const res = await client.post('/api/upload', form);
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('uploads on S3', () => {
  it('are stored in the bucket and served through /public/uploads and /media', async () => {
    const env = s3Env();
    const t = await makeTestApp({ env });
    try {
      expect(t.deps.blobs.name).toBe('s3');
      const { client } = await signedInPerson(t);
      const name = await upload(client);

      const raw = new Client({
        endPoint: '127.0.0.1',
        port: Number(new URL(s3.endpoint).port),
        useSSL: false,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
      });
      const stat = await raw.statObject(env.S3_BUCKET, name);
      expect(stat.metaData['content-type']).toBe('image/png');

      for (const base of ['/public/uploads/', '/media/']) {
        const res = await t.app.request(`http://localhost${base}${name}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([20, 10]);
      }
      expect((await t.app.request(`http://localhost/media/${'0'.repeat(32)}.png`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('redirect to the public base URL when one is configured', async () => {
    const t = await makeTestApp({ env: s3Env({ MEDIA_PUBLIC_BASE_URL: 'https://media.example.com/pics' }) });
    try {
      const { client } = await signedInPerson(t);
      const name = await upload(client);
      const res = await t.app.request(`http://localhost/public/uploads/${name}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`https://media.example.com/pics/${name}`);
      expect((await t.app.request('http://localhost/media/..%2f..%2fetc%2fpasswd')).status).toBe(404);
      // A size never made (the picture is 20 px wide) goes to the public original (ADR 0016, "Sizes by name").
      const size = await t.app.request(`http://localhost/media/${name.slice(0, 32)}-960.webp`);
      expect(size.status).toBe(302);
      expect(size.headers.get('location')).toBe(`https://media.example.com/pics/${name}`);
      expect((await t.app.request(`http://localhost/media/${'0'.repeat(32)}-960.webp`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuse to start with one clear line when the store cannot be used', async () => {
    const port = await closedLoopbackPort();
    await expect(makeTestApp({ env: s3Env({ S3_ENDPOINT: `http://127.0.0.1:${port}` }) })).rejects.toSatisfy(
      (err: unknown) =>
        err instanceof ConfigError &&
        /^Could not start the file store \(s3\): S3 store at http:\/\/127\.0\.0\.1:\d+ \(bucket t-[0-9a-f]+\): .*ECONNREFUSED/.test(
          err.message,
        ),
    );
    await expect(makeTestApp({ env: s3Env({ S3_ACCESS_KEY: 'nobody' }) })).rejects.toThrow(
      /Could not start the file store \(s3\).*(AccessDenied|InvalidAccessKeyId)/,
    );
  });
});
