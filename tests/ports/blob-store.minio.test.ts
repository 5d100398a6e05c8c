// The S3 adapter against a real MinIO in a container (testcontainers): runs wherever a Docker engine answers,
// and says clearly why it is skipped elsewhere.
import { randomBytes } from 'node:crypto';
import { MinioContainer, type StartedMinioContainer } from '@testcontainers/minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../server/src/adapters/storage/s3-blob-store';
import { MINIO_IMAGE } from '../support/container-images';
import { skippedBecause, whyNoDocker } from '../support/docker';
import { runBlobStoreContract } from './blob-store.case';

const noDocker = await whyNoDocker();

if (noDocker) {
  describe.skip(skippedBecause('BlobStore contract on MinIO', noDocker), () => {
    it('runs on a machine with a Docker engine', () => undefined);
  });
} else {
  describe('BlobStore on MinIO (testcontainers)', () => {
    let minio: StartedMinioContainer;
    beforeAll(async () => {
      minio = await new MinioContainer(MINIO_IMAGE).start();
    }, 300_000);
    afterAll(async () => minio?.stop());

    const store = (bucket = `t-${randomBytes(6).toString('hex')}`) =>
      new S3BlobStore({
        endpoint: minio.getConnectionUrl(),
        bucket,
        accessKey: minio.getUsername(),
        secretKey: minio.getPassword(),
        region: 'us-east-1',
      });

    runBlobStoreContract('S3BlobStore on MinIO', async () => ({ store: store(), cleanup: async () => undefined }));

    it('several instances create one bucket at once', async () => {
      const bucket = `t-${randomBytes(6).toString('hex')}`;
      const stores = Array.from({ length: 4 }, () => store(bucket));
      await Promise.all(stores.map((s) => s.init()));
      await stores[0]!.put('shared.png', Buffer.from('png'), 'image/png');
      expect(await stores[2]!.get('shared.png')).toEqual({ body: Buffer.from('png'), contentType: 'image/png' });
    });
  });
}
