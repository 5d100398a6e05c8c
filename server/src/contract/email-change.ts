// Changing one's email address: a link to the new address confirms it (ADR 0019).
import { z } from 'zod';
import { currentPasswordSchema, emailSchema } from './schemas';

export const requestEmailChangeInput = z.object({ email: emailSchema, current_password: currentPasswordSchema });
export type RequestEmailChangeInput = z.output<typeof requestEmailChangeInput>;

export const EMAIL_CHANGE_LINK_INVALID = 'This link has expired or was already used. Please ask for a new one from your profile.';
export const EMAIL_UNCHANGED = 'This is already the email address of your account.';

export const confirmEmailChangeInput = z.object({
  /** The token from the link: 32 random bytes, base64url. */
  token: z
    .string({ required_error: EMAIL_CHANGE_LINK_INVALID, invalid_type_error: EMAIL_CHANGE_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{43}$/, EMAIL_CHANGE_LINK_INVALID),
});
export type ConfirmEmailChangeInput = z.output<typeof confirmEmailChangeInput>;

/** Hours a confirmation link works for. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const pendingEmailChangeOutput = z.object({ email: z.string(), expires_at: z.string() }).nullable();
export type PendingEmailChange = z.output<typeof pendingEmailChangeOutput>;

export const CANCEL_LINK_INVALID =
  'This link has expired or was already used. If someone else may be using your account, choose a new password with “Forgot your password?”.';

/** "This wasn't me": the token of the link in the notice to the address being replaced. */
export const cancelEmailChangeInput = z.object({
  token: z
    .string({ required_error: CANCEL_LINK_INVALID, invalid_type_error: CANCEL_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{43}$/, CANCEL_LINK_INVALID),
});
export type CancelEmailChangeInput = z.output<typeof cancelEmailChangeInput>;
