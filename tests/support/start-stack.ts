// The whole stack in one call, for testers and developers (docs/testing.md, "The whole stack in one call";
// docs/decisions/0041-typed-client-and-start-stack.md): the real app on a loopback port over real dependencies,
// in containers (testcontainers) when a Docker engine answers, else local stand-ins. Nothing here imports vitest:
// a script run with tsx may call it (`import { startStack } from '#start-stack'`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createLifeStoryClient, type LifeStoryClient } from '../../packages/client/src/index';
import { person } from '../../seed/factories';
import { createApp, type AppOptions } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { setAdminRole } from '../../server/src/core/moderation/admin-grants';
import { createDeps, type AppDeps } from '../../server/src/deps';
import type { Mailer } from '../../server/src/ports/mailer';
import { freshPostgresDatabase, startPostgresCluster } from '../../scripts/postgres-cluster';
import { MEILISEARCH_IMAGE, MINIO_IMAGE, POSTGRES_IMAGE } from './container-images';
import { startS3rver } from './s3-server';

export interface StackOptions {
  /** sqlite (a file in the stack's DATA_DIR, the default) or postgres. */
  database?: 'sqlite' | 'postgres';
  /** embedded (the default) or meilisearch. */
  search?: 'embedded' | 'meilisearch';
  /** disk (DATA_DIR/uploads, the default) or s3. */
  storage?: 'disk' | 's3';
  /**
   * auto (the default): containers when a Docker engine answers, else the local stand-ins; local: never containers;
   * containers: only containers (an error without Docker).
   */
  services?: 'auto' | 'local' | 'containers';
  /** A PostgreSQL to make the stack's database on (postgres://role@host:port/), instead of starting one. */
  postgresBaseUrl?: string;
  /** More environment for the app (infra/.env.example); it wins over the stack's own. */
  env?: Record<string, string>;
  /** The app's Mailer made from its config, instead of the one SMTP_URL chooses. */
  mailer?: (config: Config) => Mailer;
  /** The built client (dist/client) and server render (dist/ssr/entry-server.js): without them, an API-only app. */
  clientDir?: string;
  serverRender?: AppOptions['serverRender'];
  /** Where the app's unexpected errors go (default: stderr). */
  log?: (message: string) => void;
}

export interface StackPerson {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  dob: string;
  password: string;
}

/** A signed-in person: the typed client (@life-story/client) and fetch, both with the session's cookie. */
export interface SignedInClient {
  /** Who it is: every field for a new person, those given to signIn otherwise. */
  person: StackPerson;
  /** access_token=... */
  cookie: string;
  trpc: LifeStoryClient;
  /**
   * A developer token of this person's (ADR 0039), made as the profile's "Developer access" makes one, and the typed
   * client that sends it (no retries: a test sees each refusal).
   */
  token(scopes: Array<'read' | 'write' | 'social'>, name?: string): Promise<{ token: string; client: LifeStoryClient }>;
  /** fetch on the stack's address (a path such as /api/stories/save), signed in, JSON bodies as objects. */
  fetch(pathname: string, init?: Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit }): Promise<Response>;
}

export interface Stack {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  deps: AppDeps;
  config: Config;
  dataDir: string;
  /** What runs behind the app, and where. */
  services: {
    via: 'containers' | 'local' | 'none';
    databaseUrl?: string;
    meiliUrl?: string;
    s3Endpoint?: string;
  };
  /** An admin (made as `npm run admin` does), signed in: made on the first call, the same one after. */
  admin(): Promise<SignedInClient>;
  /** Registers a new person (seed/factories' fields, `overrides` on top) and signs them in. */
  newPerson(overrides?: Partial<StackPerson>): Promise<SignedInClient>;
  /** Signs an existing person in. */
  signIn(who: Pick<StackPerson, 'email' | 'password'> & Partial<StackPerson>): Promise<SignedInClient>;
  /** Stops the app, then everything the stack started, and removes its folders. */
  stop(): Promise<void>;
}

/** Thrown when a combination cannot run on this machine (Meilisearch without Docker): `reason` says why. */
export class StackUnavailable extends Error {}

interface Started {
  env: Record<string, string>;
  stop(): Promise<void>;
}

const MEILI_KEY = 'start-stack-master-key-0123456789';

async function withContainers(options: StackOptions, needed: boolean): Promise<boolean> {
  const mode = options.services ?? 'auto';
  if (!needed || mode === 'local') return false;
  // Asked only when something would run in a container: testcontainers is not loaded for the default stack.
  const { whyNoDocker } = await import('./docker');
  const why = await whyNoDocker();
  if (mode === 'containers' && why) throw new StackUnavailable(`services: 'containers' needs a Docker engine: ${why}`);
  return why === null;
}

async function startDatabase(options: StackOptions, containers: boolean): Promise<Started | undefined> {
  if (options.database !== 'postgres') return undefined;
  if (options.postgresBaseUrl) {
    const db = await freshPostgresDatabase(options.postgresBaseUrl);
    return { env: { DATABASE_URL: db.url }, stop: db.drop };
  }
  if (containers) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(POSTGRES_IMAGE)
      .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off'])
      .start();
    return { env: { DATABASE_URL: container.getConnectionUri() }, stop: async () => void (await container.stop()) };
  }
  const cluster = await startPostgresCluster();
  const db = await freshPostgresDatabase(cluster.baseUrl);
  return { env: { DATABASE_URL: db.url }, stop: () => cluster.stop() };
}

async function startSearch(options: StackOptions, containers: boolean): Promise<Started> {
  if (options.search !== 'meilisearch') return { env: { SEARCH_INDEX: 'embedded' }, stop: async () => undefined };
  if (!containers) {
    throw new StackUnavailable(
      'search: meilisearch needs a Docker engine here: Meilisearch has no local stand-in (tests/support/fake-meilisearch.ts only checks the protocol, it does not search)',
    );
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(MEILISEARCH_IMAGE)
    .withEnvironment({ MEILI_MASTER_KEY: MEILI_KEY, MEILI_NO_ANALYTICS: 'true', MEILI_ENV: 'development' })
    .withExposedPorts(7700)
    .withWaitStrategy(Wait.forHttp('/health', 7700).forStatusCode(200))
    .start();
  return {
    env: {
      SEARCH_INDEX: 'meilisearch',
      MEILI_URL: `http://${container.getHost()}:${container.getMappedPort(7700)}`,
      MEILI_KEY,
      MEILI_INDEX: `stack-${randomBytes(4).toString('hex')}`,
    },
    stop: async () => void (await container.stop()),
  };
}

async function startStorage(options: StackOptions, containers: boolean): Promise<Started | undefined> {
  if (options.storage !== 's3') return undefined;
  const bucket = `stack-${randomBytes(4).toString('hex')}`;
  if (containers) {
    const { MinioContainer } = await import('@testcontainers/minio');
    const minio = await new MinioContainer(MINIO_IMAGE).start();
    return {
      env: {
        S3_ENDPOINT: minio.getConnectionUrl(),
        S3_ACCESS_KEY: minio.getUsername(),
        S3_SECRET_KEY: minio.getPassword(),
        S3_BUCKET: bucket,
      },
      stop: async () => void (await minio.stop()),
    };
  }
  const s3 = await startS3rver();
  return {
    env: { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_BUCKET: bucket },
    stop: () => s3.stop(),
  };
}

/** Stops what was started, last first, even when one of them fails to stop. */
async function stopAll(started: Array<Started | undefined>): Promise<void> {
  for (const s of started.reverse()) await s?.stop().catch(() => undefined);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const needed =
    (options.database === 'postgres' && !options.postgresBaseUrl) || options.search === 'meilisearch' || options.storage === 's3';
  const containers = await withContainers(options, needed);
  const started: Array<Started | undefined> = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-stack-'));
  let server: ServerType | undefined;
  let deps: AppDeps | undefined;
  try {
    started.push(await startDatabase(options, containers));
    started.push(await startSearch(options, containers));
    started.push(await startStorage(options, containers));
    const serviceEnv = Object.assign({}, ...started.map((s) => s?.env ?? {})) as Record<string, string>;
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'silent', ...serviceEnv, ...options.env });
    deps = await createDeps(config, { log: () => undefined, mailer: options.mailer?.(config) });
    deps.projector.start(100);
    // The port is the one the socket gets below: links in emails are made from it (site-origin.ts).
    const listen = { host: '127.0.0.1', port: 0 };
    const app = createApp(deps, {
      trustProxy: false,
      publicOrigin: undefined,
      listen,
      mediaPublicBaseUrl: undefined,
      legalUrl: config.legalUrl,
      clientDir: options.clientDir,
      serverRender: options.serverRender,
      log: options.log ?? ((m) => console.error(m)),
    });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    listen.port = (server.address() as AddressInfo).port;
    const baseUrl = `http://127.0.0.1:${listen.port}`;
    const running = { server, deps };

    const signIn: Stack['signIn'] = async (who) => {
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: who.email, password: who.password }),
      });
      const cookie = res.headers.get('set-cookie')?.match(/access_token=[^;]+/)?.[0];
      if (!res.ok || !cookie) throw new Error(`sign-in of ${who.email}: ${res.status} ${await res.text()}`);
      return signedInClient(baseUrl, cookie, who as StackPerson);
    };
    const newPerson: Stack['newPerson'] = async (overrides = {}) => {
      const p = person(overrides) as StackPerson;
      const res = await fetch(`${baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify(p),
      });
      if (!res.ok) throw new Error(`register ${p.username}: ${res.status} ${await res.text()}`);
      return signIn(p);
    };
    let admin: Promise<SignedInClient> | undefined;

    return {
      baseUrl,
      deps,
      config,
      dataDir,
      services: {
        via: containers ? 'containers' : Object.keys(serviceEnv).some((k) => k !== 'SEARCH_INDEX') ? 'local' : 'none',
        databaseUrl: serviceEnv.DATABASE_URL,
        meiliUrl: serviceEnv.MEILI_URL,
        s3Endpoint: serviceEnv.S3_ENDPOINT,
      },
      admin: () => {
        admin ??= newPerson().then(async (client) => {
          const grant = await setAdminRole(running.deps.db, config, client.person.email, true);
          if (!grant?.admin) throw new Error(`could not make ${client.person.email} an admin`);
          return client;
        });
        return admin;
      },
      newPerson,
      signIn,
      async stop() {
        await new Promise((resolve) => running.server.close(resolve));
        await running.deps.close();
        await stopAll(started);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (server) await new Promise((resolve) => server?.close(resolve));
    await deps?.close().catch(() => undefined);
    await stopAll(started);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

function signedInClient(baseUrl: string, cookie: string, who: StackPerson): SignedInClient {
  // A script is not a browser page: it names the site as its Origin, as the app's own pages do (same-origin.ts).
  const headers = { cookie, origin: baseUrl };
  const trpc = createLifeStoryClient({ url: baseUrl, headers, retry: false });
  return {
    person: who,
    cookie,
    trpc,
    async token(scopes, name = `test: ${scopes.join(', ')}`) {
      const { token } = await trpc.developerTokens.create.mutate({ name, scopes, expiresInDays: 7 });
      return { token, client: createLifeStoryClient({ url: baseUrl, token, retry: false }) };
    },
    fetch(pathname, init = {}) {
      const { json, ...rest } = init;
      const h = new Headers(rest.headers);
      for (const [k, v] of Object.entries(headers)) h.set(k, v);
      if (json !== undefined) h.set('content-type', 'application/json');
      return fetch(`${baseUrl}${pathname}`, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
  };
}
