// What several instances on one PostgreSQL share (docs/decisions/0021-postgresql.md): rate limits count in one
// table, so two instances do not double a client's sign-in allowance; with SESSION_SECRET, a session made by one
// instance is good on another with a DATA_DIR of its own. On SQLite there is one instance.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresRateLimiter } from '../../server/src/adapters/rate-limit/postgres-rate-limiter';
import { loadConfig } from '../../server/src/config';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { from, makeLimitedApp, personFrom } from '../support/limited-app';
import { makeTestApp, postgresBaseUrl, signedInPerson, type TestApp } from '../support/test-app';

describe.runIf(postgresBaseUrl)('two instances on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await makeLimitedApp('0.1'); // 3 sign-in attempts per client every 15 minutes
    two = await makeTestApp({ dataDir: one.dataDir, env: { RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await two?.deps.close();
    await one?.close();
  });

  it('share one sign-in allowance per client: three attempts through either, and the fourth is refused by both', async () => {
    const owner = await personFrom(one, '203.0.113.9'); // its sign-in is this client's first attempt
    const ip = '203.0.113.9';
    const attempt = (t: TestApp) => t.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from(ip));
    expect((await attempt(two)).status).toBe(200);
    expect((await attempt(one)).status).toBe(200);
    const refused = await attempt(two);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts/);
    expect((await attempt(one)).status).toBe(429);
    // Another client is not held back.
    expect(
      (await two.client().post('/api/auth/login', { email: owner.email, password: owner.password }, from('198.51.100.20'))).status,
    ).toBe(200);
  });
});

describe.runIf(postgresBaseUrl)('two instances with their own DATA_DIR and one SESSION_SECRET', () => {
  let one: TestApp;
  let two: TestApp;
  const SESSION_SECRET = '5e'.repeat(32);
  beforeAll(async () => {
    one = await makeTestApp({ env: { SESSION_SECRET } });
    two = await makeTestApp({ env: { SESSION_SECRET, DATABASE_URL: one.config.databaseUrl! } });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('sign in on one, read and write as that person on the other', async () => {
    expect(two.dataDir).not.toBe(one.dataDir);
    const me = await signedInPerson(one);
    const elsewhere = two.client();
    elsewhere.cookie = me.client.cookie;
    const who = await elsewhere.get('/api/users/profile');
    expect(who.status).toBe(200);
    expect(who.body.data.username).toBe(me.username);
    expect((await elsewhere.post('/api/stories/save', { title: 'From two', text: '<p>Hello</p>' })).status).toBe(201);
    const story = await one.deps.db.selectFrom('stories').select('title').where('user_id', '=', me.id).executeTakeFirst();
    expect(story?.title).toBe('From two');
    // Without the shared secret, the other instance's sessions mean nothing here.
    const stranger = await makeTestApp({ env: { DATABASE_URL: one.config.databaseUrl! } });
    const there = stranger.client();
    there.cookie = me.client.cookie;
    expect((await there.get('/api/users/profile')).status).toBe(401);
    await stranger.close();
  });
});

describe.runIf(postgresBaseUrl)('instances starting at once on a new database', () => {
  it('all make or find the rate limits table, whichever CREATE wins (two-processes.test.ts once failed here)', async () => {
    const database = await freshPostgresDatabase(postgresBaseUrl!);
    const pools = Array.from({ length: 8 }, () => new pg.Pool({ connectionString: database.url, max: 1 }));
    try {
      const rules = loadConfig({}).rateLimits;
      const limiters = await Promise.all(pools.map((pool) => createPostgresRateLimiter(pool, rules)));
      expect(limiters).toHaveLength(8);
      const { rows } = await pools[0]!.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'rate_limits'");
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await database.drop();
    }
  });
});
