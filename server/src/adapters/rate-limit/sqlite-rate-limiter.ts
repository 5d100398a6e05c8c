// Rate limits shared by every server process on one SQLite file (docs/decisions/0037-processes-on-one-sqlite-file.md),
// as postgres-rate-limiter.ts shares them between instances on PostgreSQL: N processes do not multiply a budget (the
// sign-in allowance above all). rate-limiter-flexible's RateLimiterSQLite (better-sqlite3), its table and its fixed
// windows, with its statements run on the app's own connection, one statement each (an upsert with RETURNING), and
// never inside another request's open transaction: a count taken there would be rolled back with it. A second
// connection would not do: waiting synchronously for this process's own open transaction, it would wait in vain.
import type BetterSqlite3 from 'better-sqlite3';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterSQLite } from 'rate-limiter-flexible';
import { PER_INSTANCE_RULES, type RateLimiter, type RateRule, type RateRuleName, type RateRules } from '../../ports/rate-limiter';
import { rateLimiterOver } from './memory-rate-limiter';

const TABLE = 'rate_limits';

type Run = <T>(fn: () => T) => Promise<T>;

interface Row {
  points: number;
  expire: number | null;
}

/** The library's SQLite store, its statements prepared once and run through `run`. */
class SharedSqliteLimiter extends RateLimiterSQLite {
  private readonly statements: {
    add: BetterSqlite3.Statement<[string, number, number | null, number, number], Row>;
    set: BetterSqlite3.Statement<[string, number, number | null], Row>;
    get: BetterSqlite3.Statement<[string, number], Row>;
    remove: BetterSqlite3.Statement<[string]>;
    expired: BetterSqlite3.Statement<[number]>;
  };

  constructor(
    raw: BetterSqlite3.Database,
    budget: { keyPrefix: string; points: number; duration: number },
    private readonly run: Run,
    /** Deletes windows that ended over an hour ago, every five minutes (the library's timer, unref'd); one rule is enough. */
    clearExpiredByTimeout: boolean,
  ) {
    super({ ...budget, storeClient: raw, storeType: 'better-sqlite3', tableName: TABLE, tableCreated: true, clearExpiredByTimeout });
    // The same statements as RateLimiterSQLite's own.
    this.statements = {
      add: raw.prepare(
        `INSERT INTO ${TABLE} (key, points, expire) VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET
           points = CASE WHEN expire IS NULL OR expire > ? THEN points + excluded.points ELSE excluded.points END,
           expire = CASE WHEN expire IS NULL OR expire > ? THEN expire ELSE excluded.expire END
         RETURNING points, expire`,
      ),
      set: raw.prepare(`INSERT OR REPLACE INTO ${TABLE} (key, points, expire) VALUES (?, ?, ?) RETURNING points, expire`),
      get: raw.prepare(`SELECT points, expire FROM ${TABLE} WHERE key = ? AND (expire > ? OR expire IS NULL)`),
      remove: raw.prepare(`DELETE FROM ${TABLE} WHERE key = ?`),
      expired: raw.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`),
    };
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Row> {
    return this.run(() => {
      const now = Date.now();
      const expire = msDuration > 0 ? now + msDuration : null;
      return forceExpire ? this.statements.set.get(rlKey, points, expire)! : this.statements.add.get(rlKey, points, expire, now, now)!;
    });
  }

  _get(rlKey: string): Promise<Row | null> {
    return this.run(() => this.statements.get.get(rlKey, Date.now()) ?? null);
  }

  _delete(rlKey: string): Promise<boolean> {
    return this.run(() => this.statements.remove.run(rlKey).changes > 0);
  }

  /** Never rejects: the library's timer does not catch, and a closed database (a test's end) is no error here. */
  clearExpired(nowMs: number): Promise<void> {
    return this.run(() => void this.statements.expired.run(nowMs)).catch(() => undefined);
  }
}

export interface SqliteRateLimiterOptions {
  /**
   * Runs a statement at once unless a transaction is open on the connection, else once it has ended (deps.ts hands
   * it db/outside-transactions.ts).
   */
  outsideTransactions: Run;
  /** Server processes sharing the machine: each counts 1/processes of a per-process budget (reads) in its memory. */
  processes?: number;
}

export function createSqliteRateLimiter(raw: BetterSqlite3.Database, rules: RateRules, options: SqliteRateLimiterOptions): RateLimiter {
  raw.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
  const run = options.outsideTransactions;
  const processes = Math.max(1, options.processes ?? 1);
  const limiters = new Map<RateRuleName, RateLimiterAbstract>();
  let shared = 0;
  for (const [name, rule] of Object.entries(rules) as [RateRuleName, RateRule][]) {
    const budget = { keyPrefix: name, points: rule.points, duration: rule.durationSec };
    if (PER_INSTANCE_RULES.includes(name)) {
      // A round-robin share of a client's requests comes to each process: its share of the budget, at least one.
      limiters.set(name, new RateLimiterMemory({ ...budget, points: Math.max(1, Math.ceil(rule.points / processes)) }));
      continue;
    }
    limiters.set(name, new SharedSqliteLimiter(raw, budget, run, shared++ === 0));
  }
  return rateLimiterOver(limiters);
}
