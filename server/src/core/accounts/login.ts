import { emailNotVerified, type LoginInput, type SessionUser } from '../../contract/accounts';
import { AppError } from '../../contract/errors';
import type { Locale } from '../../contract/locale';
import { serializedTransaction } from '../../db/transaction';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { verifyPassword } from './passwords';
import { ownProfile } from './profile-view';
import { createSession, endSession } from './sessions';
import { countSignIn } from './sign-in-limits';
import { joinHeldInvitations } from '../circle/open-invitation';

export const LOGIN_FAILED = 'Incorrect email or password.';
/** Said only after the right password, so it tells nothing to someone guessing (docs/decisions/0020-moderation.md). */
export const ACCOUNT_SUSPENDED = 'This account has been suspended by the site’s moderators, so you cannot sign in.';

export interface LoginResult {
  token: string;
  expiresAt: number;
  body: SessionUser;
  /** The account's interface language (users.locale), null until chosen: the app switches to it at sign-in. */
  locale: Locale | null;
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
  // The session is made in a write turn that reads the suspension again: a suspension that landed since the check
  // above (write transactions take turns, so it has committed or waits) refuses it rather than leaving a session.
  const { token, expiresAt } = await serializedTransaction(deps.db, async (trx) => {
    const current = await trx.selectFrom('users').select('suspended_at').where('id', '=', user.id).executeTakeFirst();
    if (!current) throw new AppError('UNAUTHENTICATED', LOGIN_FAILED);
    if (current.suspended_at !== null) throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED);
    if (actor.sessionId !== null) await trx.deleteFrom('sessions').where('id', '=', actor.sessionId).execute();
    return createSession(deps, trx, user.id, now);
  });
  // Circle invitations opened on this device join the account (docs/decisions/0026-who-can-read-a-story.md).
  await joinHeldInvitations(deps, user.id, actor.readerPassTokens ?? []).catch((err: unknown) =>
    deps.log(`Could not join the circle invitations held by account ${user.id}'s device: ${(err as Error).message}`),
  );
  const { age: _age, ...user_info } = ownProfile(user, now);
  return { token, expiresAt, body: { user_info }, locale: user.locale };
}

export async function logout(deps: CoreDeps, actor: Actor): Promise<void> {
  if (actor.sessionId !== null) await endSession(deps, actor.sessionId);
}
