// The environment, parsed once. Every default is the embedded one, so `npm start` needs nothing set.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The site's own origin (scheme://host[:port]) when it runs behind a proxy that rewrites Host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** Trust X-Forwarded-For / X-Forwarded-Proto (only behind a proxy you control). */
  TRUST_PROXY: bool.default('false'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(60),
  /** Multiplies every rate limit; 0 turns rate limiting off (tests, benchmarks). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(10_000).default(1),
  SEED_DEMO: bool.default('true'),
  LEGAL_URL: z.string().url().default('https://www.youtube.com/watch?v=dQw4w9WgXcQ'),
  MEILI_URL: z.string().url().optional(),
  MEILI_KEY: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().default('life-story'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  MEDIA_PUBLIC_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
});

export interface RateRule {
  points: number;
  durationSec: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  publicOrigin: string | undefined;
  trustProxy: boolean;
  session: { idleMs: number; maxMs: number; recentSignInMs: number };
  rateLimits: {
    loginPerClient: RateRule;
    loginPerAccount: RateRule;
    registerPerClient: RateRule;
    commentPerAccount: RateRule;
    commentPerClient: RateRule;
    uploadPerAccount: RateRule;
    uploadPerClient: RateRule;
  };
  seedDemo: boolean;
  legalUrl: string;
  meili: { url: string; key: string | undefined } | undefined;
  s3:
    | { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string }
    | undefined;
  mediaPublicBaseUrl: string | undefined;
  logLevel: 'silent' | 'error' | 'info';
}

const DAY = 24 * 60 * 60 * 1000;

function rule(points: number, durationSec: number, scale: number): RateRule {
  // scale 0 means "off": a budget no client can reach.
  return { points: scale === 0 ? Number.MAX_SAFE_INTEGER : Math.max(1, Math.round(points * scale)), durationSec };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_ENDPOINT && (!e.S3_ACCESS_KEY || !e.S3_SECRET_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ENDPOINT needs S3_ACCESS_KEY and S3_SECRET_KEY');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const s = e.RATE_LIMIT_SCALE;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: path.join(dataDir, 'life-story.sqlite'),
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    trustProxy: e.TRUST_PROXY,
    session: {
      idleMs: e.SESSION_IDLE_DAYS * DAY,
      maxMs: e.SESSION_MAX_DAYS * DAY,
      recentSignInMs: 10 * 60 * 1000,
    },
    rateLimits: {
      loginPerClient: rule(30, 15 * 60, s),
      loginPerAccount: rule(10, 15 * 60, s),
      registerPerClient: rule(10, 60 * 60, s),
      commentPerAccount: rule(20, 60, s),
      commentPerClient: rule(60, 60, s),
      uploadPerAccount: rule(30, 60 * 60, s),
      uploadPerClient: rule(60, 60 * 60, s),
    },
    seedDemo: e.SEED_DEMO,
    legalUrl: e.LEGAL_URL,
    meili: e.MEILI_URL ? { url: e.MEILI_URL, key: e.MEILI_KEY } : undefined,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          accessKey: e.S3_ACCESS_KEY!,
          secretKey: e.S3_SECRET_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
    mediaPublicBaseUrl: e.MEDIA_PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
  };
}
