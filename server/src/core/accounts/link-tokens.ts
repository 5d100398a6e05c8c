// Tokens of emailed links (password reset, email change, email verification; ADR 0014): 256 random bits that ride
// in the URL's fragment, of which only a keyed hash is stored. The purpose is part of what is hashed, so a token
// made for one kind of link never matches a row of another.
import { createHmac, randomBytes } from 'node:crypto';
import type { CoreDeps } from '../shared/core-deps';

export type LinkPurpose = 'password-reset' | 'email-change' | 'email-verification';

/** The stored form of a link's token. */
export const linkTokenHash = (secret: Buffer, purpose: LinkPurpose, token: string): string =>
  createHmac('sha256', secret).update(`${purpose}:${token}`).digest('hex');

/** A new link's token, and its stored form. */
export function newLinkToken(secret: Buffer, purpose: LinkPurpose): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: linkTokenHash(secret, purpose, token) };
}

/**
 * Makes and mails a link after the answer has gone: a request for a known address then takes no longer than one for
 * an unknown address (no enumeration by timing). A failure is logged, never answered.
 */
export function mailAfterAnswer(deps: Pick<CoreDeps, 'log'>, failure: string, send: () => Promise<void>): void {
  setImmediate(() => {
    send().catch((err: unknown) => deps.log(`${failure}: ${(err as Error).message}`));
  });
}
