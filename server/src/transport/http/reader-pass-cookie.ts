// The `reader_pass` cookie (docs/decisions/0026-who-can-read-a-story.md): the reader passes of this device, tokens
// joined by '.', newest first, at most MAX_PASS_TOKENS. httpOnly, SameSite=Lax, long-lived. What it holds is only
// read as a list of candidate tokens: anything malformed is dropped, never an error.
import type { Context } from 'hono';
import { serialize } from 'hono/utils/cookie';
import { isPassTokenShape, MAX_PASS_TOKEN_LENGTH, MAX_PASS_TOKENS } from '../../core/access/pass-tokens';
import { requestCookie } from './request-header';

export const READER_PASS_COOKIE = 'reader_pass';
/** A pass lasts as long as its row; the cookie only has to outlive a reader's visits (400 days: browsers' cap). */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** Longer than MAX_PASS_TOKENS well-formed tokens can be: not ours, ignored whole (before any splitting). */
const MAX_COOKIE_LENGTH = MAX_PASS_TOKENS * (MAX_PASS_TOKEN_LENGTH + 1);

/** The well-formed tokens of a cookie value, at most MAX_PASS_TOKENS, without repeats. */
export function passTokensOf(value: string | undefined): string[] {
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  const tokens: string[] = [];
  for (const token of value.split('.')) {
    if (tokens.length >= MAX_PASS_TOKENS) break;
    if (isPassTokenShape(token) && !tokens.includes(token)) tokens.push(token);
  }
  return tokens;
}

/** The pass tokens this request carries. */
export function requestPassTokens(c: Context): string[] {
  try {
    return passTokensOf(requestCookie(c, READER_PASS_COOKIE));
  } catch {
    return []; // a cookie header that does not parse gives no passes
  }
}

/** The cookie with `token` added first (the oldest dropped past the bound). */
export function readerPassCookie(existing: readonly string[], token: string, secure: boolean): string {
  const tokens = [token, ...existing.filter((t) => t !== token)].slice(0, MAX_PASS_TOKENS);
  return serialize(READER_PASS_COOKIE, tokens.join('.'), { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: MAX_AGE_SECONDS });
}
