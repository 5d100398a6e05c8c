// The minio client as both S3 adapters use it (uploads: s3-blob-store.ts; backups: adapters/backup).
import type * as Minio from 'minio';

export interface S3Connection {
  /** scheme://host[:port] of the S3 API, e.g. http://minio:9000 or https://s3.eu-central-1.amazonaws.com */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/**
 * The minio client and its dependencies take ~18 MB of memory once loaded: they are loaded when an S3 store
 * first talks to S3, not by every server that keeps its files on disk (deps.ts imports these modules either way).
 */
let minio: Promise<typeof Minio> | undefined;
let loaded: typeof Minio | undefined;
const loadMinio = (): Promise<typeof Minio> => (minio ??= import('minio').then((m) => (loaded = m)));

/** A client for the connection, made once the module is loaded. */
export async function makeS3Client(c: S3Connection): Promise<Minio.Client> {
  const { Client } = await loadMinio();
  const url = new URL(c.endpoint);
  return new Client({
    // URL keeps the brackets of an IPv6 host; the client wants the bare address.
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : undefined,
    useSSL: url.protocol === 'https:',
    accessKey: c.accessKey,
    secretKey: c.secretKey,
    region: c.region,
  });
}

/** S3 error codes that mean "no such object". */
const MISSING = new Set(['NoSuchKey', 'NotFound']);

/** An S3 error (only a loaded client can have thrown one). */
export const isS3Error = (err: unknown): err is Minio.S3Error => !!loaded && err instanceof loaded.S3Error;

export function isMissing(err: unknown): boolean {
  return isS3Error(err) && MISSING.has(String(err.code));
}

/** One line for a failed call: the S3 error code and message, or the network error. */
export function describeS3Error(err: unknown): string {
  if (isS3Error(err)) return `${err.code ?? 'error'}: ${err.message}`;
  const e = err as { code?: string; message?: string; errors?: Array<{ message?: string }> };
  // Node reports a refused connection to a host with several addresses as an AggregateError with no message.
  const message = e.message || e.errors?.map((x) => x.message).join('; ') || String(err);
  return e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}
