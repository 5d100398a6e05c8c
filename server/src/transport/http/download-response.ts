// What the routes that browsers open directly share (the book, the print page, the data export): a refusal is one
// plain sentence with its 4xx status, and what is sent is private to the person (docs/decisions/0018-books-and-data-export.md).
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { AppError, ERROR_KINDS } from '../../contract/errors';
import type { SignedInActor } from '../../core/shared/core-deps';
import type { AppEnv } from './request-context';

export const PRIVATE = { 'cache-control': 'private, no-store' };

/** attachment; with an ASCII name and the exact one (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function refusal(c: Context, err: unknown): Response {
  if (!(err instanceof AppError) || ERROR_KINDS[err.kind].http >= 500) throw err;
  if (err.retryAfterSec) c.header('retry-after', String(err.retryAfterSec));
  return c.text(err.message, ERROR_KINDS[err.kind].http as 400, PRIVATE);
}

export function signedInOr(c: Context<AppEnv>, message: string): SignedInActor {
  const actor = c.var.actor;
  if (actor.userId === null) throw new AppError('UNAUTHENTICATED', message);
  return actor as SignedInActor;
}

export const webStream = (s: Readable) => Readable.toWeb(s) as unknown as ReadableStream<Uint8Array>;
