/**
 * "Forgot your password?" (docs/decisions/0014-account-recovery.md). A request always gets the same answer, at
 * the same speed: the link is made and mailed after the answer, only when an account uses the address. The
 * link carries 256 random bits; only their keyed hash is stored; it works once, for 30 minutes. Using it sets
 * the new password, ends every session and every other emailed link, and tells the person by email.
 */
import type { Locale } from '../../contract/locale';
import { sql } from 'kysely';
import { AppError } from '../../contract/errors';
import {
  RESET_LINK_INVALID,
  RESET_LINK_MINUTES,
  RESET_LINK_SENT,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
} from '../../contract/accounts';
import { writeTransaction } from '../../db/transaction';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { passwordResetNotice, resetLinkEmail } from './account-emails';
import { claimLink, linkTokenHash, mailAfterAnswer, newLinkToken } from './link-tokens';
import { storeNewPassword } from './new-password';
import { hashPassword } from './passwords';

const LINK_MS = RESET_LINK_MINUTES * 60 * 1000;

/** Where links point: the site's own origin (PUBLIC_ORIGIN, or the address the server listens on), never a request's Host. */
export interface SiteLinks {
  origin: string;
}

/** Links for work with no request (scheduled jobs, the demo seed): PUBLIC_ORIGIN, or this machine. */
export const configuredLinks = (deps: Pick<CoreDeps, 'config'>): SiteLinks => ({ origin: deps.config.publicOrigin ?? 'http://localhost' });

export async function requestPasswordReset(
  deps: CoreDeps,
  actor: Actor,
  { email }: RequestPasswordResetInput,
  links: SiteLinks,
): Promise<{ message: string }> {
  await limitRate(deps, [
    ['passwordResetPerClient', actor.clientKey],
    ['passwordResetPerAddress', email.toLowerCase()],
  ]);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'locale'])
    .where('email', '=', email) // COLLATE NOCASE: any capitalisation, through the unique index
    .executeTakeFirst();
  if (user) {
    // After the answer: making the link and handing the email over must not show in the time it takes.
    mailAfterAnswer(deps, `Could not send a password reset email to account ${user.id}`, () => sendResetLink(deps, user, links));
  }
  return { message: RESET_LINK_SENT };
}

async function sendResetLink(
  deps: CoreDeps,
  user: { id: number; username: string; email: string; locale: Locale | null },
  { origin }: SiteLinks,
) {
  const { token, tokenHash } = newLinkToken(deps.secret, 'password-reset');
  const now = deps.clock.now();
  await deps.db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, user_id: user.id, created_at: now, expires_at: now + LINK_MS, used_at: null })
    .execute();
  // The token rides in the fragment: browsers never send it to a server, so it stays out of logs and Referer.
  await deps.mailer.send(resetLinkEmail(user.email, user.username, `${origin}/reset-password#token=${token}`, user.locale ?? undefined));
}

export async function resetPassword(deps: CoreDeps, actor: Actor, input: ResetPasswordInput, links: SiteLinks): Promise<void> {
  await limitRate(deps, [['passwordResetUsePerClient', actor.clientKey]]);
  const tokenHash = linkTokenHash(deps.secret, 'password-reset', input.token);
  const password_hash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await writeTransaction(deps, async (trx) => {
    // Claimed and used in one transaction: two tabs submitting the same link cannot both succeed.
    const claimed = await claimLink(trx, 'password_resets', tokenHash, now);
    if (!claimed) throw new AppError('BAD_INPUT', RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    const person = await trx
      .selectFrom('users')
      .select(['id', 'username', 'email', 'locale'])
      .where('id', '=', claimed.user_id)
      .executeTakeFirstOrThrow();
    // Every session and every other link of theirs (resets, email changes, verifications) ends: one reset ends the episode.
    await storeNewPassword(trx, person.id, password_hash, now);
    // The reset link reached the account's address (a change of address ends open reset links), so it verifies it
    // as an emailed link does: for ADMIN_EMAILS, and for REQUIRE_EMAIL_VERIFICATION (docs/decisions/0020-moderation.md).
    await trx
      .updateTable('users')
      .set({ verified_email: sql`lower(email)`, email_verified_at: sql`coalesce(email_verified_at, ${now})` })
      .where('id', '=', person.id)
      .execute();
    return person;
  });
  await deps.mailer
    .send(passwordResetNotice(user.email, user.username, `${links.origin}/forgot-password`, user.locale ?? undefined))
    .catch((err: unknown) => deps.log(`Could not send the password-changed notice to account ${user.id}: ${(err as Error).message}`));
}

/** Links past their time are removed with the hourly housekeeping. */
export async function purgeOldResetLinks(deps: CoreDeps): Promise<void> {
  await deps.db
    .deleteFrom('password_resets')
    .where('expires_at', '<', deps.clock.now() - LINK_MS)
    .execute();
}
