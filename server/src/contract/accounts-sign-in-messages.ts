// Sign-in answers the client recognises. No imports: the client bundles this file without zod (the login screen is
// part of the reader's bundle).

/** The start of the 403 sign-in answer; the client offers "Send the link again" after it. */
export const EMAIL_NOT_VERIFIED_START = 'Please confirm your email address first';
