// One password for every scale user, hashed ONCE: argon2id costs ~50 ms by design, 100k hashes would take
// over an hour. The hash uses the product's own parameters (read from a hashPassword() result) with a salt
// derived from the seed, so that the same seed writes the same bytes. Every scale user signs in with it.
import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import { hashPassword } from '../../server/src/core/accounts/passwords';

/** The password of every generated user (email: see the users table, `<username>@example.{com,org,net}`). */
export const SCALE_PASSWORD = 'scale-password-1';

function params(hash: string): Map<string, number> {
  const segment = hash.split('$')[3] ?? '';
  return new Map(segment.split(',').map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])] as [string, number]));
}

export async function scalePasswordHash(seed: number): Promise<string> {
  const reference = await hashPassword(SCALE_PASSWORD);
  const p = params(reference);
  const salt = createHash('sha256').update(`life-story scale seed ${seed}`).digest().subarray(0, 16);
  const hash = await argon2.hash(SCALE_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: p.get('m')!,
    timeCost: p.get('t')!,
    parallelism: p.get('p')!,
    salt,
  });
  // Written in the product's (canonical m,t,p) parameter order.
  const parts = hash.split('$');
  const mine = params(hash);
  for (const [k, v] of p) if (mine.get(k) !== v) throw new Error(`argon2 parameter ${k} differs: ${mine.get(k)} != ${v}`);
  parts[3] = reference.split('$')[3]!;
  return parts.join('$');
}
