// The RateLimiter contract (tests/ports/rate-limiter.case.ts) against each store: memory and SQLite in the server
// project, PostgreSQL in server-pg. SQLite's specifics: a count taken while another request's transaction is open on
// the connection is not rolled back with it (ADR 0037).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../server/src/adapters/rate-limit/memory-rate-limiter';
import { createPostgresRateLimiter } from '../../server/src/adapters/rate-limit/postgres-rate-limiter';
import { createSqliteRateLimiter } from '../../server/src/adapters/rate-limit/sqlite-rate-limiter';
import { openDatabase } from '../../server/src/db/open-database';
import { outsideTransactions } from '../../server/src/db/outside-transactions';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { postgresBaseUrl } from '../support/test-app';
import { contractRules, runRateLimiterContract } from '../ports/rate-limiter.case';

async function sqliteStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limits-'));
  const file = path.join(dir, 'life-story.sqlite');
  const opened = [await openDatabase(file)];
  return {
    limiter: createSqliteRateLimiter(opened[0]!.raw, contractRules, {
      outsideTransactions: outsideTransactions(opened[0]!.db, opened[0]!.raw),
    }),
    another: async () => {
      const second = await openDatabase(file);
      opened.push(second);
      return createSqliteRateLimiter(second.raw, contractRules, { outsideTransactions: outsideTransactions(second.db, second.raw) });
    },
    opened,
    cleanup: async () => {
      for (const o of opened) await o.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (!postgresBaseUrl) {
  runRateLimiterContract('memory', async () => ({ limiter: createMemoryRateLimiter(contractRules), cleanup: async () => undefined }));
  runRateLimiterContract('SQLite', sqliteStore);

  describe('SQLite rate limiter specifics', () => {
    it("does not count inside another request's open transaction, so its rollback does not undo the count", async () => {
      const store = await sqliteStore();
      try {
        const { db } = store.opened[0]!;
        const counted = db
          .transaction()
          .execute(async (trx) => {
            await trx.selectFrom('users').select('id').execute();
            // Another request consumes while this transaction is open, then this one fails.
            const consumed = store.limiter.consume('loginPerClient', 'k');
            await trx.selectFrom('users').select('id').execute();
            throw Object.assign(new Error('rolled back'), { consumed });
          })
          .catch((err: { consumed: Promise<unknown> }) => err.consumed);
        expect(await counted).toEqual({ allowed: true, used: 1 });
        expect(await store.limiter.used('loginPerClient', 'k')).toBe(1);
      } finally {
        await store.cleanup();
      }
    });

    it('gives readsPerClient, counted in each process, its share of the budget per process', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limits-'));
      const opened = await openDatabase(path.join(dir, 'life-story.sqlite'));
      try {
        const rules = { ...contractRules, readsPerClient: { points: 10, durationSec: 60 } };
        const limiter = createSqliteRateLimiter(opened.raw, rules, {
          outsideTransactions: outsideTransactions(opened.db, opened.raw),
          processes: 4,
        });
        const answers = await Promise.all(Array.from({ length: 5 }, () => limiter.consume('readsPerClient', 'k')));
        expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false, false]);
      } finally {
        await opened.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
} else {
  const baseUrl = postgresBaseUrl;
  runRateLimiterContract('PostgreSQL', async () => {
    const database = await freshPostgresDatabase(baseUrl);
    const pools = [new pg.Pool({ connectionString: database.url, max: 3 })];
    return {
      limiter: await createPostgresRateLimiter(pools[0]!, contractRules),
      another: async () => {
        const pool = new pg.Pool({ connectionString: database.url, max: 3 });
        pools.push(pool);
        return createPostgresRateLimiter(pool, contractRules);
      },
      cleanup: async () => {
        for (const pool of pools) await pool.end();
        await database.drop();
      },
    };
  });
}
