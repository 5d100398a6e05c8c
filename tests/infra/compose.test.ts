// The compose files are complete and wired: validated by `docker-compose config` (Debian's docker-compose checks a
// file without any engine; `npm test` installs it where it can), then their services and wiring are checked:
// docker-compose.yml (two app instances behind nginx, on PostgreSQL: docs/decisions/0023-several-instances.md) and
// docker-compose.single.yml (one instance on SQLite). Without docker-compose those checks are skipped with a line
// saying so. Also: the env example documents every variable the server reads, and the proxy's config is well formed.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig, servingProblems } from '../../server/src/config';
import { MEILISEARCH_IMAGE, MINIO_IMAGE, MINIO_MC_IMAGE, NGINX_IMAGE, POSTGRES_IMAGE } from '../support/container-images';

const root = path.resolve(__dirname, '../..');
const envExample = path.join(root, 'infra/.env.example');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  volumes?: string[];
  entrypoint?: string[];
  command?: string[];
  ports?: Array<{ published: number | string; target: number; host_ip?: string }>;
}

function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * The resolved compose file as an object. docker-compose 1.x prints YAML only; the Python that runs
 * docker-compose always has PyYAML (compose itself needs it), so that Python turns it into JSON.
 */
function composeConfig(
  compose: string,
  file: string,
  extraEnv: Record<string, string> = {},
): { services: Record<string, Service>; volumes: Record<string, unknown> } {
  // A clean environment, so that nothing set in this shell is interpolated instead of the example's values.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extraEnv };
  const yaml = execFileSync(compose, ['-f', file, '--env-file', envExample, 'config'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const shebang = fs.readFileSync(compose, 'utf8').split('\n', 1)[0] ?? '';
  const python = shebang.startsWith('#!') && /python/.test(shebang) ? shebang.slice(2).trim().split(/\s+/) : ['python3'];
  const json = execFileSync(
    python[0]!,
    [...python.slice(1), '-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    {
      input: yaml,
      env,
      encoding: 'utf8',
    },
  );
  return JSON.parse(json);
}

/** KEY=value pairs of the env example, commented-out ones included (they document a default). */
function exampleVariables(): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of fs.readFileSync(envExample, 'utf8').split('\n')) {
    const m = line.match(/^#?([A-Z][A-Z0-9_]*)=(.*)$/);
    if (m) vars.set(m[1]!, m[2]!);
  }
  return vars;
}

const compose = findOnPath('docker-compose');
const skipCompose = 'docker-compose files (skipped: docker-compose is not installed; Debian: apt-get install docker-compose)';
if (!compose) console.log(skipCompose);
const describeCompose = compose ? describe : describe.skip;

/** The services' environment as the server would read it (compose's null: unset). */
const envOf = (s: Service) => Object.fromEntries(Object.entries(s.environment!).map(([k, v]) => [k, v ?? '']));

/** Meilisearch, MinIO and the bucket setup, wired to `apps` alike in both files. */
function checkSideServices(services: Record<string, Service>, apps: Service[]): void {
  const meili = services.meilisearch!;
  const minio = services.minio!;
  const setup = services['minio-setup']!;
  expect(meili.image).toBe(MEILISEARCH_IMAGE);
  expect(minio.image).toBe(MINIO_IMAGE);
  expect(setup.image).toBe(MINIO_MC_IMAGE);
  expect(meili.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:7700/health');
  expect(minio.healthcheck?.test?.[0]).toMatch(/^CMD/);
  expect(setup.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
  expect(meili.volumes).toEqual(['meili-data:/meili_data:rw']);
  expect(minio.volumes).toEqual(['minio-data:/data:rw']);
  for (const app of apps) {
    const env = app.environment!;
    const url = new URL(env.MEILI_URL!);
    expect([url.hostname, url.port]).toEqual(['meilisearch', '7700']);
    expect(env.MEILI_KEY).toBe(meili.environment!.MEILI_MASTER_KEY);
    expect(env.MEILI_KEY).toBe(exampleVariables().get('MEILI_MASTER_KEY'));
    expect(env.MEILI_KEY!.length).toBeGreaterThanOrEqual(16);
    const s3 = new URL(env.S3_ENDPOINT!);
    expect([s3.hostname, s3.port]).toEqual(['minio', '9000']);
    const senv = setup.environment!;
    expect(senv.S3_BUCKET).toBe(env.S3_BUCKET);
    expect(senv.S3_ACCESS_KEY).toBe(env.S3_ACCESS_KEY);
    expect(senv.S3_SECRET_KEY).toBe(env.S3_SECRET_KEY);
    expect(senv.MEDIA_PUBLIC_BASE_URL).toBe(env.MEDIA_PUBLIC_BASE_URL);
    // Readiness (the database answers), not liveness; and time for the drain SIGTERM starts (ADR 0023).
    expect(app.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:3000/readyz');
    expect(app.stop_grace_period).toBe('40s');
    expect(Number(env.SHUTDOWN_GRACE_SECONDS)).toBeLessThan(40);
    expect(env.DATA_DIR).toBe('/data');
    for (const name of ENV_VARIABLES) expect(Object.keys(env), name).toContain(name);
  }
  expect([setup.environment!.MINIO_ROOT_USER, setup.environment!.MINIO_ROOT_PASSWORD]).toEqual([
    minio.environment!.MINIO_ROOT_USER,
    minio.environment!.MINIO_ROOT_PASSWORD,
  ]);
  const script = setup.command!.join('\n');
  expect(script).toContain('mc alias set local http://minio:9000');
  expect(script).toMatch(/mc mb --ignore-existing "local\/\$\$?S3_BUCKET"/);
  expect(script).toMatch(/mc admin user add local "\$\$?S3_ACCESS_KEY" "\$\$?S3_SECRET_KEY"/);
  expect(script).toMatch(/mc anonymous set download "local\/\$\$?S3_BUCKET"/);
  // Backups hold password hashes and the session secret: their own bucket, never public.
  expect(script).toMatch(/mc mb --ignore-existing "local\/\$\$?S3_BACKUP_BUCKET"/);
  expect(script).toMatch(/mc anonymous set none "local\/\$\$?S3_BACKUP_BUCKET"\s*$/m);
  expect(script).not.toMatch(/anonymous set download "local\/\$\$?S3_BACKUP_BUCKET"/);
}

/** Every image but the app's is pinned to an exact tag. */
function checkPinned(services: Record<string, Service>, built: string[]): void {
  for (const [name, s] of Object.entries(services)) {
    if (built.includes(name)) continue;
    // Not `latest`, not a bare major version such as `15` or `15-bookworm`.
    expect(s.image, name).toMatch(/^[^:]+:(?!latest$)(?!\d+(-[a-z]+)?$)[\w.-]+$/);
  }
}

const SESSION_SECRET = '7e'.repeat(32);

describeCompose('docker-compose.yml: two app instances behind nginx, on PostgreSQL', () => {
  const { services, volumes } = compose
    ? composeConfig(compose, 'docker-compose.yml', { SESSION_SECRET })
    : { services: {} as Record<string, Service>, volumes: {} };
  const apps = [services['app-1']!, services['app-2']!];
  const [one, two] = apps as [Service, Service];
  const postgres = services.postgres!;
  const proxy = services.proxy!;

  it('has PostgreSQL, two app instances, the proxy, Meilisearch, MinIO and the bucket setup', () => {
    expect(Object.keys(services).sort()).toEqual(['app-1', 'app-2', 'meilisearch', 'minio', 'minio-setup', 'postgres', 'proxy']);
    for (const app of apps) {
      expect(app.build).toEqual({ context: root, dockerfile: 'infra/Dockerfile' });
      expect(app.image).toBe('life-story:local');
    }
  });

  it('pins every image to an exact tag, the same as tests/support/container-images.ts', () => {
    expect(postgres.image).toBe(POSTGRES_IMAGE);
    expect(proxy.image).toBe(NGINX_IMAGE);
    expect(POSTGRES_IMAGE).toMatch(/^postgres:15\.\d+-bookworm$/);
    checkPinned(services, ['app-1', 'app-2']);
  });

  it('checks the health of every long-running service', () => {
    for (const s of [...apps, postgres, proxy, services.meilisearch!, services.minio!]) expect(s.healthcheck?.test?.[0]).toMatch(/^CMD/);
    const pgReady = postgres.healthcheck!.test;
    expect(pgReady.slice(1)).toEqual(['pg_isready', '-h', '127.0.0.1', '-U', 'life_story', '-d', 'life_story']);
    expect(proxy.healthcheck!.test.join(' ')).toContain('http://127.0.0.1/proxy-health');
  });

  it('starts the apps once PostgreSQL and Meilisearch are healthy and the bucket exists, app-2 after app-1, the proxy last', () => {
    const base = {
      postgres: { condition: 'service_healthy' },
      meilisearch: { condition: 'service_healthy' },
      'minio-setup': { condition: 'service_completed_successfully' },
    };
    expect(one.depends_on).toEqual(base);
    expect(two.depends_on).toEqual({ ...base, 'app-1': { condition: 'service_healthy' } });
    expect(proxy.depends_on).toEqual({ 'app-1': { condition: 'service_healthy' }, 'app-2': { condition: 'service_healthy' } });
  });

  it('publishes a port on the proxy only', () => {
    expect(proxy.ports?.map((p) => [String(p.published), p.target])).toEqual([['3000', 80]]);
    for (const name of ['app-1', 'app-2', 'postgres', 'meilisearch', 'minio-setup']) expect(services[name]!.ports, name).toBeUndefined();
  });

  it('keeps the data in named volumes', () => {
    expect(Object.keys(volumes).sort()).toEqual(['app-data', 'meili-data', 'minio-data', 'postgres-data']);
    expect(postgres.volumes).toEqual(['postgres-data:/var/lib/postgresql/data:rw']);
    for (const app of apps) expect(app.volumes).toEqual(['app-data:/data:rw']);
  });

  it('gives both instances the same configuration: one database, one SESSION_SECRET, Meilisearch, S3, behind a proxy', () => {
    expect(one.environment).toEqual(two.environment);
    const env = envOf(one);
    expect(env.SESSION_SECRET).toBe(SESSION_SECRET);
    const db = new URL(env.DATABASE_URL!);
    const penv = postgres.environment!;
    expect([db.protocol, db.hostname, db.port, db.pathname]).toEqual(['postgres:', 'postgres', '5432', `/${penv.POSTGRES_DB}`]);
    expect([db.username, decodeURIComponent(db.password)]).toEqual([penv.POSTGRES_USER, penv.POSTGRES_PASSWORD]);
    expect(penv.POSTGRES_PASSWORD).toBe(exampleVariables().get('POSTGRES_PASSWORD'));
    const config = loadConfig(env);
    expect(servingProblems(config)).toEqual([]);
    expect(config).toMatchObject({ searchIndex: 'meilisearch', trustProxy: true, databaseUrl: env.DATABASE_URL });
    expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', bucket: env.S3_BUCKET });
    expect([config.host, config.port, config.dataDir]).toEqual(['0.0.0.0', 3000, '/data']);
    checkSideServices(services, apps);
  });

  it('refuses to start without SESSION_SECRET, saying how to make one', () => {
    const run = spawnSync(compose!, ['-f', 'docker-compose.yml', '--env-file', envExample, 'config'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('set SESSION_SECRET in .env to 64 hex digits, e.g. from openssl rand -hex 32');
  });

  it('mounts infra/nginx.conf, which balances the two instances round-robin and passes the client’s address and scheme', () => {
    expect(proxy.volumes).toEqual([`${path.join(root, 'infra/nginx.conf')}:/etc/nginx/conf.d/default.conf:ro`]);
    const conf = parseNginx(fs.readFileSync(path.join(root, 'infra/nginx.conf'), 'utf8'));
    const upstreams = conf.filter((d) => d.name === 'upstream');
    expect(upstreams).toHaveLength(1);
    const upstream = upstreams[0]!;
    const servers = upstream.block!.filter((d) => d.name === 'server');
    expect(servers.map((d) => d.args[0])).toEqual(['app-1:3000', 'app-2:3000']);
    // Looked up again while nginx runs (a recreated container may get another address): resolve, a zone, Docker's DNS.
    for (const server of servers) expect(server.args).toContain('resolve');
    expect(upstream.block!.find((d) => d.name === 'zone')).toBeDefined();
    expect(upstream.block!.find((d) => d.name === 'resolver')?.args[0]).toBe('127.0.0.11');
    // Round-robin is nginx's default: no other balancing method.
    for (const method of ['ip_hash', 'hash', 'least_conn', 'random']) expect(upstream.block!.map((d) => d.name)).not.toContain(method);
    const server = conf.find((d) => d.name === 'server')!.block!;
    expect(server.find((d) => d.name === 'listen')?.args).toEqual(['80']);
    const root_ = server.find((d) => d.name === 'location' && d.args.join(' ') === '/')!.block!;
    expect(root_.find((d) => d.name === 'proxy_pass')?.args).toEqual([`http://${upstream.args[0]}`]);
    const headers = new Map(root_.filter((d) => d.name === 'proxy_set_header').map((d) => [d.args[0]!.toLowerCase(), d.args[1]]));
    expect(headers.get('x-forwarded-for')).toBe('$remote_addr');
    expect(headers.get('x-forwarded-proto')).toBe('$scheme');
    expect(headers.get('host')).toBe('$http_host');
    const health = server.find((d) => d.name === 'location' && d.args.join(' ') === '= /proxy-health')!.block!;
    expect(health.find((d) => d.name === 'return')?.args[0]).toBe('200');
    // Above the app's 11 MB photo limit, so that the app answers a too-large photo itself.
    expect(server.find((d) => d.name === 'client_max_body_size')?.args).toEqual(['12m']);
  });
});

describeCompose('docker-compose.single.yml: one app instance on SQLite', () => {
  const { services, volumes } = compose
    ? composeConfig(compose, 'docker-compose.single.yml')
    : { services: {} as Record<string, Service>, volumes: {} };
  const app = services.app!;

  it('has the app, Meilisearch, MinIO and a one-shot bucket setup, each image pinned', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'meilisearch', 'minio', 'minio-setup']);
    expect(app.build).toEqual({ context: root, dockerfile: 'infra/Dockerfile' });
    checkPinned(services, ['app']);
  });

  it('starts the app once Meilisearch is healthy and the bucket exists, and keeps the data in named volumes', () => {
    expect(app.depends_on).toEqual({
      meilisearch: { condition: 'service_healthy' },
      'minio-setup': { condition: 'service_completed_successfully' },
    });
    expect(Object.keys(volumes).sort()).toEqual(['app-data', 'meili-data', 'minio-data']);
    expect(app.volumes).toEqual(['app-data:/data:rw']);
  });

  it('gives the app a configuration the server accepts: SQLite in /data, Meilisearch search and S3 files', () => {
    const config = loadConfig(envOf(app));
    expect(servingProblems(config)).toEqual([]);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.meili).toMatchObject({ url: 'http://meilisearch:7700', index: 'life-story' });
    expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', bucket: envOf(app).S3_BUCKET });
    checkSideServices(services, [app]);
  });
});

interface NginxDirective {
  name: string;
  args: string[];
  block?: NginxDirective[];
}

/**
 * nginx's configuration syntax: directives of words ending in `;`, or in a `{ … }` block; `#` comments; quoted
 * strings. Throws on what nginx would refuse to read (an unclosed block or string, a stray `}`, a directive without
 * its `;`), so a broken file fails here rather than in the container.
 */
function parseNginx(text: string): NginxDirective[] {
  const tokens: string[] = [];
  const re = /\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)|(.)/gy;
  for (let m = re.exec(text); m && m[0] !== ''; m = re.exec(text)) {
    if (m[5] !== undefined) throw new Error(`nginx.conf: unexpected ${JSON.stringify(m[5])} (an unclosed quote?)`);
    if (m[1] !== undefined || m[2] !== undefined) tokens.push(`"${m[1] ?? m[2]}`);
    else if (m[3] ?? m[4]) tokens.push((m[3] ?? m[4])!);
  }
  let i = 0;
  const block = (nested: boolean): NginxDirective[] => {
    const out: NginxDirective[] = [];
    while (i < tokens.length) {
      if (tokens[i] === '}') {
        if (!nested) throw new Error('nginx.conf: a } without its {');
        i++;
        return out;
      }
      const words: string[] = [];
      while (i < tokens.length && !['{', '}', ';'].includes(tokens[i]!)) words.push(tokens[i++]!.replace(/^"/, ''));
      if (words.length === 0) throw new Error(`nginx.conf: ${tokens[i]} without a directive`);
      const end = tokens[i++];
      if (end === ';') out.push({ name: words[0]!, args: words.slice(1) });
      else if (end === '{') out.push({ name: words[0]!, args: words.slice(1), block: block(true) });
      else throw new Error(`nginx.conf: "${words.join(' ')}" does not end with ;`);
    }
    if (nested) throw new Error('nginx.conf: a { is never closed');
    return out;
  };
  return block(false);
}

describe('the nginx configuration reader', () => {
  it('refuses what nginx would refuse to read', () => {
    expect(parseNginx('a b; c { d "e f"; }')).toEqual([
      { name: 'a', args: ['b'] },
      { name: 'c', args: [], block: [{ name: 'd', args: ['e f'] }] },
    ]);
    expect(() => parseNginx('server { listen 80; ')).toThrow(/never closed/);
    expect(() => parseNginx('listen 80 }')).toThrow();
    expect(() => parseNginx('listen 80')).toThrow(/does not end with ;/);
    expect(() => parseNginx('return 200 "ok;')).toThrow(/unclosed quote/);
  });
});

describe('infra/.env.example', () => {
  it('documents every variable the server reads', () => {
    const documented = exampleVariables();
    const missing = ENV_VARIABLES.filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('gives the stack its secrets, and says SESSION_SECRET must be set for the two-instance stack', () => {
    const vars = exampleVariables();
    expect(vars.has('SESSION_SECRET')).toBe(true);
    expect(vars.has('SEARCH_INDEX')).toBe(true);
    for (const name of ['MEILI_MASTER_KEY', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD', 'S3_SECRET_KEY', 'POSTGRES_PASSWORD'])
      expect(vars.get(name), name).toBeTruthy();
  });
});

describe('ADMIN_EMAILS (moderation, docs/decisions/0020-moderation.md)', () => {
  it('is read by the server, in the README table, the env example and the app services of both compose files', () => {
    expect(ENV_VARIABLES).toContain('ADMIN_EMAILS');
    expect(exampleVariables().has('ADMIN_EMAILS')).toBe(true);
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toMatch(/^\| `ADMIN_EMAILS` \|/m);
    for (const file of ['docker-compose.yml', 'docker-compose.single.yml']) {
      const composeText = fs.readFileSync(path.join(root, file), 'utf8');
      expect(composeText, file).toMatch(/^ {4,6}ADMIN_EMAILS: \$\{ADMIN_EMAILS:-\}$/m);
    }
  });

  it('parses a comma-separated list, lower-cased, and refuses what is not an address', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ann@Example.com , bo@example.org,' }).adminEmails).toEqual(['ann@example.com', 'bo@example.org']);
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'not an address' })).toThrow(/ADMIN_EMAILS: must be email addresses/);
  });
});
