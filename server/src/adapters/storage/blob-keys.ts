// The keys every BlobStore accepts, shared so that the disk and the S3 store refuse exactly the same names.
import path from 'node:path';
import { AppError } from '../../contract/errors';

/** A bare file name: no slashes, no leading dot, at most 128 characters. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The content type stored under each accepted extension. */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp', // responsive sizes of photos (ADR 0016)
};

export const INVALID_BLOB_KEY_MESSAGE = 'Invalid file name.';

/** True for a key any BlobStore may use: a bare, safe file name. */
export function isSafeBlobKey(key: unknown): key is string {
  return typeof key === 'string' && SAFE_KEY.test(key) && !key.includes('..');
}

/** Throws BAD_INPUT unless the key is a bare, safe file name. */
export function assertSafeBlobKey(key: unknown): asserts key is string {
  if (!isSafeBlobKey(key)) throw new AppError('BAD_INPUT', INVALID_BLOB_KEY_MESSAGE);
}

/** The content type for a key's extension (.jpg or .png); throws BAD_INPUT for any other key. */
export function contentTypeForKey(key: string): string {
  assertSafeBlobKey(key);
  const type = CONTENT_TYPES[path.extname(key)];
  if (!type) throw new AppError('BAD_INPUT', INVALID_BLOB_KEY_MESSAGE);
  return type;
}

/** Throws BAD_INPUT unless the key is acceptable and the content type is the one its extension stands for. */
export function assertPutMatches(key: string, contentType: string): void {
  const type = contentTypeForKey(key);
  if (contentType !== type) {
    throw new AppError('BAD_INPUT', `A ${path.extname(key)} file must be stored as ${type}.`);
  }
}
