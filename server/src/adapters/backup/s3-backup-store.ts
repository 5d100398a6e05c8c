/**
 * Backups in a bucket of their own (S3_BACKUP_BUCKET), never the uploads bucket: that one may be readable by
 * anyone (MEDIA_PUBLIC_BASE_URL), and a backup holds password hashes and the session secret. One object per
 * file, under `<id>/`.
 */
import type * as Minio from 'minio';
import { assertBackupPath, BACKUP_ID, MANIFEST_FILE, type BackupStore } from '../../ports/backup-store';
import { isMissing, makeS3Client, type S3Connection } from '../storage/s3-client';

export interface S3BackupStoreOptions extends S3Connection {
  bucket: string;
}

export class S3BackupStore implements BackupStore {
  readonly name = 's3';
  private made: Promise<Minio.Client> | null = null;

  constructor(private readonly options: S3BackupStoreOptions) {}

  get location(): string {
    return `${this.options.endpoint}/${this.options.bucket}`;
  }

  /** The client, once the bucket exists (created when missing; several processes may race to create it). */
  private client(): Promise<Minio.Client> {
    this.made ??= (async () => {
      const client = await makeS3Client(this.options);
      const { bucket, region } = this.options;
      if (!(await client.bucketExists(bucket))) {
        await client.makeBucket(bucket, region).catch(async (err: unknown) => {
          if (!(await client.bucketExists(bucket).catch(() => false))) throw err;
        });
      }
      return client;
    })().catch((err: unknown) => {
      this.made = null;
      throw err;
    });
    return this.made;
  }

  /** Every object name under `prefix`. */
  private async names(prefix: string): Promise<string[]> {
    const client = await this.client();
    const names: string[] = [];
    for await (const item of client.listObjectsV2(this.options.bucket, prefix, true)) {
      if (item.name) names.push(item.name);
    }
    return names;
  }

  private async ids(complete: boolean): Promise<string[]> {
    const byId = new Map<string, boolean>();
    for (const name of await this.names('')) {
      const [id, ...rest] = name.split('/');
      if (!id || !BACKUP_ID.test(id)) continue;
      byId.set(id, byId.get(id) === true || rest.join('/') === MANIFEST_FILE);
    }
    return [...byId]
      .filter(([, marked]) => marked === complete)
      .map(([id]) => id)
      .sort();
  }

  list(): Promise<string[]> {
    return this.ids(true);
  }

  listIncomplete(): Promise<string[]> {
    return this.ids(false);
  }

  async putFile(id: string, file: string, localPath: string): Promise<void> {
    assertBackupPath(id, file);
    await (await this.client()).fPutObject(this.options.bucket, `${id}/${file}`, localPath, {
      'Content-Type': 'application/octet-stream',
    });
  }

  async getFile(id: string, file: string, localPath: string): Promise<boolean> {
    assertBackupPath(id, file);
    try {
      await (await this.client()).fGetObject(this.options.bucket, `${id}/${file}`, localPath);
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    assertBackupPath(id);
    const client = await this.client();
    // One DELETE per object: every S3-compatible store has it (the multi-object delete is not everywhere alike).
    for (const name of await this.names(`${id}/`)) await client.removeObject(this.options.bucket, name);
  }
}
