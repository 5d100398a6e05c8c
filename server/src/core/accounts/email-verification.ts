/**
 * Email verification on registration, behind REQUIRE_EMAIL_VERIFICATION (docs/decisions/0019-notifications.md).
 * Tokens are handled as for password resets and email changes (ADR 0014): 256 random bits in the URL fragment,
 * only their keyed hash stored, single use; 48 hours. With the setting off, new accounts are verified when they are
 * made and sign-in never asks; the links still go to addresses in ADMIN_EMAILS, which grant the admin role only once
 * verified by one (users.verified_email, docs/decisions/0020-moderation.md).
 */
import {
  VERIFY_LINK_HOURS,
  VERIFY_LINK_INVALID,
  VERIFY_LINK_RESENT,
  type ResendVerificationInput,
  type VerifyEmailInput,
} from '../../contract/accounts';
import { sql } from 'kysely';
import { AppError } from '../../contract/errors';
import { serializedTransaction, writeTransaction } from '../../db/transaction';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import type { Locale } from '../../contract/locale';
import { verifyLinkEmail } from './account-emails';
import { claimLink, endOpenLinks, linkTokenHash, mailAfterAnswer, newLinkToken } from './link-tokens';
import type { SiteLinks } from './password-reset';
import { isListedAdminAddress } from '../moderation/roles';

const LINK_MS = VERIFY_LINK_HOURS * 60 * 60 * 1000;

/**
 * Makes a link for the person and mails it. It ends their earlier links: "Send the link again" means the newest
 * email is the one that works (an older one may sit in a mailbox someone else reads).
 */
export async function sendVerificationLink(
  deps: CoreDeps,
  user: { id: number; username: string; email: string; locale?: Locale | null },
  { origin }: SiteLinks,
): Promise<void> {
  const { token, tokenHash } = newLinkToken(deps.secret, 'email-verification');
  const now = deps.clock.now();
  await serializedTransaction(deps.db, async (trx) => {
    await endOpenLinks(trx, 'email_verifications', user.id, now);
    await trx
      .insertInto('email_verifications')
      .values({ token_hash: tokenHash, user_id: user.id, created_at: now, expires_at: now + LINK_MS, used_at: null })
      .execute();
  });
  // The token rides in the fragment: browsers never send it to a server, so it stays out of logs and Referer.
  const link = `${origin}/verify-email#token=${token}`;
  await deps.mailer.send(
    verifyLinkEmail(user.email, user.username, link, isListedAdminAddress(deps.config, user.email), user.locale ?? undefined),
  );
}

/**
 * "Send the link again": the same answer at the same speed whether or not an account waits for it; the link is
 * made and mailed after the answer, only for an account that is not verified yet (or, for an address in
 * ADMIN_EMAILS, whose address no link has verified yet).
 */
export async function resendVerification(
  deps: CoreDeps,
  actor: Actor,
  { email }: ResendVerificationInput,
  links: SiteLinks,
): Promise<{ message: string }> {
  await limitRate(deps, [
    ['verifyResendPerClient', actor.clientKey],
    ['verifyResendPerAddress', email.toLowerCase()],
  ]);
  const listed = isListedAdminAddress(deps.config, email);
  if (deps.config.requireEmailVerification || listed) {
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'email_verified_at', 'verified_email', 'locale'])
      .where('email', '=', email) // COLLATE NOCASE: any capitalisation, through the unique index
      .executeTakeFirst();
    const waiting =
      user &&
      ((deps.config.requireEmailVerification && user.email_verified_at === null) ||
        (listed && user.verified_email !== user.email.toLowerCase()));
    if (user && waiting) {
      mailAfterAnswer(deps, `Could not send an email verification link to account ${user.id}`, () =>
        sendVerificationLink(deps, user, links),
      );
    }
  }
  return { message: VERIFY_LINK_RESENT };
}

/** Opening the link (a button press on the page): works signed in or not, once, for 48 hours. */
export async function verifyEmail(deps: CoreDeps, actor: Actor, { token }: VerifyEmailInput): Promise<{ email: string }> {
  await limitRate(deps, [['verifyEmailPerClient', actor.clientKey]]);
  const tokenHash = linkTokenHash(deps.secret, 'email-verification', token);
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    const claimed = await claimLink(trx, 'email_verifications', tokenHash, now);
    if (!claimed) throw new AppError('BAD_INPUT', VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    await trx
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('id', '=', claimed.user_id)
      .where('email_verified_at', 'is', null)
      .execute();
    // The mailbox the link went to is the account's address now: a change of address ends open links
    // (email-change.ts), so a link can only verify the address it was sent to.
    await trx.updateTable('users').set({ verified_email: sql`lower(email)` }).where('id', '=', claimed.user_id).execute();
    // The address is confirmed: the person's other links have nothing left to do.
    await endOpenLinks(trx, 'email_verifications', claimed.user_id, now);
    const user = await trx.selectFrom('users').select('email').where('id', '=', claimed.user_id).executeTakeFirstOrThrow();
    return { email: user.email };
  });
}

/** Links past their time are removed with the hourly housekeeping. */
export async function purgeOldVerificationLinks(deps: CoreDeps): Promise<void> {
  await deps.db
    .deleteFrom('email_verifications')
    .where('expires_at', '<', deps.clock.now() - LINK_MS)
    .execute();
}
