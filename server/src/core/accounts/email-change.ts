/**
 * Changing the email address (docs/decisions/0019-notifications.md): the new address gets a link, the old one a
 * notice, and the change happens only when the link is opened. Tokens are handled as for password resets
 * (ADR 0014): 256 random bits in the URL fragment, only their keyed hash stored, single use; 24 hours. Asking needs
 * the current password or a recent sign-in (reauthenticate.ts); the notice carries a "This wasn't me" link of its own
 * (cancelEmailChange), which a password change does not end: it is the old address's way back (ADR 0014).
 */
import {
  CANCEL_LINK_INVALID,
  type CancelEmailChangeInput,
  type ConfirmEmailChangeInput,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_UNCHANGED,
  type PendingEmailChange,
  type RequestEmailChangeInput,
} from '../../contract/accounts';
import { AppError } from '../../contract/errors';
import { isUniqueViolation, serializedTransaction, writeTransaction } from '../../db/transaction';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { emailChangeLinkEmail, emailChangeNotice } from './account-emails';
import { endTokens } from './developer-tokens';
import { claimLink, endAllLinks, endOpenLinks, linkTokenHash, newLinkToken } from './link-tokens';
import type { SiteLinks } from './password-reset';
import { isListedAdminAddress } from '../moderation/roles';
import { requirePasswordOrRecentSignIn } from './reauthenticate';

const LINK_MS = EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000;
export const EMAIL_TAKEN = 'Email is already taken.';
const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';
export const EMAIL_NOT_SENT = 'We could not send the email just now, so your address is unchanged. Please try again in a few minutes.';

/** The answer to a change: what the screen says ("We've sent a link to …"). */
export const emailChangeSent = (email: string) =>
  `We've sent a link to ${email}. The change takes effect when you open it; until then your account keeps its current address.`;

/**
 * Needs the current password or a recent sign-in, then counts against the email change limits (a taken address
 * answers 409, so every try counts: ADR 0009), then sends the link to the new address and the notice, with its
 * "This wasn't me" link, to the old one. Any earlier link of the person stops working.
 */
export async function requestEmailChange(
  deps: CoreDeps,
  actor: SignedInActor,
  { email, current_password }: RequestEmailChangeInput,
  links: SiteLinks,
): Promise<{ message: string; email: string }> {
  const { userId } = actor;
  const user = await deps.db.selectFrom('users').select(['id', 'username', 'email', 'locale']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_GONE);
  if (user.email === email) throw new AppError('BAD_INPUT', EMAIL_UNCHANGED, { email: EMAIL_UNCHANGED });
  await requirePasswordOrRecentSignIn(deps, actor, current_password, 'change your email address');
  await limitRate(deps, [
    ['emailChangePerAccount', String(userId)],
    ['emailChangePerClient', actor.clientKey],
  ]);
  const taken = await deps.db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  // Only the capitalisation changes: the address is the same mailbox, so no link is needed.
  if (user.email.toLowerCase() === email.toLowerCase()) {
    await deps.db.updateTable('users').set({ email, updated_at: deps.clock.now() }).where('id', '=', userId).execute();
    return { message: `Your email address is now ${email}.`, email };
  }
  const { token, tokenHash } = newLinkToken(deps.secret, 'email-change');
  const cancel = newLinkToken(deps.secret, 'email-change-cancel');
  const now = deps.clock.now();
  await serializedTransaction(deps.db, async (trx) => {
    await endOpenLinks(trx, 'email_changes', userId, now);
    await trx
      .insertInto('email_changes')
      .values({
        token_hash: tokenHash,
        user_id: userId,
        new_email: email,
        created_at: now,
        expires_at: now + LINK_MS,
        used_at: null,
        old_email: user.email,
        cancel_token_hash: cancel.tokenHash,
      })
      .execute();
  });
  // The token rides in the fragment: browsers never send it to a server (ADR 0014).
  const [link, notice] = await Promise.allSettled([
    deps.mailer.send(
      emailChangeLinkEmail(
        email,
        user.username,
        `${links.origin}/confirm-email#token=${token}`,
        isListedAdminAddress(deps.config, email),
        user.locale ?? undefined,
      ),
    ),
    deps.mailer.send(
      emailChangeNotice(
        user.email,
        user.username,
        email,
        {
          cancelUrl: `${links.origin}/not-me#token=${cancel.token}`,
          forgotUrl: `${links.origin}/forgot-password`,
        },
        user.locale ?? undefined,
      ),
    ),
  ]);
  if (notice.status === 'rejected')
    deps.log(`Could not send the email change notice to account ${userId}: ${(notice.reason as Error).message}`);
  if (link.status === 'rejected') {
    // No link went out: say so rather than "we've sent", and leave nothing waiting for it.
    deps.log(`Could not send an email change link for account ${userId}: ${(link.reason as Error).message}`);
    await deps.db.updateTable('email_changes').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
    throw new AppError('UNAVAILABLE', EMAIL_NOT_SENT);
  }
  return { message: emailChangeSent(email), email };
}

/** The change waiting for its link, if any: the profile screen says so. */
export async function pendingEmailChange(deps: CoreDeps, { userId }: SignedInActor): Promise<PendingEmailChange> {
  const row = await deps.db
    .selectFrom('email_changes')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', deps.clock.now())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? { email: row.new_email, expires_at: new Date(row.expires_at).toISOString() } : null;
}

/**
 * Opening the link: works signed in or not (the mail may be read on another device), once, for 24 hours. The
 * claim and the change share a transaction; an address taken meanwhile answers 409 and the link stays unused.
 */
export async function confirmEmailChange(deps: CoreDeps, actor: Actor, { token }: ConfirmEmailChangeInput): Promise<{ email: string }> {
  await limitRate(deps, [['emailConfirmPerClient', actor.clientKey]]);
  const tokenHash = linkTokenHash(deps.secret, 'email-change', token);
  const now = deps.clock.now();
  try {
    return await writeTransaction(deps, async (trx) => {
      const claimed = await claimLink(trx, 'email_changes', tokenHash, now);
      if (!claimed) throw new AppError('BAD_INPUT', EMAIL_CHANGE_LINK_INVALID, { token: EMAIL_CHANGE_LINK_INVALID });
      const { new_email } = await trx
        .selectFrom('email_changes')
        .select('new_email')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirstOrThrow();
      // The link reached the new address: that confirms it as registration's link would (email verification), and
      // verifies it for ADMIN_EMAILS (docs/decisions/0020-moderation.md).
      await trx
        .updateTable('users')
        .set({ email: new_email, email_verified_at: now, verified_email: new_email.toLowerCase(), updated_at: now })
        .where('id', '=', claimed.user_id)
        .execute();
      // Links mailed to the old address would otherwise verify, or reset the password of, an address they never reached.
      await endOpenLinks(trx, 'email_verifications', claimed.user_id, now);
      await endOpenLinks(trx, 'password_resets', claimed.user_id, now);
      return { email: new_email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

/**
 * "This wasn't me", from the notice to the address being replaced: works signed in or not, once, for as long as the
 * change's own link. In one transaction it puts that address back if the change went through (and no other account
 * has taken it since), ends every emailed link of the account (the pending change, any reset link sent to the new
 * address) and every session. A password changed since does not end it: whoever changed it may be the intruder.
 */
export async function cancelEmailChange(deps: CoreDeps, actor: Actor, { token }: CancelEmailChangeInput): Promise<{ message: string }> {
  await limitRate(deps, [['emailConfirmPerClient', actor.clientKey]]);
  const tokenHash = linkTokenHash(deps.secret, 'email-change-cancel', token);
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    const claimed = await trx
      .updateTable('email_changes')
      .set({ cancel_used_at: now })
      .where('cancel_token_hash', '=', tokenHash)
      .where('cancel_used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'old_email'])
      .executeTakeFirst();
    if (!claimed?.old_email) throw new AppError('BAD_INPUT', CANCEL_LINK_INVALID, { token: CANCEL_LINK_INVALID });
    const { user_id: userId, old_email: oldEmail } = claimed;
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    let outcome: 'stopped' | 'restored' | 'taken' = 'stopped';
    if (user.email.toLowerCase() !== oldEmail.toLowerCase()) {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', oldEmail).where('id', '!=', userId).executeTakeFirst();
      outcome = taken ? 'taken' : 'restored';
      if (!taken) {
        // The link reached this address: that confirms it, as the change's own link does.
        await trx.updateTable('users').set({ email: oldEmail, email_verified_at: now, updated_at: now }).where('id', '=', userId).execute();
      }
    }
    await endAllLinks(trx, userId, now);
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await endTokens(trx, userId); // whoever changed the address may have made tokens (ADR 0039)
    return { message: cancelledMessage(outcome, oldEmail, user.email) };
  });
}

function cancelledMessage(outcome: 'stopped' | 'restored' | 'taken', oldEmail: string, current: string): string {
  const next = `Now choose a new password with “Forgot your password?”: the link will come to ${oldEmail}.`;
  if (outcome === 'restored') return `Your account uses ${oldEmail} again, and it is signed out on every device. ${next}`;
  if (outcome === 'stopped') return `The change of email address is stopped, and your account is signed out on every device. ${next}`;
  return `Your account is signed out on every device, but ${oldEmail} could not be put back: another account uses it now. Your account still uses ${current}.`;
}

/** Links past their time are removed with the hourly housekeeping. */
export async function purgeOldEmailChanges(deps: CoreDeps): Promise<void> {
  await deps.db
    .deleteFrom('email_changes')
    .where('expires_at', '<', deps.clock.now() - LINK_MS)
    .execute();
}
