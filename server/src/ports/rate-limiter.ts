import type { Config } from '../config';

export type RateRuleName = keyof Config['rateLimits'];

/** Counts attempts per key; `consume` rejects with the seconds to wait once a key's budget is spent. */
export interface RateLimiter {
  /** Resolves when allowed; otherwise resolves to the seconds until the next attempt is allowed. */
  consume(rule: RateRuleName, key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSec: number }>;
}
