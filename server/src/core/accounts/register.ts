import { AppError } from '../../contract/errors';
import type { RegisterInput } from '../../contract/accounts';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { isUniqueViolation, writeTransaction } from '../../db/transaction';
import { checkAge } from './check-age';
import { hashPassword } from './passwords';
import { isListedAdminAddress } from '../moderation/roles';
import type { Locale } from '../../contract/locale';
import { sendVerificationLink } from './email-verification';
import { configuredLinks, type SiteLinks } from './password-reset';
import { chooseWeeklyQuestion } from '../weekly-question/weekly-setting';

export const TAKEN_USERNAME = 'That username is taken. Please choose another.';
export const TAKEN_ACCOUNT = 'An account with that username or email already exists.';

export interface RegisterOptions {
  /** The address is known to be the person's (the demo people): no verification link even when one is required. */
  emailTrusted?: boolean;
  /** Where the verification link points (REQUIRE_EMAIL_VERIFICATION, ADR 0019). */
  links?: SiteLinks;
  /** The language the form was shown in: the new account has no `users.locale` yet, its link email speaks this. */
  locale?: Locale;
}

/**
 * Registering never makes an admin (docs/decisions/0020-moderation.md): the input has no role field, and an address in
 * ADMIN_EMAILS counts only once the link mailed to it is opened, so it is mailed whatever REQUIRE_EMAIL_VERIFICATION
 * says (not for the demo people, registered with emailTrusted). With REQUIRE_EMAIL_VERIFICATION the account starts
 * unverified; `verification_sent_to` says so (the register screen's "We've sent a link to …").
 */
export async function register(
  deps: CoreDeps,
  actor: Actor,
  input: RegisterInput,
  { emailTrusted = false, links, locale }: RegisterOptions = {},
): Promise<{ username: string; verification_sent_to?: string }> {
  const now = deps.clock.now();
  checkAge(input.dob, now);
  await limitRate(deps, [['registerPerClient', actor.clientKey]]);

  const taken = await deps.db.selectFrom('users').select('username').where('username', '=', input.username).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', TAKEN_USERNAME, { username: TAKEN_USERNAME });

  const password_hash = await hashPassword(input.password);
  const mustVerify = deps.config.requireEmailVerification && !emailTrusted;
  const sendLink = !emailTrusted && (mustVerify || isListedAdminAddress(deps.config, input.email));
  let userId = 0;
  try {
    await writeTransaction(deps, async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          email: input.email,
          password_hash,
          first_name: input.first_name,
          last_name: input.last_name,
          dob: input.dob,
          image: null,
          is_private: 0,
          created_at: now,
          updated_at: now,
          email_verified_at: mustVerify ? null : now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = user.id;
      await appendEvent(
        trx,
        {
          type: 'user_registered',
          payload: {
            user_id: user.id,
            username: input.username,
            first_name: input.first_name,
            last_name: input.last_name,
            is_private: false,
          },
        },
        now,
      );
      // Opted in to the weekly question on the form: with the account, or not at all.
      if (input.weekly_question) await chooseWeeklyQuestion(trx, user.id, input.weekly_question, now);
    });
  } catch (err) {
    // Two registrations racing for the same name or email: the database decides, the loser gets a clear 409.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', TAKEN_ACCOUNT);
    throw err;
  }
  if (!sendLink) return { username: input.username };
  // The account exists whatever the mail does: if the link cannot go now, "Send the link again" makes another.
  await sendVerificationLink(
    deps,
    { id: userId, username: input.username, email: input.email, locale },
    links ?? configuredLinks(deps),
  ).catch((err: unknown) => deps.log(`Could not send an email verification link to account ${userId}: ${(err as Error).message}`));
  return mustVerify ? { username: input.username, verification_sent_to: input.email } : { username: input.username };
}
