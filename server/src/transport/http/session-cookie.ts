// The session cookie, named access_token for the old client: httpOnly, SameSite=Lax, Secure over HTTPS.
import { serialize } from 'hono/utils/cookie';

export const SESSION_COOKIE = 'access_token';

export function sessionCookie(token: string, expiresAt: number, now: number, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

/** Clears the cookie with the same attributes it was set with (the old server's mismatch left it alive). */
export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: 0, expires: new Date(0) });
}
