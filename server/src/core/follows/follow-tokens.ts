// The ids of follows and the tokens of their emailed links (docs/decisions/0027-followers-and-digests.md). A token is
// `<follow_id>.<keyed hash of purpose and id>`: nothing secret is stored, a rebuild keeps every link working (the id
// comes from the event), and a token made for one purpose (confirm) never works for another (unsubscribe).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type FollowLinkPurpose = 'follow-confirm' | 'follow-unsubscribe';

/** A new follow's id: 128 random bits. */
export const newFollowId = (): string => randomBytes(16).toString('base64url');

const mac = (secret: Buffer, purpose: FollowLinkPurpose, followId: string) =>
  createHmac('sha256', secret).update(`${purpose}:${followId}`).digest('base64url');

export const followToken = (secret: Buffer, purpose: FollowLinkPurpose, followId: string): string =>
  `${followId}.${mac(secret, purpose, followId)}`;

/** The follow id a token names, or null when it was not made here for this purpose. */
export function followIdOf(secret: Buffer, purpose: FollowLinkPurpose, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
