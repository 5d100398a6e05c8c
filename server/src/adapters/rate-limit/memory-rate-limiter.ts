// Per-process rate limiting with rate-limiter-flexible; with PostgreSQL, postgres-rate-limiter.ts shares the counts.
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiter, RateRule, RateRuleName, RateRules } from '../../ports/rate-limiter';

export function createMemoryRateLimiter(rules: RateRules): RateLimiter {
  const limiters = new Map<RateRuleName, RateLimiterMemory>();
  for (const [name, rule] of Object.entries(rules) as [RateRuleName, RateRule][]) {
    limiters.set(name, new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSec }));
  }
  return rateLimiterOver(limiters);
}

/** The RateLimiter port over one rate-limiter-flexible limiter per rule, whatever its store. */
export function rateLimiterOver(limiters: Map<RateRuleName, RateLimiterAbstract>): RateLimiter {
  const used = async (rule: RateRuleName, key: string) => (await limiters.get(rule)!.get(key))?.consumedPoints ?? 0;
  return {
    async consume(rule, key) {
      try {
        const res = await limiters.get(rule)!.consume(key);
        return { allowed: true, used: res.consumedPoints };
      } catch (res) {
        if (res instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        }
        throw res;
      }
    },
    async refund(rule, key) {
      // Not below zero: a window that ended meanwhile must not start the next one with a credit.
      if ((await used(rule, key)) > 0) await limiters.get(rule)!.reward(key);
    },
    used,
  };
}
