/**
 * Blobs in an S3 bucket (MinIO or any S3-compatible store) through the `minio` client: the scale-out
 * BlobStore, chosen by S3_ENDPOINT. Keys and content types follow the same rules as the disk store
 * (blob-keys.ts). Objects are private unless MEDIA_PUBLIC_BASE_URL is set, in which case browsers fetch them
 * from that base (a public bucket or a CDN in front of it) and the media route only redirects there.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type * as Minio from 'minio';
import type { BlobStore, StoredBlob } from '../../ports/blob-store';
import { assertPutMatches, contentTypeForKey } from './blob-keys';
import { describeS3Error as describe, isMissing, makeS3Client, type S3Connection } from './s3-client';

export interface S3BlobStoreOptions extends S3Connection {
  bucket: string;
  /** Where the bucket's objects are publicly readable, e.g. https://media.example.com/life-story */
  publicBaseUrl?: string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export class S3BlobStore implements BlobStore {
  readonly name = 's3';
  private clientMade: Promise<Minio.Client> | null = null;
  private readonly bucket: string;
  private readonly region: string;
  private readonly publicBase: string | null;
  private ready: Promise<void> | null = null;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.region = options.region;
    this.publicBase = options.publicBaseUrl ? options.publicBaseUrl.replace(/\/+$/, '') : null;
  }

  /** The minio client, made on first use. */
  private client(): Promise<Minio.Client> {
    this.clientMade ??= makeS3Client(this.options);
    return this.clientMade;
  }

  /** Creates the bucket if it is missing. Safe to call twice, and from several processes at once. */
  init(): Promise<void> {
    this.ready ??= this.ensureBucket().catch((err: unknown) => {
      this.ready = null;
      throw new Error(`S3 store at ${this.options.endpoint} (bucket ${this.bucket}): ${describe(err)}`, { cause: err });
    });
    return this.ready;
  }

  private async ensureBucket(): Promise<void> {
    const client = await this.client();
    if (await client.bucketExists(this.bucket)) return;
    try {
      await client.makeBucket(this.bucket, this.region);
    } catch (err) {
      // Someone else may have created it meanwhile (another instance starting): fine if we can now see it.
      if (await client.bucketExists(this.bucket).catch(() => false)) return;
      throw err;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertPutMatches(key, contentType);
    await (await this.client()).putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<StoredBlob | null> {
    const fallbackType = contentTypeForKey(key);
    let stream: Readable;
    try {
      stream = await (await this.client()).getObject(this.bucket, key);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // The client hands back the HTTP response itself, so its headers come without a second request.
    const header = (stream as Partial<IncomingMessage>).headers?.['content-type'];
    return { body: await readAll(stream), contentType: typeof header === 'string' && header ? header : fallbackType };
  }

  async delete(key: string): Promise<void> {
    contentTypeForKey(key);
    try {
      await (await this.client()).removeObject(this.bucket, key);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
  }

  publicUrl(key: string): string | null {
    if (!this.publicBase) return null;
    contentTypeForKey(key);
    return `${this.publicBase}/${encodeURIComponent(key)}`;
  }
}
