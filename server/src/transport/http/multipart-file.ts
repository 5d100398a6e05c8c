// An uploaded file, received from a multipart/form-data body into a temporary file as it arrives (busboy), never
// whole in memory: 40 uploads of 10 MB held 1.36 GB when bodies were parsed in memory (issue #23;
// docs/decisions/0016-photos.md). sharp then reads the file itself.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../contract/errors';
import { requestHeader } from './request-header';

/** A 10 MB image plus multipart framing and a few small fields. */
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;

export interface ReceivedFile {
  path: string;
  bytes: number;
  /** The name the browser gave the file ('' when none). */
  fileName: string;
  /** Removes the temporary file (safe to call more than once). */
  remove(): Promise<void>;
}

export interface ReceiveOptions {
  /** The form field holding the file. */
  field: string;
  maxFileBytes: number;
  /** The whole body's limit; UPLOAD_BODY_LIMIT (a photo's) when not given. */
  maxBodyBytes?: number;
  messages: { notMultipart: string; tooLarge: string };
}

class BodyTooLarge extends Error {}

/**
 * Refuses a body whose declared length is over `maxBytes` from its headers alone; a body without one is counted as
 * it streams by `receiveFile`. Unlike hono's bodyLimit, it never reads a chunked body into memory first.
 */
export function refuseDeclaredOver(maxBytes: number, tooLarge: (c: Parameters<MiddlewareHandler>[0]) => Response): MiddlewareHandler {
  return async (c, next) => {
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined && parseInt(length || '0', 10) > maxBytes) {
      return tooLarge(c);
    }
    return next();
  };
}

/** The body's declared length, or undefined when it has none (chunked) or it is not a number. */
export function declaredLength(req: Request): number | undefined {
  if (req.headers.has('transfer-encoding')) return undefined;
  const length = Number(req.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * Streams the request's multipart body into a temporary file, keeping only the first file in `field`; other parts
 * are read past. null when there is no such file. Over `maxFileBytes` (or a body over `maxBodyBytes` in all) is
 * a 413 as soon as it is known; anything that is not a well-formed form is a 400.
 */
export async function receiveFile(req: Request, o: ReceiveOptions): Promise<ReceivedFile | null> {
  if (!req.body) throw new AppError('BAD_INPUT', o.messages.notMultipart);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
      limits: { files: 1, fileSize: o.maxFileBytes, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 40 },
    });
  } catch {
    throw new AppError('BAD_INPUT', o.messages.notMultipart);
  }
  const target = path.join(os.tmpdir(), `life-story-upload-${randomUUID()}`);
  const remove = () => fs.promises.rm(target, { force: true });
  const source = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream);
  let total = 0;
  const maxBody = o.maxBodyBytes ?? UPLOAD_BODY_LIMIT;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBody) done(new BodyTooLarge());
      else done(null, chunk);
    },
  });
  let written: Promise<void> | undefined;
  let tooLarge = false;
  let fileName = '';
  parser.on('file', (name, stream, info) => {
    if (name !== o.field || written) {
      stream.resume();
      return;
    }
    fileName = info.filename ?? '';
    stream.on('limit', () => {
      tooLarge = true;
      counted.destroy(new BodyTooLarge()); // no need to read the rest
    });
    written = pipeline(stream, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    written.catch(() => undefined); // awaited below; a failed parse must not leave it unhandled
  });
  try {
    await pipeline(source, counted, parser);
    await written;
  } catch (err) {
    await written?.catch(() => undefined);
    await remove();
    if (tooLarge || err instanceof BodyTooLarge) throw new AppError('TOO_LARGE', o.messages.tooLarge);
    throw new AppError('BAD_INPUT', o.messages.notMultipart);
  }
  if (!written) return null;
  if (tooLarge) {
    await remove();
    throw new AppError('TOO_LARGE', o.messages.tooLarge);
  }
  const { size } = await fs.promises.stat(target);
  return { path: target, bytes: size, fileName, remove };
}
