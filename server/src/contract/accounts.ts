// Accounts: registering, signing in, the profile, the password and the email address (ADR 0019 for the links by
// email). Field names follow the /api contract (snake_case); see README.md in this folder.
import { z } from 'zod';
import { weeklyScheduleInput } from './weekly-question';
import { EMAIL_NOT_VERIFIED_START } from './accounts-sign-in-messages';
import { LIMITS } from './limits';
import { LOCALES } from './locale';
import { cleanLine, hasVisibleText } from './visible-text';

const trimmed = (schema: z.ZodString) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), schema);

/** The token from a link sent by email: 32 random bytes, base64url; anything else gets `invalid`. */
const linkToken = (invalid: string) =>
  z.string({ required_error: invalid, invalid_type_error: invalid }).regex(/^[A-Za-z0-9_-]{43}$/, invalid);

// ---- fields ----

/**
 * Checked as typed, then lower-cased: lower-casing first would let non-ASCII letters in (U+212A KELVIN SIGN
 * becomes 'k'). The pattern leaves no room for controls, invisible or look-alike characters.
 */
export const usernameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ required_error: 'Username is required.', invalid_type_error: 'Username must be text.' })
    .min(1, 'Username is required.')
    .regex(/^[A-Za-z0-9_.]{3,30}$/, 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.')
    .transform((s) => s.toLowerCase()),
);

export const emailSchema = trimmed(
  z
    .string({ required_error: 'Email is required.', invalid_type_error: 'Email must be text.' })
    .min(1, 'Email is required.')
    .max(LIMITS.emailMax, 'Email is too long.')
    .email('Please enter a valid email address.'),
);

export const passwordSchema = z
  .string({ required_error: 'Password is required.', invalid_type_error: 'Password must be text.' })
  .min(1, 'Password is required.')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters.`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`);

/** An optional name: blank becomes null; controls go (cleanLine); a name of only invisible characters is refused. */
export const nameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : cleanLine(v)) : (v ?? null)),
  z
    .string({ invalid_type_error: 'Names must be text.' })
    .max(LIMITS.nameMax, `Names must be at most ${LIMITS.nameMax} characters.`)
    .refine(hasVisibleText, 'Names must have visible characters (leave a name empty to give none).')
    .nullable(),
);

/** A calendar date as YYYY-MM-DD; a longer ISO string is cut to its date. Age rules need the clock, so the core checks them. */
export const dobSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v.trim()) ? v.trim().slice(0, 10) : v),
  z
    .string({ required_error: 'Date of birth is required.', invalid_type_error: 'Date of birth must be a date.' })
    .min(1, 'Date of birth is required.')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD).')
    .refine(isRealDate, 'Date of birth must be a real date.'),
);

function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The old client sends 0, 1, true, false or null. */
export const isPrivateSchema = z.preprocess(
  (v) => (v === null || v === undefined ? false : v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v),
  z.boolean({ invalid_type_error: 'is_private must be true or false.' }),
);

/**
 * The current password, for what a stolen session must not do alone (a new email address, deleting the account,
 * downloading all data, a new password): optional, since a sign-in within the last ten minutes stands for it
 * (docs/decisions/0009-sign-in-and-account-change-limits.md). Blank counts as not given.
 */
export const currentPasswordSchema = z
  .string({ invalid_type_error: 'Your current password must be text.' })
  .max(1024, 'Your current password is incorrect.')
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** An answer that is one sentence to show. */
export const messageOutput = z.object({ message: z.string() });

// ---- registering and signing in ----

export const registerInput = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  dob: dobSchema,
  password: passwordSchema,
  /** "Send me one question a week to help me write", ticked: its day and time (docs/decisions/0031-one-question-a-week.md). */
  weekly_question: weeklyScheduleInput.optional(),
});
export type RegisterInput = z.output<typeof registerInput>;

export const registerOutput = z.object({ username: z.string(), verification_sent_to: z.string().optional() });

export const loginInput = z.object({
  email: trimmed(
    z
      .string({ required_error: 'Email is required.', invalid_type_error: 'Email must be text.' })
      .min(1, 'Email is required.')
      .max(LIMITS.emailMax, 'Incorrect email or password.'),
  ),
  password: z
    .string({ required_error: 'Password is required.', invalid_type_error: 'Password must be text.' })
    .min(1, 'Password is required.')
    .max(1024, 'Incorrect email or password.'),
});
export type LoginInput = z.output<typeof loginInput>;

/** Typing the password again (before downloading all data): counts as a fresh sign-in of this session. */
export const reauthenticateInput = z.object({
  current_password: z
    .string({ required_error: 'Please enter your current password.', invalid_type_error: 'Your current password must be text.' })
    .min(1, 'Please enter your current password.')
    .max(1024, 'Your current password is incorrect.'),
});
export type ReauthenticateInput = z.output<typeof reauthenticateInput>;

// ---- the profile ----

export const editProfileInput = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  dob: dobSchema,
  is_private: isPrivateSchema,
  /** Needed only when the address changes (see currentPasswordSchema). */
  current_password: currentPasswordSchema,
});
export type EditProfileInput = z.output<typeof editProfileInput>;

export const changePasswordInput = z.object({
  password: passwordSchema,
  current_password: currentPasswordSchema,
});
export type ChangePasswordInput = z.output<typeof changePasswordInput>;

/** Deleting the account: the current password, or a recent sign-in. No input at all is the same as none given. */
export const deleteAccountInput = z.object({ current_password: currentPasswordSchema }).optional();
export type DeleteAccountInput = z.output<typeof deleteAccountInput>;

export const profileOutput = z.object({
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  /** YYYY-MM-DDT00:00:00.000 (no zone), so `new Date()` gives the right local day. */
  dob: z.string().describe('YYYY-MM-DDT00:00:00.000, no zone: `new Date(dob)` is the right local day.'),
  age: z.number().int(),
  image: z.string().nullable().describe('A file name under /public/uploads/, or null.'),
  is_private: z.boolean(),
});
export type Profile = z.infer<typeof profileOutput>;

export const sessionUserOutput = z.object({ user_info: profileOutput.omit({ age: true }) });
export type SessionUser = z.infer<typeof sessionUserOutput>;
/**
 * tRPC's sign-in answer: the session user and the account's interface language (null until chosen), so the app
 * switches to it at once (docs/decisions/0042-interface-languages.md). The spec's /api/auth/login keeps its shape.
 */
export const signInOutput = sessionUserOutput.extend({ locale: z.enum(LOCALES).nullable() });

// ---- "Forgot your password?": ask for a link by email, then set a new password with it ----

export const requestPasswordResetInput = z.object({ email: emailSchema });
export type RequestPasswordResetInput = z.output<typeof requestPasswordResetInput>;

/** The one answer, whether or not an account uses the address (no enumeration). */
export const RESET_LINK_SENT = "If an account uses this address, we've sent a link to choose a new password. It works for 30 minutes.";

export const RESET_LINK_INVALID = 'This link has expired or was already used. Please ask for a new one.';

export const resetPasswordInput = z.object({
  token: linkToken(RESET_LINK_INVALID),
  password: passwordSchema,
});
export type ResetPasswordInput = z.output<typeof resetPasswordInput>;

/** Minutes a reset link works for. */
export const RESET_LINK_MINUTES = 30;

// ---- changing the email address: a link to the new address confirms it ----

export const requestEmailChangeInput = z.object({ email: emailSchema, current_password: currentPasswordSchema });
export type RequestEmailChangeInput = z.output<typeof requestEmailChangeInput>;

export const requestEmailChangeOutput = z.object({ message: z.string(), email: z.string() });

export const EMAIL_CHANGE_LINK_INVALID = 'This link has expired or was already used. Please ask for a new one from your profile.';
export const EMAIL_UNCHANGED = 'This is already the email address of your account.';

export const confirmEmailChangeInput = z.object({ token: linkToken(EMAIL_CHANGE_LINK_INVALID) });
export type ConfirmEmailChangeInput = z.output<typeof confirmEmailChangeInput>;

/** Hours a confirmation link works for. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const pendingEmailChangeOutput = z.object({ email: z.string(), expires_at: z.string() }).nullable();
export type PendingEmailChange = z.output<typeof pendingEmailChangeOutput>;

export const CANCEL_LINK_INVALID =
  'This link has expired or was already used. If someone else may be using your account, choose a new password with “Forgot your password?”.';

/** "This wasn't me": the token of the link in the notice to the address being replaced. */
export const cancelEmailChangeInput = z.object({ token: linkToken(CANCEL_LINK_INVALID) });
export type CancelEmailChangeInput = z.output<typeof cancelEmailChangeInput>;

/** The address an opened link confirmed (a changed address, or a new account's). */
export const confirmedEmailOutput = z.object({ email: z.string() });

// ---- email verification on registration, behind REQUIRE_EMAIL_VERIFICATION ----
// A link to the address confirms it; until then the right password is answered with a 403 that offers to send the
// link again.

/** Hours a verification link works for: long enough to find the email again the next day. */
export const VERIFY_LINK_HOURS = 48;

export const VERIFY_LINK_INVALID = 'This link has expired or was already used. Please sign in and ask for a new one.';

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

export const verifyEmailInput = z.object({ token: linkToken(VERIFY_LINK_INVALID) });
export type VerifyEmailInput = z.output<typeof verifyEmailInput>;

/** accounts.setLocale's input: the language of the person's pages and emails from now on (contract/locale.ts). */
export const setLocaleInput = z.object({ locale: z.enum(LOCALES) });
