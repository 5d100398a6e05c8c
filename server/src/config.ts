// The environment, parsed once. Every default is the embedded one, so `npm start` needs nothing set.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { RateRule, RateRules } from './ports/rate-limiter';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

function urlOf(v: string): URL | null {
  try {
    return new URL(v);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL. */
const httpUrl = z
  .string()
  .url('must be a URL such as http://host:port')
  .refine((v) => /^https?:$/.test(urlOf(v)?.protocol ?? 'http:'), 'must start with http:// or https://');

/**
 * WORKERS unset: one process per core, but at most this many. SQLite takes one write at a time, so past a few
 * processes more of them only wait on each other's writes, and each costs its own memory (~100-135 MB at rest) and
 * its own connections and caches (docs/decisions/0036-several-processes.md).
 */
export const WORKERS_BY_DEFAULT_MAX = 8;
/** The most WORKERS may say: a typo (WORKERS=200) must not start hundreds of processes. */
const WORKERS_MAX = 64;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploaded files on disk (default DATA_DIR/uploads); e.g. the original client's public/uploads folder. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** The site's own origin (scheme://host[:port]) when it runs behind a proxy that rewrites Host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** More host names the site answers to (comma-separated), besides PUBLIC_ORIGIN's or this machine's (DNS rebinding). */
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(h)),
      'must be host names or addresses separated by commas, without scheme or port',
    )
    .optional(),
  /** Trust X-Forwarded-For / X-Forwarded-Proto (only behind a proxy you control). */
  TRUST_PROXY: bool.default('false'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(60),
  /** Multiplies every rate limit; 0 turns rate limiting off (tests, benchmarks). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(10_000).default(1),
  SEED_DEMO: bool.default('true'),
  LEGAL_URL: z.string().url().default('https://www.youtube.com/watch?v=dQw4w9WgXcQ'),
  /** PostgreSQL instead of the SQLite file in DATA_DIR (scale-out, docs/decisions/0021-postgresql.md). */
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:$/.test(urlOf(v)?.protocol ?? ''), 'must be a URL such as postgres://user:password@host:5432/database')
    .optional(),
  /** The session-hashing secret for every instance (scale-out); unset: generated once into DATA_DIR/secret. */
  SESSION_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 random bytes), e.g. from: openssl rand -hex 32')
    .optional(),
  /**
   * Which search index: `embedded` (a SQLite file in DATA_DIR) or `meilisearch` (MEILI_URL). Unset: meilisearch
   * when MEILI_URL is set, else embedded; with DATABASE_URL it must then be said (docs/decisions/0023-several-instances.md).
   */
  SEARCH_INDEX: z.enum(['embedded', 'meilisearch'], { message: 'must be embedded or meilisearch' }).optional(),
  /** Search on Meilisearch instead of the embedded index (scale-out). */
  MEILI_URL: httpUrl.optional(),
  MEILI_KEY: z.string().optional(),
  /** The index uid; `npm run reindex` builds `<uid>-rebuild` and swaps it in. */
  MEILI_INDEX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'may contain only letters, digits, - and _ (at most 200)')
    .default('life-story'),
  /** Files in an S3 bucket (MinIO or any S3-compatible store) instead of DATA_DIR/uploads (scale-out). */
  S3_ENDPOINT: httpUrl
    .refine((v) => {
      const u = urlOf(v);
      return !u || (u.pathname === '/' && !u.search);
    }, 'must be scheme://host[:port] without a path')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .default('life-story'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Where browsers fetch uploaded files directly (a public bucket or a CDN); the media route redirects there. */
  MEDIA_PUBLIC_BASE_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  /**
   * On SIGTERM the server drains: open requests and background work finish, then it exits 0. Past this many seconds
   * it stops anyway (exit 1), cutting what is still open (docs/decisions/0023-several-instances.md).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /**
   * Server processes on one port (docs/decisions/0036-several-processes.md): unset, one per core, at most
   * WORKERS_BY_DEFAULT_MAX; 1 is one process and no supervisor.
   */
  WORKERS: z
    .string()
    .trim()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= WORKERS_MAX,
      `must be a whole number from 1 to ${WORKERS_MAX}: how many server processes (1: one, no supervisor)`,
    )
    .transform(Number)
    .optional(),
  /** Where `npm run backup` and scheduled backups go without S3 (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** With S3: the bucket for backups, never the uploads bucket (that one may be public). */
  S3_BACKUP_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  /** Back up from inside the server every this many hours; unset: only `npm run backup`. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
  /** Complete backups kept by scheduled backups and `npm run backup` (older ones are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Send email through this SMTP server (smtp:// or smtps://, with user:password@ if it needs them). */
  SMTP_URL: z
    .string()
    .url('must be a URL such as smtps://user:password@mail.example.com')
    .refine((v) => /^smtps?:$/.test(urlOf(v)?.protocol ?? ''), 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every email. */
  MAIL_FROM: z.string().min(3).default('Life Story <no-reply@localhost>'),
  /** The domain of reply addresses, reply+<token>@MAIL_DOMAIN (ADR 0030); unset: the origin's host (originHostName). */
  MAIL_DOMAIN: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine(
      (v) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(v),
      'must be a domain name such as stories.example.com',
    )
    .optional(),
  /** Receive replies to question emails by SMTP on this port (on HOST); unset: no SMTP receiver (ADR 0030). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The shared secret of POST /inbound/email (a mail provider's inbound forwarding); unset: the route is 404 (ADR 0030). */
  INBOUND_EMAIL_SECRET: z.string().min(24, 'must be at least 24 characters, e.g. from: openssl rand -hex 32').optional(),
  /** New accounts confirm their email address with a link before they can sign in (ADR 0019). */
  REQUIRE_EMAIL_VERIFICATION: bool.default('false'),
  /** Accounts with these email addresses (comma-separated) are admins once an emailed link verified it (ADR 0020). */
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((e) => /^[^\s@,]+@[^\s@,]+$/.test(e)), 'must be email addresses separated by commas')
    .optional(),
  /** Space each person's uploads may take (originals plus their sizes), in bytes (ADR 0016). */
  PHOTO_QUOTA_BYTES: z.coerce.number().int().min(1_000_000).max(Number.MAX_SAFE_INTEGER).default(1_000_000_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  /** PostgreSQL's URL when it holds the data instead of dbFile. */
  databaseUrl: string | undefined;
  /** SESSION_SECRET's bytes, else undefined: the secret is the file DATA_DIR/secret. */
  sessionSecret: Buffer | undefined;
  /** Where uploaded files live when they are kept on disk (not with S3). */
  uploadsDir: string;
  publicOrigin: string | undefined;
  /** Extra host names from ALLOWED_HOSTS (lower case, no port). */
  allowedHosts: string[];
  trustProxy: boolean;
  session: { idleMs: number; maxMs: number; recentSignInMs: number };
  rateLimits: RateRules;
  seedDemo: boolean;
  legalUrl: string;
  /** Where search runs (SEARCH_INDEX, or its default). */
  searchIndex: 'embedded' | 'meilisearch';
  /** Whether SEARCH_INDEX was set: with PostgreSQL the embedded index must be asked for (servingProblems). */
  searchIndexExplicit: boolean;
  meili: { url: string; key: string | undefined; index: string } | undefined;
  s3: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string } | undefined;
  mediaPublicBaseUrl: string | undefined;
  logLevel: 'silent' | 'error' | 'info';
  /** SHUTDOWN_GRACE_SECONDS in ms: how long a drain may take before the process stops anyway. */
  shutdownGraceMs: number;
  /** WORKERS: server processes on one port; 1 is one process, no supervisor (ADR 0036). */
  workers: number;
  backup: { dir: string; s3Bucket: string | undefined; everyHours: number | undefined; keep: number };
  /** Without an SMTP URL, mail goes to DATA_DIR/outbox as .eml files. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Replies to question emails (ADR 0030): the reply addresses' domain, the SMTP receiver's port, the HTTP route's secret. */
  inboundMail: { domain: string; smtpPort: number | undefined; httpSecret: string | undefined; maxBytes: number };
  /** REQUIRE_EMAIL_VERIFICATION: new accounts confirm their address before they can sign in. */
  requireEmailVerification: boolean;
  /** Lower-cased addresses from ADMIN_EMAILS: their accounts are admins (ADR 0020). */
  adminEmails: string[];
  /** PHOTO_QUOTA_BYTES: space each person's uploads may take. */
  photoQuotaBytes: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** The largest reply to a question email taken, photos and all (docs/decisions/0030-answers-by-email.md). */
export const INBOUND_EMAIL_BYTES_MAX = 25 * 1024 * 1024;

function rule(points: number, durationSec: number, scale: number): RateRule {
  // scale 0 means "off": a budget no client can reach.
  return { points: scale === 0 ? Number.MAX_SAFE_INTEGER : Math.max(1, Math.round(points * scale)), durationSec };
}

/**
 * The site's origin host, for reply addresses without MAIL_DOMAIN: PUBLIC_ORIGIN's, else HOST when it is a name (as
 * the origin is where we listen, transport/http/site-origin.ts), else localhost (an address is no mail domain).
 */
function originHostName(publicOrigin: string | undefined, host: string): string {
  const name = (publicOrigin ? new URL(publicOrigin).hostname : host).toLowerCase();
  return /^[a-z0-9.-]+$/.test(name) && /[a-z]/.test(name) ? name : 'localhost';
}

export class ConfigError extends Error {}

/** Every environment variable the server reads (infra/.env.example documents each one). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** Variables that only mean something together with another one: a lone one is a mistake worth stopping for. */
function crossFieldProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.SEARCH_INDEX === 'meilisearch' && !e.MEILI_URL)
    problems.push('SEARCH_INDEX=meilisearch needs MEILI_URL: set MEILI_URL to your Meilisearch, or set SEARCH_INDEX=embedded');
  if (e.SEARCH_INDEX === 'embedded' && e.MEILI_URL)
    problems.push(
      'SEARCH_INDEX=embedded but MEILI_URL is set: unset MEILI_URL to search with the embedded index, or set SEARCH_INDEX=meilisearch',
    );
  if (e.MEILI_KEY && !e.MEILI_URL)
    problems.push('MEILI_KEY is set but MEILI_URL is not: set MEILI_URL to use Meilisearch, or unset MEILI_KEY');
  if (e.S3_ENDPOINT && (!e.S3_ACCESS_KEY || !e.S3_SECRET_KEY)) problems.push('S3_ENDPOINT needs S3_ACCESS_KEY and S3_SECRET_KEY');
  if (!e.S3_ENDPOINT && (e.S3_ACCESS_KEY || e.S3_SECRET_KEY)) {
    problems.push('S3_ACCESS_KEY / S3_SECRET_KEY are set but S3_ENDPOINT is not: set S3_ENDPOINT to store files in S3, or unset them');
  }
  if (e.MEDIA_PUBLIC_BASE_URL && !e.S3_ENDPOINT) {
    problems.push('MEDIA_PUBLIC_BASE_URL needs S3_ENDPOINT: files on disk are served by the server itself');
  }
  if (e.S3_BACKUP_BUCKET && !e.S3_ENDPOINT) problems.push('S3_BACKUP_BUCKET needs S3_ENDPOINT: without S3, backups go to BACKUP_DIR');
  if (e.BACKUP_DIR && e.S3_ENDPOINT) problems.push('BACKUP_DIR is set but S3_ENDPOINT keeps backups in a bucket: unset one of them');
  if (e.S3_ENDPOINT && (e.S3_BACKUP_BUCKET ?? `${e.S3_BUCKET}-backups`) === e.S3_BUCKET) {
    problems.push('S3_BACKUP_BUCKET must differ from S3_BUCKET: the uploads bucket may be public, and backups hold secrets');
  }
  if (e.UPLOADS_DIR && e.S3_ENDPOINT) problems.push('UPLOADS_DIR is set but S3_ENDPOINT keeps uploads in a bucket: unset one of them');
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value counts as unset, so that `VAR=` (or compose's `${VAR:-}`) means "the default".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = crossFieldProblems(e);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const s = e.RATE_LIMIT_SCALE;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: path.join(dataDir, 'life-story.sqlite'),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ? Buffer.from(e.SESSION_SECRET, 'hex') : undefined,
    uploadsDir: e.UPLOADS_DIR ? path.resolve(e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    trustProxy: e.TRUST_PROXY,
    session: {
      idleMs: e.SESSION_IDLE_DAYS * DAY,
      maxMs: e.SESSION_MAX_DAYS * DAY,
      recentSignInMs: 10 * 60 * 1000,
    },
    // Sign-in and account-change policy: docs/decisions/0009-sign-in-and-account-change-limits.md.
    rateLimits: {
      loginPerClient: rule(30, 15 * 60, s), // every sign-in attempt
      loginFailuresPerPair: rule(10, 15 * 60, s), // failed sign-ins per (account, client)
      loginFailuresPerAccount: rule(50, 60 * 60, s), // failures per account before it is slowed
      loginSlowedPerAccount: rule(2, 60, s), // past that: attempts from clients that have failed on it
      passwordChangePerClient: rule(30, 15 * 60, s), // every password change attempt
      passwordChangeFailuresPerAccount: rule(10, 15 * 60, s), // wrong current passwords
      emailChangePerAccount: rule(5, 60 * 60, s), // changes of the address, taken (409) or not
      emailChangePerClient: rule(10, 60 * 60, s),
      registerPerClient: rule(10, 60 * 60, s),
      commentPerAccount: rule(20, 60, s),
      commentPerClient: rule(60, 60, s),
      uploadPerAccount: rule(30, 60 * 60, s),
      uploadPerClient: rule(60, 60 * 60, s),
      photoUploadPerAccount: rule(300, 60 * 60, s), // photos in a story: a hundred at once is normal (ADR 0016)
      photoUploadPerClient: rule(600, 60 * 60, s),
      draftSavePerAccount: rule(120, 60, s), // autosave: one per ~1.5 s of typing is 40 a minute (ADR 0012)
      largeDraftSavePerAccount: rule(12, 60, s), // drafts over 1 MB: each costs the event loop ~0.3 s to read and write
      storyPublishPerAccount: rule(30, 60 * 60, s), // each formats the whole story and keeps a revision (ADR 0012)
      storyPreviewPerAccount: rule(60, 60 * 60, s), // page 1 before the first publish: a whole format each
      passwordResetPerAddress: rule(3, 60 * 60, s), // reset links asked for one address (each is an email)
      passwordResetPerClient: rule(10, 60 * 60, s),
      passwordResetUsePerClient: rule(20, 15 * 60, s), // new passwords set with a link, right or wrong
      bookDownloadPerAccount: rule(20, 60 * 60, s), // EPUBs of one's own story (each reads every photo; ADR 0018)
      bookPrintPerAccount: rule(60, 60 * 60, s), // the print page
      dataExportPerAccount: rule(5, 60 * 60, s), // "Download my data": every row and file of the account
      dataImportPerAccount: rule(10, 60 * 60, s), // "Import my data", its check too: every photo through the upload pipeline (ADR 0035)
      documentImportPerAccount: rule(20, 60 * 60, s), // "Import a document": a conversion off the event loop and its photos (ADR 0033)
      reportPerAccount: rule(10, 60 * 60, s), // reports of stories and comments (ADR 0020)
      reportPerClient: rule(30, 60 * 60, s),
      emailConfirmPerClient: rule(20, 15 * 60, s), // email change links opened, right or wrong (ADR 0019)
      verifyResendPerAddress: rule(3, 60 * 60, s), // verification links asked for again, per address (each is an email)
      verifyResendPerClient: rule(10, 60 * 60, s),
      verifyEmailPerClient: rule(20, 15 * 60, s), // verification links opened, right or wrong
      readsPerClient: rule(150, 10, s), // tRPC reads, each call of a batch counted (ADR 0009; issue #23)
      circleInvitePerAccountHour: rule(30, 60 * 60, s), // invitation emails (and resends), one point each (ADR 0026)
      circleInvitePerAccountDay: rule(100, 24 * 60 * 60, s),
      circleInvitePerClient: rule(100, 60 * 60, s), // several new accounts on one network inviting strangers
      followEmailPerClient: rule(10, 60 * 60, s), // follows by email address (each mails a confirm link; ADR 0027)
      followEmailPerAddress: rule(3, 60 * 60, s),
      // Answers by email (ADR 0030): every message per sender address, SMTP messages per connecting address, answers
      // added per account, and the polite refusals sent to an account.
      answerEmailPerSender: rule(30, 60 * 60, s),
      inboundMailPerClient: rule(60, 60 * 60, s),
      answerEmailPerAccount: rule(30, 24 * 60 * 60, s),
      answerRefusalPerAccount: rule(3, 24 * 60 * 60, s),
      // A developer token's calls, each call of a tRPC batch and each /api request (ADR 0039): a script's steady pace.
      requestsPerToken: rule(240, 60, s),
    },
    seedDemo: e.SEED_DEMO,
    legalUrl: e.LEGAL_URL,
    searchIndex: e.SEARCH_INDEX ?? (e.MEILI_URL ? 'meilisearch' : 'embedded'),
    searchIndexExplicit: e.SEARCH_INDEX !== undefined,
    meili: e.MEILI_URL ? { url: e.MEILI_URL, key: e.MEILI_KEY, index: e.MEILI_INDEX } : undefined,
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
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    workers: e.WORKERS ?? Math.min(os.availableParallelism(), WORKERS_BY_DEFAULT_MAX),
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      s3Bucket: e.S3_ENDPOINT ? (e.S3_BACKUP_BUCKET ?? `${e.S3_BUCKET}-backups`) : undefined,
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    inboundMail: {
      domain: e.MAIL_DOMAIN ?? originHostName(e.PUBLIC_ORIGIN, e.HOST),
      smtpPort: e.INBOUND_SMTP_PORT,
      httpSecret: e.INBOUND_EMAIL_SECRET,
      maxBytes: INBOUND_EMAIL_BYTES_MAX,
    },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    adminEmails: e.ADMIN_EMAILS ?? [],
    photoQuotaBytes: e.PHOTO_QUOTA_BYTES,
  };
}

/**
 * What keeps a configuration from serving, beyond loadConfig's checks. With PostgreSQL the site may run as several
 * instances, and the embedded search index is a file in DATA_DIR: only instances that share that DATA_DIR (one
 * machine) see the same index. So PostgreSQL needs Meilisearch, or SEARCH_INDEX=embedded said on purpose
 * (docs/decisions/0023-several-instances.md). Checked by main.ts at start; the tests run PostgreSQL with the
 * embedded index.
 */
export function servingProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.databaseUrl && !config.sessionSecret) {
    problems.push(
      'DATABASE_URL selects PostgreSQL, which needs SESSION_SECRET too: every instance must hash sessions with the same ' +
        "secret, and DATA_DIR/secret is one instance's file (make one with: openssl rand -hex 32)",
    );
  }
  if (config.databaseUrl && !config.meili && !config.searchIndexExplicit) {
    problems.push(
      'DATABASE_URL selects PostgreSQL, which needs MEILI_URL too: search runs on Meilisearch with PostgreSQL, because ' +
        "the embedded index is a file in one instance's DATA_DIR that other instances would not see; or set " +
        'SEARCH_INDEX=embedded if every instance shares one DATA_DIR (instances on one machine)',
    );
  }
  return problems;
}
