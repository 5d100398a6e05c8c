// argon2id with the OWASP parameters: 19 MiB memory, 2 iterations, parallelism 1.
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return canonicalEncoding(await argon2.hash(password, OPTIONS));
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
