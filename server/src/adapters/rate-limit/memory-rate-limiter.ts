// Per-process rate limiting with rate-limiter-flexible (a scale-out deployment would swap in its Redis store).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config';
import type { RateLimiter, RateRuleName } from '../../ports/rate-limiter';

export function createMemoryRateLimiter(rules: Config['rateLimits']): RateLimiter {
  const limiters = new Map<RateRuleName, RateLimiterMemory>();
  for (const [name, rule] of Object.entries(rules) as [RateRuleName, { points: number; durationSec: number }][]) {
    limiters.set(name, new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSec }));
  }
  return {
    async consume(rule, key) {
      try {
        await limiters.get(rule)!.consume(key);
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        }
        throw res;
      }
    },
  };
}
