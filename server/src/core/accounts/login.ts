import { emailNotVerified } from '../../contract/email-verification';
import { AppError } from '../../contract/errors';
import type { LoginInput, SessionUser } from '../../contract/schemas';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { verifyPassword } from './passwords';
import { ownProfile } from './profile-view';
import { createSession, endSession } from './sessions';
import { countSignIn } from './sign-in-limits';

export const LOGIN_FAILED = 'Incorrect email or password.';
/** Said only after the right password, so it tells nothing to someone guessing (docs/decisions/0020-moderation.md). */
export const ACCOUNT_SUSPENDED = 'This account has been suspended by the site’s moderators, so you cannot sign in.';

export interface LoginResult {
  token: string;
  expiresAt: number;
  body: SessionUser;
}

/** Same answer whether or not the email exists, so sign-in cannot be used to find accounts. */
export async function login(deps: CoreDeps, actor: Actor, input: LoginInput): Promise<LoginResult> {
  const attempt = await countSignIn(deps, actor.clientKey, input.email);
  const user = await deps.db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', LOGIN_FAILED);
  await attempt.succeeded();
  if (user.suspended_at !== null) throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED);
  // Also only after the right password (ADR 0019); with the setting off, an unverified account signs in as before.
  if (deps.config.requireEmailVerification && user.email_verified_at === null)
    throw new AppError('FORBIDDEN', emailNotVerified(user.email));

  const now = deps.clock.now();
  if (actor.sessionId !== null) await endSession(deps, actor.sessionId);
  const { token, expiresAt } = await createSession(deps, deps.db, user.id, now);
  const { age: _age, ...user_info } = ownProfile(user, now);
  return { token, expiresAt, body: { user_info } };
}

export async function logout(deps: CoreDeps, actor: Actor): Promise<void> {
  if (actor.sessionId !== null) await endSession(deps, actor.sessionId);
}
