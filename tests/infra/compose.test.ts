// docker-compose.yml is complete and wired: validated by `docker-compose config` (Debian's docker-compose checks a
// file without any engine; `npm test` installs it where it can), then its services and their wiring are checked.
// Without docker-compose those checks are skipped with a line saying so. Also: the env example documents every
// variable the server reads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from '../../server/src/config';
import { MEILISEARCH_IMAGE, MINIO_IMAGE, MINIO_MC_IMAGE } from '../support/container-images';

const root = path.resolve(__dirname, '../..');
const envExample = path.join(root, 'infra/.env.example');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
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
function composeConfig(compose: string): { services: Record<string, Service>; volumes: Record<string, unknown> } {
  // A clean environment, so that nothing set in this shell is interpolated instead of the example's values.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };
  const yaml = execFileSync(compose, ['-f', 'docker-compose.yml', '--env-file', envExample, 'config'], {
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
const skipCompose = 'docker-compose.yml (skipped: docker-compose is not installed; Debian: apt-get install docker-compose)';
if (!compose) console.log(skipCompose);

(compose ? describe : describe.skip)(compose ? 'docker-compose.yml' : skipCompose, () => {
  const { services, volumes } = compose ? composeConfig(compose) : { services: {} as Record<string, Service>, volumes: {} };
  const app = services.app!;
  const meili = services.meilisearch!;
  const minio = services.minio!;
  const setup = services['minio-setup']!;

  it('has the app, Meilisearch, MinIO and a one-shot bucket setup', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'meilisearch', 'minio', 'minio-setup']);
    expect(app.build).toEqual({ context: root, dockerfile: 'infra/Dockerfile' });
  });

  it('pins every image to the versions the testcontainers suites use', () => {
    expect(meili.image).toBe(MEILISEARCH_IMAGE);
    expect(minio.image).toBe(MINIO_IMAGE);
    expect(setup.image).toBe(MINIO_MC_IMAGE);
    for (const [name, s] of Object.entries(services)) {
      if (name === 'app') continue;
      expect(s.image, name).toMatch(/^[^:]+:(?!latest$)[\w.-]+$/);
    }
  });

  it('checks the health of every long-running service', () => {
    for (const s of [app, meili, minio]) expect(s.healthcheck?.test?.[0]).toMatch(/^CMD/);
    expect(meili.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:7700/health');
    expect(app.healthcheck!.test.join(' ')).toContain('/healthz');
  });

  it('starts the app once Meilisearch is healthy and the bucket exists', () => {
    expect(app.depends_on).toEqual({
      meilisearch: { condition: 'service_healthy' },
      'minio-setup': { condition: 'service_completed_successfully' },
    });
    expect(setup.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
  });

  it('keeps every service’s data in a named volume', () => {
    expect(Object.keys(volumes).sort()).toEqual(['app-data', 'meili-data', 'minio-data']);
    expect(app.volumes).toEqual(['app-data:/data:rw']);
    expect(meili.volumes).toEqual(['meili-data:/meili_data:rw']);
    expect(minio.volumes).toEqual(['minio-data:/data:rw']);
    expect(app.environment!.DATA_DIR).toBe('/data');
  });

  it('points the app at the meilisearch service with its master key', () => {
    const env = app.environment!;
    const url = new URL(env.MEILI_URL!);
    expect([url.hostname, url.port]).toEqual(['meilisearch', '7700']);
    expect(env.MEILI_KEY).toBe(meili.environment!.MEILI_MASTER_KEY);
    expect(env.MEILI_KEY).toBe(exampleVariables().get('MEILI_MASTER_KEY'));
    expect(env.MEILI_KEY!.length).toBeGreaterThanOrEqual(16);
  });

  it('points the app at the minio service, the bucket the setup creates, with the account it creates', () => {
    const env = app.environment!;
    const url = new URL(env.S3_ENDPOINT!);
    expect([url.hostname, url.port]).toEqual(['minio', '9000']);
    const senv = setup.environment!;
    expect(senv.S3_BUCKET).toBe(env.S3_BUCKET);
    expect(senv.S3_ACCESS_KEY).toBe(env.S3_ACCESS_KEY);
    expect(senv.S3_SECRET_KEY).toBe(env.S3_SECRET_KEY);
    expect(senv.MEDIA_PUBLIC_BASE_URL).toBe(env.MEDIA_PUBLIC_BASE_URL);
    expect([senv.MINIO_ROOT_USER, senv.MINIO_ROOT_PASSWORD]).toEqual([
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
  });

  it('gives the app a configuration the server accepts: Meilisearch search and S3 files', () => {
    const env = Object.fromEntries(Object.entries(app.environment!).map(([k, v]) => [k, v ?? '']));
    const config = loadConfig(env);
    expect(config.meili).toMatchObject({ url: 'http://meilisearch:7700', index: 'life-story' });
    expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', bucket: env.S3_BUCKET });
    expect([config.host, config.port, config.dataDir]).toEqual(['0.0.0.0', 3000, '/data']);
  });

  it('passes every server variable through to the app', () => {
    for (const name of ENV_VARIABLES) expect(Object.keys(app.environment!), name).toContain(name);
  });
});

describe('infra/.env.example', () => {
  it('documents every variable the server reads', () => {
    const documented = exampleVariables();
    const missing = ENV_VARIABLES.filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('gives the stack its secrets', () => {
    const vars = exampleVariables();
    for (const name of ['MEILI_MASTER_KEY', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD', 'S3_SECRET_KEY'])
      expect(vars.get(name), name).toBeTruthy();
  });
});

describe('ADMIN_EMAILS (moderation, docs/decisions/0020-moderation.md)', () => {
  it('is read by the server, in the README table, the env example and the app service of the compose file', () => {
    expect(ENV_VARIABLES).toContain('ADMIN_EMAILS');
    expect(exampleVariables().has('ADMIN_EMAILS')).toBe(true);
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toMatch(/^\| `ADMIN_EMAILS` \|/m);
    const composeText = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    expect(composeText).toMatch(/^ {6}ADMIN_EMAILS: \$\{ADMIN_EMAILS:-\}$/m);
  });

  it('parses a comma-separated list, lower-cased, and refuses what is not an address', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ann@Example.com , bo@example.org,' }).adminEmails).toEqual(['ann@example.com', 'bo@example.org']);
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'not an address' })).toThrow(/ADMIN_EMAILS: must be email addresses/);
  });
});
