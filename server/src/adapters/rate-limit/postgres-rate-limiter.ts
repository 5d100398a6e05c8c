// Rate limits shared by every app instance on one PostgreSQL database (docs/decisions/0021-postgresql.md), with
// rate-limiter-flexible's PostgreSQL store: N instances do not multiply a budget (the sign-in allowance above all).
// One table for every rule (keys carry the rule's name), made here like the library's own, not by a migration:
// it belongs to this adapter as the embedded search tables belong to theirs.
import type pg from 'pg';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import { PER_INSTANCE_RULES, type RateLimiter, type RateRule, type RateRuleName, type RateRules } from '../../ports/rate-limiter';
import { rateLimiterOver } from './memory-rate-limiter';

const TABLE = 'rate_limits';
const MADE_BY_ANOTHER = new Set(['23505', '42710', '42P07']);

export async function createPostgresRateLimiter(pool: pg.Pool, rules: RateRules): Promise<RateLimiter> {
  try {
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (key VARCHAR(255) PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT)`,
    );
  } catch (err) {
    // Two instances starting at once: the other one made it. IF NOT EXISTS does not cover a CREATE running at the
    // same time, which fails on the catalog's unique index (23505), or on the table's row type or the table itself
    // (42710, 42P07), depending on where the two meet.
    if (!MADE_BY_ANOTHER.has((err as { code?: string }).code ?? '')) throw err;
  }
  const limiters = new Map<RateRuleName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(rules) as [RateRuleName, RateRule][]) {
    const budget = { keyPrefix: name, points: rule.points, duration: rule.durationSec };
    if (PER_INSTANCE_RULES.includes(name)) {
      limiters.set(name, new RateLimiterMemory(budget));
      continue;
    }
    limiters.set(
      name,
      new RateLimiterPostgres({
        ...budget,
        storeClient: pool,
        storeType: 'pool',
        tableName: TABLE,
        tableCreated: true,
        // While PostgreSQL does not answer, each instance counts on its own rather than failing every sign-in.
        insuranceLimiter: new RateLimiterMemory(budget),
      }),
    );
  }
  return rateLimiterOver(limiters);
}
