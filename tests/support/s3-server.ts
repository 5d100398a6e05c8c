// A real S3 protocol server (s3rver) on a loopback port, over a temp folder: the S3 adapter's test double.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts only this key pair. */
export const S3RVER_KEY = 'S3RVER';

export interface RunningS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

export async function startS3rver(): Promise<RunningS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
