// An app over a real SQLite file in a fresh temp DATA_DIR, driven in-process with app.request. In the server-pg
// project its data is in a fresh database of the run's PostgreSQL instead (docs/decisions/0021-postgresql.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDeps, type DepsOverrides } from '../../server/src/deps';
import { anonymous } from '../../server/src/core/shared/core-deps';
import { openDatabase } from '../../server/src/db/open-database';
import { createCaller } from '../../server/src/transport/trpc/app-router';
import { person, storyHtml } from '../../seed/factories';
import { inject } from 'vitest';
import { checkApiAnswer } from './openapi-answers';
import { dropPostgresDatabase, freshPostgresDatabase } from './postgres-cluster';
import { workerPoolsOfThisFile } from './worker-pools-of-this-file';

export { person, storyHtml };

export const ORIGIN = 'http://localhost';

export interface TestAppOptions extends DepsOverrides {
  env?: Record<string, string>;
  /** An existing DATA_DIR to open (e.g. a restored backup); default a fresh temp folder. */
  dataDir?: string;
  /** Keep the data in SQLite even in the server-pg project (a source for migrate-to-postgres.test.ts). */
  sqlite?: boolean;
}

/** The PostgreSQL cluster of this test run, in the server-pg project only. */
export const postgresBaseUrl: string | undefined = inject('postgresBaseUrl');

/**
 * In the server-pg project, the database of a DATA_DIR: made fresh the first time, and the same one again when
 * the DATA_DIR is opened again (a restart), found through a file in it. undefined: SQLite.
 */
async function postgresFor(dataDir: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!postgresBaseUrl) return undefined;
  const file = path.join(dataDir, 'test-database-url');
  if (fs.existsSync(file)) {
    const url = fs.readFileSync(file, 'utf8');
    const name = new URL(url).pathname.slice(1);
    return { url, drop: () => dropPostgresDatabase(postgresBaseUrl!, name) };
  }
  const created = await freshPostgresDatabase(postgresBaseUrl, inject('postgresTemplate'));
  fs.writeFileSync(file, created.url);
  return created;
}

/**
 * A SQLite file with every migration applied, made once per test process and copied for each new app: running the
 * migrations was most of a test app's start (~50 of ~75 ms of CPU). The app's migrator still checks it.
 */
let migratedSqlite: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  migratedSqlite ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-migrated-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'migrated.sqlite');
    // Closed by its last connection, the file holds everything (no -wal beside it) and stays in WAL mode.
    await (await openDatabase(file)).close();
    return file;
  })();
  return migratedSqlite;
}

export async function makeTestApp(options: TestAppOptions = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-test-'));
  const postgres = options.env?.DATABASE_URL || options.sqlite ? undefined : await postgresFor(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT_SCALE: '0',
    LOG_LEVEL: 'silent',
    // One app in this process, not one of a supervisor's workers: its per-process budgets are whole (ADR 0037).
    WORKERS: '1',
    // A server at ORIGIN: its address is the site's origin for every absolute link (site-origin.ts).
    HOST: 'localhost',
    PORT: '80',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  // Into the new temp DATA_DIR made above only: one given (a restored backup, a seeded folder, a small filesystem) is
  // opened as the server would open it, and nothing is ever copied over a database (COPYFILE_EXCL).
  if (!options.dataDir && config.dataDir === dataDir && !config.databaseUrl && !fs.existsSync(config.dbFile)) {
    fs.copyFileSync(await migratedSqliteFile(), config.dbFile, fs.constants.COPYFILE_EXCL);
  }
  const deps = await createDeps(config, { log: () => undefined, ...workerPoolsOfThisFile(), ...options });
  const logs: string[] = [];
  const app = createApp(deps, {
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    listen: { host: config.host, port: config.port },
    allowedHosts: config.allowedHosts,
    mediaPublicBaseUrl: undefined,
    legalUrl: config.legalUrl,
    log: (m) => logs.push(m),
  });
  return {
    app,
    deps,
    config,
    dataDir,
    logs,
    /** A client with its own cookie jar. */
    client: () => new TestClient(app),
    /** A tRPC caller acting as a given user id (or a visitor). */
    caller: (userId: number | null = null, extra: { signedInAt?: number; sessionId?: number } = {}) => {
      const resHeaders = new Headers();
      const caller = createCaller({
        deps,
        actor: { ...anonymous('test'), userId, signedInAt: extra.signedInAt ?? null, sessionId: extra.sessionId ?? null },
        resHeaders,
        secure: false,
        origin: ORIGIN,
      });
      // The caller is a proxy that turns every property into a procedure path, so resHeaders is served by a proxy of our own.
      return new Proxy(caller, {
        get: (target, key, receiver) => (key === 'resHeaders' ? resHeaders : Reflect.get(target, key, receiver)),
      }) as typeof caller & { resHeaders: Headers };
    },
    async userId(username: string): Promise<number> {
      const row = await deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      return row.id;
    },
    async close() {
      await deps.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/** The newest event's seq (0 when there is none). */
export const lastEventSeq = async (t: Pick<TestApp, 'deps'>): Promise<number> =>
  Number(
    (
      await t.deps.db
        .selectFrom('events')
        .select((e) => e.fn.max('seq').as('seq'))
        .executeTakeFirstOrThrow()
    ).seq ?? 0,
  );

export interface TestResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON answer, whose shape each test asserts as it reads it.
  body: any;
  text: string;
  headers: Headers;
}

export class TestClient {
  cookie: string | null = null;
  /** The reader passes this client holds (docs/decisions/0026-who-can-read-a-story.md). */
  passCookie: string | null = null;
  constructor(private readonly app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> }) {}

  async send(method: string, url: string, body?: unknown, init: RequestInit & { raw?: boolean } = {}): Promise<TestResponse> {
    const headers = new Headers(init.headers);
    const cookies = [this.cookie, this.passCookie].filter(Boolean).join('; ');
    if (cookies) headers.set('cookie', cookies);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (typeof body === 'string' && init.raw) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set('content-type', 'application/json');
    }
    const res = await this.app.request(`${ORIGIN}${url}`, { ...init, method, headers, body: payload });
    const setCookie = res.headers.get('set-cookie');
    const match = setCookie?.match(/access_token=([^;]*)/);
    if (match) this.cookie = match[1] ? `access_token=${match[1]}` : null;
    const pass = setCookie?.match(/reader_pass=([^;]*)/);
    if (pass) this.passCookie = pass[1] ? `reader_pass=${pass[1]}` : null;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    // Every /api answer must be one the OpenAPI document describes (docs/decisions/0040-openapi-for-the-rest-layer.md).
    checkApiAnswer(method, url, res.status, res.headers, parsed);
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  get(url: string, init?: RequestInit) {
    return this.send('GET', url, undefined, init);
  }
  post(url: string, body?: unknown, init?: RequestInit & { raw?: boolean }) {
    return this.send('POST', url, body, init);
  }
  delete(url: string, body?: unknown, init?: RequestInit) {
    return this.send('DELETE', url, body, init);
  }
}

/** Registers and signs in a new person; returns the signed-in client and the fields used. */
export async function signedInPerson(t: TestApp, overrides: Record<string, unknown> = {}) {
  const fields = person(overrides);
  const client = t.client();
  const reg = await client.post('/api/auth/register', fields);
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const login = await client.post('/api/auth/login', { email: fields.email, password: fields.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { client, ...fields, id: await t.userId(fields.username) };
}
