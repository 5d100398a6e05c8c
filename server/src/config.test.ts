import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, servingProblems, WORKERS_BY_DEFAULT_MAX } from './config';

const base = { DATA_DIR: '/tmp/life-story-config-test' };

function problem(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig: scale-out adapters', () => {
  it('keeps the embedded defaults when nothing is set, and treats empty values as unset', () => {
    const c = loadConfig({ ...base, MEILI_URL: '', MEILI_KEY: '', S3_ENDPOINT: ' ', MEDIA_PUBLIC_BASE_URL: '' });
    expect(c.meili).toBeUndefined();
    expect(c.s3).toBeUndefined();
    expect(c.mediaPublicBaseUrl).toBeUndefined();
  });

  it('reads Meilisearch and S3 settings', () => {
    const c = loadConfig({
      ...base,
      MEILI_URL: 'http://meilisearch:7700',
      MEILI_KEY: 'k'.repeat(32),
      MEILI_INDEX: 'stories_2',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'life-story-media',
      S3_ACCESS_KEY: 'access',
      S3_SECRET_KEY: 'secret',
      S3_REGION: 'eu-central-1',
      MEDIA_PUBLIC_BASE_URL: 'https://media.example.com/life-story-media',
    });
    expect(c.meili).toEqual({ url: 'http://meilisearch:7700', key: 'k'.repeat(32), index: 'stories_2' });
    expect(c.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'life-story-media',
      accessKey: 'access',
      secretKey: 'secret',
      region: 'eu-central-1',
    });
    expect(c.mediaPublicBaseUrl).toBe('https://media.example.com/life-story-media');
    expect(loadConfig({ ...base, MEILI_URL: 'http://127.0.0.1:7700' }).meili).toEqual({
      url: 'http://127.0.0.1:7700',
      key: undefined,
      index: 'life-story',
    });
  });

  it('names the variable and the problem for bad values', () => {
    expect(problem({ MEILI_URL: 'meilisearch:7700' })).toMatch(/MEILI_URL: must (be a URL|start with http)/);
    expect(problem({ MEILI_URL: 'ftp://meilisearch' })).toContain('MEILI_URL: must start with http:// or https://');
    expect(problem({ MEILI_URL: 'http://m:7700', MEILI_INDEX: 'my index' })).toContain('MEILI_INDEX: may contain only letters');
    const s3 = { S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(problem({ ...s3, S3_ENDPOINT: 'http://minio:9000/bucket' })).toContain(
      'S3_ENDPOINT: must be scheme://host[:port] without a path',
    );
    expect(problem({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'Life_Story' })).toContain('S3_BUCKET: must be a bucket name');
    expect(problem({ ...s3, S3_ENDPOINT: 'http://minio:9000', MEDIA_PUBLIC_BASE_URL: 'not a url' })).toContain(
      'MEDIA_PUBLIC_BASE_URL: must be a URL',
    );
  });

  it('refuses settings that only make sense with another one', () => {
    expect(problem({ S3_ENDPOINT: 'http://minio:9000' })).toContain('S3_ENDPOINT needs S3_ACCESS_KEY and S3_SECRET_KEY');
    expect(problem({ MEILI_KEY: 'secret' })).toContain('MEILI_KEY is set but MEILI_URL is not');
    expect(problem({ S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' })).toContain('S3_ENDPOINT is not');
    expect(problem({ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com' })).toContain('MEDIA_PUBLIC_BASE_URL needs S3_ENDPOINT');
  });
});

describe('loadConfig: files and host names', () => {
  it('keeps uploads in DATA_DIR/uploads unless UPLOADS_DIR names another folder (resolved)', () => {
    expect(loadConfig(base).uploadsDir).toBe('/tmp/life-story-config-test/uploads');
    expect(loadConfig({ ...base, UPLOADS_DIR: '' }).uploadsDir).toBe('/tmp/life-story-config-test/uploads');
    expect(loadConfig({ ...base, UPLOADS_DIR: '/srv/client/public/uploads' }).uploadsDir).toBe('/srv/client/public/uploads');
    expect(loadConfig({ ...base, UPLOADS_DIR: 'rel/uploads' }).uploadsDir).toBe(path.resolve('rel/uploads'));
  });

  it('refuses UPLOADS_DIR together with S3_ENDPOINT', () => {
    expect(problem({ UPLOADS_DIR: '/srv/uploads', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' })).toContain(
      'UPLOADS_DIR is set but S3_ENDPOINT keeps uploads in a bucket',
    );
  });

  it('reads ALLOWED_HOSTS as lower-case names without ports, and refuses anything else', () => {
    expect(loadConfig(base).allowedHosts).toEqual([]);
    expect(loadConfig({ ...base, ALLOWED_HOSTS: ' Stories.LAN, 192.168.1.20 ,[fd00::1],' }).allowedHosts).toEqual([
      'stories.lan',
      '192.168.1.20',
      '[fd00::1]',
    ]);
    for (const bad of ['http://stories.lan', 'stories.lan:3000', 'two words']) {
      expect(problem({ ALLOWED_HOSTS: bad })).toContain('ALLOWED_HOSTS: must be host names or addresses separated by commas');
    }
  });
});

describe('loadConfig: backups', () => {
  const s3 = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };

  it('backs up into DATA_DIR/backups by default, BACKUP_DIR when set, and a bucket of their own with S3', () => {
    expect(loadConfig(base).backup).toEqual({
      dir: path.join(base.DATA_DIR, 'backups'),
      s3Bucket: undefined,
      everyHours: undefined,
      keep: 14,
    });
    expect(loadConfig({ ...base, BACKUP_DIR: 'bk', BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '3' }).backup).toMatchObject({
      dir: path.resolve('bk'),
      everyHours: 24,
      keep: 3,
    });
    expect(loadConfig({ ...base, ...s3, S3_BUCKET: 'media' }).backup.s3Bucket).toBe('media-backups');
    expect(loadConfig({ ...base, ...s3, S3_BACKUP_BUCKET: 'vault' }).backup.s3Bucket).toBe('vault');
  });

  it('refuses backups into the uploads bucket (it may be public) and settings that contradict each other', () => {
    expect(problem({ ...s3, S3_BUCKET: 'media', S3_BACKUP_BUCKET: 'media' })).toContain('S3_BACKUP_BUCKET must differ from S3_BUCKET');
    expect(problem({ S3_BACKUP_BUCKET: 'vault' })).toContain('S3_BACKUP_BUCKET needs S3_ENDPOINT');
    expect(problem({ ...s3, BACKUP_DIR: '/srv/bk' })).toContain('BACKUP_DIR is set but S3_ENDPOINT keeps backups in a bucket');
    expect(problem({ BACKUP_EVERY_HOURS: '0' })).toContain('BACKUP_EVERY_HOURS');
    expect(problem({ BACKUP_KEEP: 'all' })).toContain('BACKUP_KEEP');
  });
});

describe('loadConfig: email', () => {
  it('writes to DATA_DIR/outbox without SMTP_URL, and takes smtp:// or smtps:// URLs only', () => {
    expect(loadConfig(base).mail).toEqual({
      smtpUrl: undefined,
      from: 'Life Story <no-reply@localhost>',
      outboxDir: path.join(base.DATA_DIR, 'outbox'),
    });
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'Stories <s@example.com>' }).mail).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com',
      from: 'Stories <s@example.com>',
    });
    expect(problem({ SMTP_URL: 'http://mail.example.com' })).toContain('SMTP_URL: must start with smtp:// or smtps://');
    expect(problem({ SMTP_URL: 'mail.example.com' })).toContain('SMTP_URL');
  });

  it('takes replies to question emails only when asked, at MAIL_DOMAIN or the origin host (docs/decisions/0030-answers-by-email.md)', () => {
    expect(loadConfig(base).inboundMail).toEqual({
      domain: 'localhost',
      smtpPort: undefined,
      httpSecret: undefined,
      maxBytes: 25 * 1024 * 1024,
    });
    expect(loadConfig({ ...base, PUBLIC_ORIGIN: 'https://Stories.Example.org' }).inboundMail.domain).toBe('stories.example.org');
    expect(loadConfig({ ...base, HOST: 'family.example' }).inboundMail.domain).toBe('family.example');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).inboundMail.domain).toBe('localhost');
    expect(
      loadConfig({ ...base, MAIL_DOMAIN: 'Mail.Example', INBOUND_SMTP_PORT: '2525', INBOUND_EMAIL_SECRET: 's'.repeat(32) }).inboundMail,
    ).toMatchObject({
      domain: 'mail.example',
      smtpPort: 2525,
      httpSecret: 's'.repeat(32),
    });
    expect(problem({ MAIL_DOMAIN: 'not a domain' })).toContain('MAIL_DOMAIN: must be a domain name');
    expect(problem({ INBOUND_EMAIL_SECRET: 'short' })).toContain('INBOUND_EMAIL_SECRET: must be at least 24 characters');
    expect(problem({ INBOUND_SMTP_PORT: '70000' })).toContain('INBOUND_SMTP_PORT');
  });
});

describe('PHOTO_QUOTA_BYTES', () => {
  it('defaults to 1 GB and takes a number of bytes', () => {
    expect(loadConfig(base).photoQuotaBytes).toBe(1_000_000_000);
    expect(loadConfig({ ...base, PHOTO_QUOTA_BYTES: '5000000000' }).photoQuotaBytes).toBe(5_000_000_000);
  });

  it('refuses what is not a whole number of bytes of at least 1 MB', () => {
    expect(problem({ PHOTO_QUOTA_BYTES: '1GB' })).toContain('PHOTO_QUOTA_BYTES');
    expect(problem({ PHOTO_QUOTA_BYTES: '1000' })).toContain('PHOTO_QUOTA_BYTES');
  });
});

describe('WORKERS (docs/decisions/0036-several-processes.md)', () => {
  it('defaults to one process per core, at most WORKERS_BY_DEFAULT_MAX, and takes a whole number', () => {
    expect(loadConfig(base).workers).toBe(Math.min(os.availableParallelism(), WORKERS_BY_DEFAULT_MAX));
    expect(loadConfig({ ...base, WORKERS: '' }).workers).toBe(loadConfig(base).workers);
    expect(loadConfig({ ...base, WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ ...base, WORKERS: ' 4 ' }).workers).toBe(4);
    expect(loadConfig({ ...base, WORKERS: '16' }).workers).toBe(16);
  });

  it('refuses what is not a whole number from 1 to 64, in one line that names it', () => {
    for (const value of ['0', 'abc', '2.5', '-1', '65', '1e2']) {
      const message = problem({ WORKERS: value });
      expect(message).toBe(
        'Invalid configuration:\n  WORKERS: must be a whole number from 1 to 64: how many server processes (1: one, no supervisor)',
      );
    }
  });
});

describe('SEARCH_INDEX (docs/decisions/0023-several-instances.md)', () => {
  const pg = { DATABASE_URL: 'postgres://a@127.0.0.1:1/x', SESSION_SECRET: 'ab'.repeat(32) };

  it('defaults to Meilisearch when MEILI_URL is set, else to the embedded index', () => {
    expect(loadConfig(base)).toMatchObject({ searchIndex: 'embedded', searchIndexExplicit: false });
    expect(loadConfig({ ...base, MEILI_URL: 'http://127.0.0.1:7700' })).toMatchObject({
      searchIndex: 'meilisearch',
      searchIndexExplicit: false,
    });
    expect(loadConfig({ ...base, SEARCH_INDEX: 'embedded' })).toMatchObject({ searchIndex: 'embedded', searchIndexExplicit: true });
    expect(loadConfig({ ...base, SEARCH_INDEX: 'meilisearch', MEILI_URL: 'http://m:7700' }).searchIndex).toBe('meilisearch');
    expect(loadConfig({ ...base, SEARCH_INDEX: '' }).searchIndexExplicit).toBe(false);
  });

  it('refuses other values and the combinations that contradict themselves, each in one line', () => {
    expect(problem({ SEARCH_INDEX: 'fts5' })).toContain('SEARCH_INDEX: must be embedded or meilisearch');
    expect(problem({ SEARCH_INDEX: 'meilisearch' })).toContain('SEARCH_INDEX=meilisearch needs MEILI_URL');
    expect(problem({ SEARCH_INDEX: 'embedded', MEILI_URL: 'http://m:7700' })).toContain(
      'SEARCH_INDEX=embedded but MEILI_URL is set: unset MEILI_URL',
    );
  });

  it('with PostgreSQL, serves with Meilisearch or with the embedded index asked for, and refuses neither', () => {
    expect(servingProblems(loadConfig({ ...base, ...pg, MEILI_URL: 'http://m:7700' }))).toEqual([]);
    expect(servingProblems(loadConfig({ ...base, ...pg, SEARCH_INDEX: 'embedded' }))).toEqual([]);
    expect(servingProblems(loadConfig({ ...base, ...pg, SEARCH_INDEX: 'meilisearch', MEILI_URL: 'http://m:7700' }))).toEqual([]);
    const neither = servingProblems(loadConfig({ ...base, ...pg }));
    expect(neither).toHaveLength(1);
    expect(neither[0]).toMatch(
      /^DATABASE_URL selects PostgreSQL, which needs MEILI_URL too: .* or set SEARCH_INDEX=embedded if every instance shares one DATA_DIR/,
    );
    // SQLite: the embedded index by default, nothing to say.
    expect(servingProblems(loadConfig(base))).toEqual([]);
  });
});
