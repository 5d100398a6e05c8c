// What a stolen session cookie must not be able to do alone: change the email address or the password, delete the
// account, download all its data. Each needs the current password, or a sign-in within the last ten minutes
// (config session.recentSignInMs). A typed password is a guess like one at the sign-in form, so it spends the same
// budgets (docs/decisions/0009-sign-in-and-account-change-limits.md).
import { AppError } from '../../contract/errors';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { reserveFailure } from '../shared/rate-limit';
import { verifyPassword } from './passwords';
import { countSignIn } from './sign-in-limits';

export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

/** The 403 sentence when neither was given: "…, to delete your account." */
export const passwordNeeded = (toDoWhat: string) =>
  `For your security, please enter your current password, or sign in again, to ${toDoWhat}.`;

/** Whether the session's sign-in (or its last reauthenticate) is recent enough to stand for the password. */
export function signedInRecently(deps: CoreDeps, actor: SignedInActor): boolean {
  return actor.signedInAt !== null && deps.clock.now() - actor.signedInAt <= deps.config.session.recentSignInMs;
}

/**
 * Checks a typed current password. Counted before it is judged (a tRPC batch runs its calls at once): a wrong one
 * spends one of the account's wrong-current-password budget, whatever the client, and one failed sign-in of the
 * account (sign-in-limits.ts), so a stolen cookie adds no guesses to what the sign-in form allows; a right one gives
 * both back.
 */
export async function checkCurrentPassword(deps: CoreDeps, actor: SignedInActor, password: string): Promise<void> {
  const user = await deps.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', actor.userId).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_GONE);
  const wrongForAccount = await reserveFailure(deps, 'passwordChangeFailuresPerAccount', String(actor.userId));
  const signIn = await countSignIn(deps, actor.clientKey, user.email).catch(async (err: unknown) => {
    await wrongForAccount(); // refused before judging: not a wrong password
    throw err;
  });
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError('FORBIDDEN', WRONG_CURRENT_PASSWORD, { current_password: WRONG_CURRENT_PASSWORD });
  }
  await wrongForAccount();
  await signIn.succeeded();
}

/** The current password when given (always checked, even within the window), else a recent sign-in; 403 otherwise. */
export async function requirePasswordOrRecentSignIn(
  deps: CoreDeps,
  actor: SignedInActor,
  currentPassword: string | undefined,
  toDoWhat: string,
): Promise<void> {
  if (currentPassword !== undefined) return checkCurrentPassword(deps, actor, currentPassword);
  if (!signedInRecently(deps, actor)) {
    const message = passwordNeeded(toDoWhat);
    throw new AppError('FORBIDDEN', message, { current_password: message });
  }
}

/**
 * "Enter your password again" (before a download the browser opens as a link): a right password counts as a fresh
 * sign-in of this session, for the next ten minutes, as GitHub's sudo mode does.
 */
export async function reauthenticate(deps: CoreDeps, actor: SignedInActor, password: string): Promise<void> {
  await checkCurrentPassword(deps, actor, password);
  if (actor.sessionId !== null) {
    await deps.db.updateTable('sessions').set({ signed_in_at: deps.clock.now() }).where('id', '=', actor.sessionId).execute();
  }
}
