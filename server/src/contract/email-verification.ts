// Email verification on registration, behind REQUIRE_EMAIL_VERIFICATION (ADR 0019): a link to the address
// confirms it; until then the right password is answered with a 403 that offers to send the link again.
import { z } from 'zod';
import { emailSchema } from './schemas';

/** Hours a verification link works for: long enough to find the email again the next day. */
export const VERIFY_LINK_HOURS = 48;

export const VERIFY_LINK_INVALID = 'This link has expired or was already used. Please sign in and ask for a new one.';

import { EMAIL_NOT_VERIFIED_START } from './accounts-sign-in-messages';

export { EMAIL_NOT_VERIFIED_START } from './accounts-sign-in-messages';

/** "a…@example.org": enough for the person to recognise their address, little for someone looking over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

export const emailNotVerified = (email: string) => `${EMAIL_NOT_VERIFIED_START}: we sent a link to ${maskEmail(email)}. Send it again?`;

/** The one answer to "send the link again", whether or not an account waits for it (no enumeration). */
export const VERIFY_LINK_RESENT = `If an account with this address is waiting to be confirmed, we've sent it a new link. It works for ${VERIFY_LINK_HOURS} hours.`;

export const resendVerificationInput = z.object({ email: emailSchema });
export type ResendVerificationInput = z.output<typeof resendVerificationInput>;

export const verifyEmailInput = z.object({
  /** The token from the link: 32 random bytes, base64url. */
  token: z
    .string({ required_error: VERIFY_LINK_INVALID, invalid_type_error: VERIFY_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{43}$/, VERIFY_LINK_INVALID),
});
export type VerifyEmailInput = z.output<typeof verifyEmailInput>;
