// Sessions: a random 128-bit token in the cookie, only its keyed hash in the database.
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { compileOnce } from '../../db/compiled-query';
import type { CoreDeps } from '../shared/core-deps';

/** How often a session's last-seen time is written: not on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionInfo {
  sessionId: number;
  userId: number;
  signedInAt: number;
  expiresAt: number;
}

/** The keyed hash a token is stored as: sessions, and developer tokens (developer-tokens.ts), with the one secret. */
export function hashToken(secret: Buffer, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export async function createSession(
  deps: CoreDeps,
  executor: Kysely<Database> | Transaction<Database>,
  userId: number,
  signedInAt: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(16).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = Math.min(now + deps.config.session.idleMs, signedInAt + deps.config.session.maxMs);
  await executor
    .insertInto('sessions')
    .values({
      token_hash: hashToken(deps.secret, token),
      user_id: userId,
      signed_in_at: signedInAt,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

// The account's suspension is read with the session, by primary key: one indexed lookup as before.
const sessionQuery = compileOnce((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.signed_in_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.suspended_at',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/**
 * The live session behind a cookie token, sliding its idle expiry; null when unknown or expired, or when its account
 * is suspended. Suspending deletes the account's sessions, but one made by a sign-in that raced with it (or by an
 * instance that had not seen it yet) must not serve even one request (docs/decisions/0020-moderation.md).
 */
export async function resolveSession(deps: CoreDeps, token: string | undefined): Promise<SessionInfo | null> {
  if (!token || token.length > 64) return null;
  const [row] = await sessionQuery(deps.db, hashToken(deps.secret, token));
  if (!row) return null;
  const now = deps.clock.now();
  if (row.expires_at <= now || row.suspended_at !== null) {
    await deps.db.deleteFrom('sessions').where('id', '=', row.id).execute();
    return null;
  }
  let expiresAt = row.expires_at;
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    expiresAt = Math.min(now + deps.config.session.idleMs, row.signed_in_at + deps.config.session.maxMs);
    await deps.db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', row.id).execute();
  }
  return { sessionId: row.id, userId: row.user_id, signedInAt: row.signed_in_at, expiresAt };
}

export async function endSession(deps: CoreDeps, sessionId: number): Promise<void> {
  await deps.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Drops expired sessions (run now and then, not per request). */
export async function purgeExpiredSessions(deps: CoreDeps): Promise<number> {
  const res = await deps.db.deleteFrom('sessions').where('expires_at', '<=', deps.clock.now()).executeTakeFirst();
  return Number(res.numDeletedRows);
}
