// "Forgot your password?": ask for a link by email, then set a new password with it.
import { z } from 'zod';
import { emailSchema, passwordSchema } from './schemas';

export const requestPasswordResetInput = z.object({ email: emailSchema });
export type RequestPasswordResetInput = z.output<typeof requestPasswordResetInput>;

/** The one answer, whether or not an account uses the address (no enumeration). */
export const RESET_LINK_SENT = "If an account uses this address, we've sent a link to choose a new password. It works for 30 minutes.";

export const RESET_LINK_INVALID = 'This link has expired or was already used. Please ask for a new one.';

export const resetPasswordInput = z.object({
  /** The token from the link: 32 random bytes, base64url. */
  token: z
    .string({ required_error: RESET_LINK_INVALID, invalid_type_error: RESET_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{43}$/, RESET_LINK_INVALID),
  password: passwordSchema,
});
export type ResetPasswordInput = z.output<typeof resetPasswordInput>;

/** Minutes a reset link works for. */
export const RESET_LINK_MINUTES = 30;
