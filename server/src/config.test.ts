import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    expect(c.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'life-story-media', accessKey: 'access', secretKey: 'secret', region: 'eu-central-1' });
    expect(c.mediaPublicBaseUrl).toBe('https://media.example.com/life-story-media');
    expect(loadConfig({ ...base, MEILI_URL: 'http://127.0.0.1:7700' }).meili).toEqual({ url: 'http://127.0.0.1:7700', key: undefined, index: 'life-story' });
  });

  it('names the variable and the problem for bad values', () => {
    expect(problem({ MEILI_URL: 'meilisearch:7700' })).toMatch(/MEILI_URL: must (be a URL|start with http)/);
    expect(problem({ MEILI_URL: 'ftp://meilisearch' })).toContain('MEILI_URL: must start with http:// or https://');
    expect(problem({ MEILI_URL: 'http://m:7700', MEILI_INDEX: 'my index' })).toContain('MEILI_INDEX: may contain only letters');
    const s3 = { S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(problem({ ...s3, S3_ENDPOINT: 'http://minio:9000/bucket' })).toContain('S3_ENDPOINT: must be scheme://host[:port] without a path');
    expect(problem({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'Life_Story' })).toContain('S3_BUCKET: must be a bucket name');
    expect(problem({ ...s3, S3_ENDPOINT: 'http://minio:9000', MEDIA_PUBLIC_BASE_URL: 'not a url' })).toContain('MEDIA_PUBLIC_BASE_URL: must be a URL');
  });

  it('refuses settings that only make sense with another one', () => {
    expect(problem({ S3_ENDPOINT: 'http://minio:9000' })).toContain('S3_ENDPOINT needs S3_ACCESS_KEY and S3_SECRET_KEY');
    expect(problem({ MEILI_KEY: 'secret' })).toContain('MEILI_KEY is set but MEILI_URL is not');
    expect(problem({ S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' })).toContain('S3_ENDPOINT is not');
    expect(problem({ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com' })).toContain('MEDIA_PUBLIC_BASE_URL needs S3_ENDPOINT');
  });
});
