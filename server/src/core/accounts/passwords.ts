// argon2id with the OWASP parameters: 19 MiB memory, 2 iterations, parallelism 1.
import argon2 from 'argon2';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

/** What every server hashes with. */
export const OWASP_COST: HashCost = { memoryCost: 19 * 1024, timeCost: 2 };

let cost: HashCost = OWASP_COST;

/**
 * For test runs only: hashes made after this call use `next` (tests/support/light-password-hashing.ts, a vitest
 * setup file, makes them ~100x cheaper: a person signed up and in cost ~250 ms of CPU, thousands of them a run).
 * Verifying reads the parameters from each hash, so hashes of either cost keep verifying. No setting or environment
 * variable reaches this: a server hashes at OWASP_COST.
 */
export function hashPasswordsAtCost(next: HashCost): void {
  cost = next;
  dummyHash = undefined;
}

export async function hashPassword(password: string): Promise<string> {
  return canonicalEncoding(await argon2.hash(password, { type: argon2.argon2id, parallelism: 1, ...cost }));
}

/**
 * node-argon2 writes the parameters as m,p,t; the reference encoding is m,t,p, and libargon2's and
 * libsodium's decoders accept only that order. Store the standard form (node-argon2 verifies both).
 */
function canonicalEncoding(hash: string): string {
  return hash.replace(/^\$argon2id\$v=(\d+)\$m=(\d+),p=(\d+),t=(\d+)\$/, (_, v, m, p, t) => `$argon2id$v=${v}$m=${m},t=${t},p=${p}$`);
}

// Verified against when the email is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
