// The S3 backup store against a real S3 protocol server (s3rver) on loopback, a bucket per test.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { S3BackupStore } from '../../server/src/adapters/backup/s3-backup-store';
import { startS3rver, type RunningS3 } from '../support/s3-server';
import { runBackupStoreContract } from './backup-store.case';

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

runBackupStoreContract('S3BackupStore on s3rver', async () => ({
  store: new S3BackupStore({
    endpoint: s3.endpoint,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: 'us-east-1',
    bucket: `b-${randomBytes(6).toString('hex')}`,
  }),
  cleanup: async () => undefined,
}));
