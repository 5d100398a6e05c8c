// Reader passes (docs/decisions/0026-who-can-read-a-story.md): a random token kept by the browser (cookie
// `reader_pass`), stored only as its hash. The token is 256 random bits, so a plain SHA-256 is enough (nothing to
// guess, and the access check needs no server secret); a database read does not give anyone a usable pass.
import { createHash, randomBytes } from 'node:crypto';

/** A new pass token: 32 random bytes, base64url (43 characters). */
export function newPassToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashPassToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** At most this many passes ride on one request (one device holds passes to a few writers' stories). */
export const MAX_PASS_TOKENS = 20;
/** A token longer than this is not one of ours, and is ignored. */
export const MAX_PASS_TOKEN_LENGTH = 64;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

/** Whether a string can be a pass token (its shape only; the database says whether it is one). */
export function isPassTokenShape(token: string): boolean {
  return token.length <= MAX_PASS_TOKEN_LENGTH && TOKEN_SHAPE.test(token);
}
