// yazl helpers shared by the EPUB and the data export: entries made only when the zip reaches them, and the zip's
// bytes as a Readable that fails (instead of ending short) when an entry cannot be made.
import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';

type LazyCallback = (err: unknown, stream: NodeJS.ReadableStream) => void;

/** Adds `path`, whose bytes `make` gives when yazl comes to it (so at most one such entry is in memory at a time). */
export function addLazy(
  zip: ZipFile,
  path: string,
  options: { mtime: Date; compress: boolean },
  make: () => Promise<Readable> | Readable,
): void {
  zip.addReadStreamLazy(path, options, (cb: LazyCallback) => {
    Promise.resolve()
      .then(make)
      .then(
        (stream) => {
          // yazl does not listen for a given stream's errors (a query failing mid-way, the database closed): without
          // this they end the process; as the zip's error they end the download instead (zipReadable).
          stream.on('error', (err: unknown) => zip.emit('error', err));
          cb(null, stream);
        },
        (err: unknown) => {
          cb(err, Readable.from([]));
        },
      );
  });
}

/** A stored file as a stream of 64 KiB pieces: yazl checksums each piece synchronously, so a 10 MB file is many short steps. */
export function inPieces(body: Buffer, size = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
    })(),
  );
}

/** Ends the zip and returns its bytes, with backpressure, as a Readable that is destroyed with the zip's error. */
export function zipReadable(zip: ZipFile): Readable {
  const source = zip.outputStream;
  const out = new Readable({ read: () => void source.resume() });
  zip.on('error', (err: Error) => out.destroy(err));
  source.on('data', (chunk: Buffer) => {
    if (!out.push(chunk)) source.pause();
  });
  source.on('end', () => out.push(null));
  source.on('error', (err: Error) => out.destroy(err));
  zip.end();
  return out;
}
