import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../contract/errors';
import type { BlobStore, StoredBlob } from '../../ports/blob-store';

/** A bare file name: no slashes, no leading dot, at most 128 characters. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The content type stored under each accepted extension. */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
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
function contentTypeFor(key: string): string {
  assertSafeBlobKey(key);
  const type = CONTENT_TYPES[path.extname(key)];
  if (!type) throw new AppError('BAD_INPUT', INVALID_BLOB_KEY_MESSAGE);
  return type;
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Blobs as files in one folder (the embedded default). Only `.jpg` and `.png` keys are accepted; the
 * content type is derived from the extension, so no sidecar file is needed. Writes go to a temp file in the
 * same folder and are renamed into place, so a reader never sees a half-written file.
 */
export class FsBlobStore implements BlobStore {
  readonly name = 'fs';
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const type = contentTypeFor(key);
    if (contentType !== type) {
      throw new AppError('BAD_INPUT', `A ${path.extname(key)} file must be stored as ${type}.`);
    }
    const target = this.pathFor(key);
    // Temp names start with '.', which SAFE_KEY never matches, so they can never collide with or be read as a key.
    const temp = path.join(this.dir, `.${key}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    const contentType = contentTypeFor(key);
    try {
      return { body: await readFile(this.pathFor(key)), contentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    contentTypeFor(key);
    try {
      await unlink(this.pathFor(key));
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
  }

  /** Always null: the server's media route serves these files. */
  publicUrl(_key: string): string | null {
    return null;
  }

  /** The file for a key already checked by contentTypeFor; re-checks it stays inside the folder. */
  private pathFor(key: string): string {
    const file = path.join(this.dir, key);
    if (path.dirname(file) !== this.dir) throw new AppError('BAD_INPUT', INVALID_BLOB_KEY_MESSAGE);
    return file;
  }
}
