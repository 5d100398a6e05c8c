/**
 * Where uploaded files live. Keys are bare file names the server generated (no slashes).
 * Every adapter passes tests/ports/blob-store.case.ts.
 */
export interface StoredBlob {
  body: Buffer;
  contentType: string;
}

export interface BlobStore {
  readonly name: string;
  /** Creates whatever the store needs (a folder, a bucket). Safe to call twice. */
  init(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The blob, or null when there is none under that key. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** A public URL for the key when the store serves files itself, else null (the server's media route serves it). */
  publicUrl(key: string): string | null;
}
