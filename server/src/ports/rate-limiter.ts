import type { Config } from '../config';

export type RateRuleName = keyof Config['rateLimits'];

export type Consumed = { allowed: true; used: number } | { allowed: false; retryAfterSec: number };

/** Counts attempts per key in fixed windows; `consume` refuses with the seconds to wait once a key's budget is spent. */
export interface RateLimiter {
  /** Takes one point; when allowed, `used` is the points taken in this window, this one included. */
  consume(rule: RateRuleName, key: string): Promise<Consumed>;
  /** Gives back one point taken by `consume` (an attempt that turned out not to count, e.g. a right password). */
  refund(rule: RateRuleName, key: string): Promise<void>;
  /** Points taken in the key's current window (0 when none). */
  used(rule: RateRuleName, key: string): Promise<number>;
}
