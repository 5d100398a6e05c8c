// Rate limits with several instances (docs/decisions/0021-postgresql.md): on PostgreSQL the instances count in one
// table, so two instances do not double a client's sign-in allowance. On SQLite there is one instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { from, makeLimitedApp, personFrom } from '../support/limited-app';
import { makeTestApp, postgresBaseUrl, type TestApp } from '../support/test-app';

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
