// DATABASE_URL (docs/decisions/0021-postgresql.md): what the server says, in one line, when PostgreSQL is
// misconfigured or away at start, and that a bad value never reaches a connection attempt.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, servingProblems } from '../../server/src/config';
import { createDeps } from '../../server/src/deps';
import { DATABASE_AWAY } from '../../server/src/db/open-postgres';
import { builtServer } from '../support/server-command';
import { closedLoopbackPort } from '../support/closed-port';
import { postgresBehindCuttableProxy } from '../support/cuttable-proxy';
import { makeTestApp, postgresBaseUrl, signedInPerson } from '../support/test-app';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-pg-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATABASE_URL', () => {
  it('must be a postgres:// URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost/db' })).toThrow(
      /DATABASE_URL: must be a URL such as postgres:\/\/user:password@host:5432\/database/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://a:b@db:5432/life' }).databaseUrl).toBe('postgresql://a:b@db:5432/life');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('needs MEILI_URL and SESSION_SECRET to serve (scheduled backups are fine): the server says so in one line and stops', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://a@127.0.0.1:1/x', BACKUP_EVERY_HOURS: '24' });
    expect(servingProblems(config)).toEqual([
      expect.stringContaining('DATABASE_URL selects PostgreSQL, which needs SESSION_SECRET too'),
      expect.stringContaining('DATABASE_URL selects PostgreSQL, which needs MEILI_URL too'),
    ]);
    const secret = 'ab'.repeat(32);
    const ready = loadConfig({ DATABASE_URL: 'postgres://a@127.0.0.1:1/x', MEILI_URL: 'http://127.0.0.1:7700', SESSION_SECRET: secret });
    expect(servingProblems(ready)).toEqual([]);
    expect(ready.sessionSecret).toEqual(Buffer.from(secret, 'hex'));
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be 64 hexadecimal digits/);
    expect(servingProblems(loadConfig({}))).toEqual([]);

    const dataDir = tempDir();
    const run = spawnSync(process.execPath, [builtServer()], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        DATABASE_URL: 'postgres://a@127.0.0.1:1/x',
        SESSION_SECRET: 'cd'.repeat(32),
        MEILI_URL: '',
        LOG_LEVEL: 'info',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}DATABASE_URL selects PostgreSQL, which needs MEILI_URL too: search runs on Meilisearch/),
    ]);
    expect(fs.readdirSync(dataDir)).toEqual([]); // stopped before touching anything
  });

  it('names the server and the reason, without the password, when PostgreSQL cannot be reached at start', async () => {
    const port = await closedLoopbackPort();
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: `postgres://story:s3cret@127.0.0.1:${port}/life`, LOG_LEVEL: 'silent' });
    const failed = await createDeps(config, { log: () => undefined }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(ConfigError);
    expect((failed as Error).message).toMatch(
      new RegExp(`^Could not connect to PostgreSQL at story@127\\.0\\.0\\.1:${port}/life: .*ECONNREFUSED`),
    );
    expect((failed as Error).message).not.toContain('s3cret');
  });

  it.runIf(postgresBaseUrl)('says which database does not exist', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: `${postgresBaseUrl}no_such_database`, LOG_LEVEL: 'silent' });
    await expect(createDeps(config, { log: () => undefined })).rejects.toThrow(
      /^Could not connect to PostgreSQL at .*\/no_such_database: database "no_such_database" does not exist$/,
    );
  });

  it.runIf(postgresBaseUrl)('answers 503 with a sentence while PostgreSQL is away, and serves again once it is back', async () => {
    // The app reaches PostgreSQL through a loopback proxy that this test can cut, as a network or a restart would.
    const postgres = await postgresBehindCuttableProxy(postgresBaseUrl!);
    const t = await makeTestApp({ env: { DATABASE_URL: postgres.url } });
    try {
      const me = await signedInPerson(t);
      postgres.cut();
      const away = await me.client.get('/api/users/profile');
      expect(away.status).toBe(503);
      expect(away.body.message).toBe(DATABASE_AWAY);
      expect(away.headers.get('retry-after')).toBe('5');
      postgres.restore();
      expect((await me.client.get('/api/users/profile')).status).toBe(200);
    } finally {
      await t.close();
      await postgres.close();
    }
  });
});
