// The weekly question's one-click unsubscribe link (docs/decisions/0031-one-question-a-week.md), made as a follower's
// is (ADR 0027): `<user id>.<keyed hash of purpose and id>`, nothing stored, valid as long as the account, and of no
// use for anything else.
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: Buffer, userId: number) =>
  createHmac('sha256', secret).update(`weekly-question-unsubscribe:${userId}`).digest('base64url');

export const weeklyUnsubscribeToken = (secret: Buffer, userId: number): string => `${userId}.${mac(secret, userId)}`;

/** The account a token names, or null when it was not made here. */
export function userOfUnsubscribeToken(secret: Buffer, token: string): number | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const given = Buffer.from(m[2]!);
  const expected = Buffer.from(mac(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
