// The RateLimiter port on rate-limiter-flexible's memory store: consume reports what is used, refund gives
// a point back but never below zero (a refund after the window ended must not credit the next one).
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../server/src/adapters/rate-limit/memory-rate-limiter';
import { loadConfig } from '../../server/src/config';

const limiter = () => createMemoryRateLimiter(loadConfig({ DATA_DIR: '/tmp/unused', RATE_LIMIT_SCALE: '0.1' }).rateLimits); // 1 failure per pair

describe('memory rate limiter', () => {
  it('consume counts, refuses past the budget with a wait, and refund gives a point back', async () => {
    const l = limiter();
    expect(await l.used('loginFailuresPerPair', 'k')).toBe(0);
    expect(await l.consume('loginFailuresPerPair', 'k')).toEqual({ allowed: true, used: 1 });
    const refused = await l.consume('loginFailuresPerPair', 'k');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSec).toBeGreaterThan(800);
    await l.refund('loginFailuresPerPair', 'k');
    expect(await l.used('loginFailuresPerPair', 'k')).toBe(1);
  });

  it('refund never goes below zero', async () => {
    const l = limiter();
    await l.refund('loginFailuresPerPair', 'fresh');
    expect(await l.used('loginFailuresPerPair', 'fresh')).toBe(0);
    expect(await l.consume('loginFailuresPerPair', 'fresh')).toEqual({ allowed: true, used: 1 });
    expect((await l.consume('loginFailuresPerPair', 'fresh')).allowed).toBe(false);
  });
});
