// The behaviour every RateLimiter adapter must share (memory, SQLite, PostgreSQL: ADR 0009, 0021, 0037). `make`
// returns a limiter over a store of its own, `another` (shared stores only) a second limiter over the same store, as
// a second process or instance has, and `cleanup` removes what it made.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import type { RateLimiter, RateRules } from '../../server/src/ports/rate-limiter';

/** RATE_LIMIT_SCALE 0.1: one sign-in failure per pair, three sign-in attempts per client address. */
export const contractRules: RateRules = loadConfig({ DATA_DIR: '/tmp/unused', RATE_LIMIT_SCALE: '0.1' }).rateLimits;

export interface RateLimiterFixture {
  limiter: RateLimiter;
  another?: () => Promise<RateLimiter>;
  cleanup(): Promise<void>;
}

export function runRateLimiterContract(name: string, make: () => Promise<RateLimiterFixture>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let fixture: RateLimiterFixture;
    let l: RateLimiter;
    let n = 0;
    const key = () => `key-${++n}-${Math.random().toString(36).slice(2)}`;

    beforeEach(async () => {
      fixture = await make();
      l = fixture.limiter;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('consume counts, refuses past the budget with a wait, and refund gives a point back', async () => {
      const k = key();
      expect(await l.used('loginFailuresPerPair', k)).toBe(0);
      expect(await l.consume('loginFailuresPerPair', k)).toEqual({ allowed: true, used: 1 });
      const refused = await l.consume('loginFailuresPerPair', k);
      expect(refused.allowed).toBe(false);
      expect(refused.allowed === false && refused.retryAfterSec).toBeGreaterThan(800);
      await l.refund('loginFailuresPerPair', k);
      expect(await l.used('loginFailuresPerPair', k)).toBe(1);
    });

    it('refund never goes below zero', async () => {
      const k = key();
      await l.refund('loginFailuresPerPair', k);
      expect(await l.used('loginFailuresPerPair', k)).toBe(0);
      expect(await l.consume('loginFailuresPerPair', k)).toEqual({ allowed: true, used: 1 });
      expect((await l.consume('loginFailuresPerPair', k)).allowed).toBe(false);
    });

    it('keeps rules and keys apart', async () => {
      const k = key();
      expect((await l.consume('loginFailuresPerPair', k)).allowed).toBe(true);
      expect((await l.consume('loginFailuresPerPair', key())).allowed).toBe(true);
      expect(await l.consume('loginPerClient', k)).toEqual({ allowed: true, used: 1 });
    });

    it('counts parallel consumes of one key exactly: the budget, no more', async () => {
      const k = key();
      const answers = await Promise.all(Array.from({ length: 10 }, () => l.consume('loginPerClient', k)));
      expect(answers.filter((a) => a.allowed)).toHaveLength(contractRules.loginPerClient.points);
    });

    it('a second limiter over the same store (another process or instance) shares the counts', async (ctx) => {
      if (!fixture.another) return ctx.skip();
      const other = await fixture.another();
      const k = key();
      expect((await l.consume('loginPerClient', k)).allowed).toBe(true);
      expect(await other.consume('loginPerClient', k)).toEqual({ allowed: true, used: 2 });
      expect(await l.used('loginPerClient', k)).toBe(2);
      expect((await l.consume('loginPerClient', k)).allowed).toBe(true);
      expect((await other.consume('loginPerClient', k)).allowed).toBe(false);
    });
  });
}
