import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../contract/errors';
import type { BlobStore, StoredBlob } from '../../ports/blob-store';
import { assertPutMatches, contentTypeForKey, INVALID_BLOB_KEY_MESSAGE } from './blob-keys';

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
    assertPutMatches(key, contentType);
    const target = this.pathFor(key);
    // Temp names start with '.', which no safe key does (blob-keys.ts), so they can never collide with or be read as a key.
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
    const contentType = contentTypeForKey(key);
    try {
      return { body: await readFile(this.pathFor(key)), contentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    contentTypeForKey(key);
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

  /** The file for a key already checked by contentTypeForKey; re-checks it stays inside the folder. */
  private pathFor(key: string): string {
    const file = path.join(this.dir, key);
    if (path.dirname(file) !== this.dir) throw new AppError('BAD_INPUT', INVALID_BLOB_KEY_MESSAGE);
    return file;
  }
}
