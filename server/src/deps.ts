// The composition root: the only place that picks adapters, from validated configuration.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pLimit from 'p-limit';
import { ConfigError, type Config } from './config';
import { openDatabase } from './db/open-database';
import { NO_AUTOMATIC_CHECKPOINTS, startWalCheckpointsInOneProcess } from './db/wal-checkpoints';
import { DATABASE_AWAY, isDatabaseAway, openPostgres } from './db/open-postgres';
import { LOCKS } from './db/dialect';
import { InstanceLock } from './db/instance-lock';
import { FileLock, lockFile, type WorkLock } from './db/file-lock';
import { type OutsideTransactions, outsideTransactions } from './db/outside-transactions';
import { FsBackupStore } from './adapters/backup/fs-backup-store';
import { S3BackupStore } from './adapters/backup/s3-backup-store';
import { OutboxMailer } from './adapters/mail/outbox-mailer';
import { SmtpMailer } from './adapters/mail/smtp-mailer';
import { createPostgresRateLimiter } from './adapters/rate-limit/postgres-rate-limiter';
import { createSqliteRateLimiter } from './adapters/rate-limit/sqlite-rate-limiter';
import { EmbeddedSearchIndex } from './adapters/search/embedded/embedded-search-index';
import { MeilisearchIndex } from './adapters/search/meilisearch/meilisearch-index';
import { FsBlobStore } from './adapters/storage/fs-blob-store';
import { S3BlobStore } from './adapters/storage/s3-blob-store';
import { WorkerPoolFormatter } from './adapters/story-format/worker-pool-formatter';
import { WorkerPoolConverter } from './adapters/document-convert/worker-pool-converter';
import { WorkerPoolWordBuilder } from './adapters/word-build/worker-pool-word-builder';
import { Projector } from './core/events/projector';
import type { CoreDeps } from './core/shared/core-deps';
import { settleWorkAfterAnswers } from './core/shared/work-after-answer';
import { isStorageFull } from './core/shared/storage-full';
import { AppError } from './contract/errors';
import type { BackupStore } from './ports/backup-store';
import type { BlobStore } from './ports/blob-store';
import type { Mailer } from './ports/mailer';
import { systemClock, type Clock } from './ports/clock';
import type { SearchIndex } from './ports/search-index';
import type { StoryFormatter } from './ports/story-formatter';
import type { DocumentConverter } from './ports/document-converter';
import type { WordBuilder } from './ports/word-builder';

export interface AppDeps extends CoreDeps {
  projector: Projector;
  /** The embedded index was made new at this start (EmbeddedSearchIndex.madeNew); false for Meilisearch. */
  searchMadeNew: boolean;
  /** Runs the hourly purge here unless another instance (PostgreSQL) or process (SQLite) is running it (ADR 0021, 0037). */
  housekeeping(fn: () => Promise<void>): Promise<void>;
  /** Runs the followers' emails here unless another instance or process is sending them; true if it ran. */
  followDigestsAlone(fn: () => Promise<void>): Promise<boolean>;
  /** The same for the weekly questions (their own lock: ADR 0031). */
  weeklyQuestionsAlone(fn: () => Promise<void>): Promise<boolean>;
  /**
   * Runs the start's one-time work (an index rebuild, the demo seed) after any other instance on the same PostgreSQL,
   * or process on the same DATA_DIR, has finished its own (ADR 0023, 0037): instances started together then seed once and rebuild once.
   */
  atStart<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  search?: SearchIndex;
  blobs?: BlobStore;
  formatter?: StoryFormatter;
  converter?: DocumentConverter;
  word?: WordBuilder;
  mailer?: Mailer;
  log?: (message: string) => void;
}

/** The session-hashing secret, generated once into DATA_DIR and kept private to the owner. */
export function loadSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

/**
 * SEARCH_INDEX: Meilisearch, or the embedded index in DATA_DIR's SQLite file (with PostgreSQL a file of its own
 * there, shared by the instances on this machine: docs/decisions/0023-several-instances.md).
 */
function pickSearch(config: Config, log: (message: string) => void, gate: OutsideTransactions | undefined): SearchIndex {
  if (config.searchIndex === 'meilisearch' && config.meili)
    return new MeilisearchIndex({ url: config.meili.url, key: config.meili.key, index: config.meili.index, log });
  return new EmbeddedSearchIndex(config.dbFile, undefined, gate);
}

export function pickBlobs(config: Config): BlobStore {
  if (config.s3) return new S3BlobStore({ ...config.s3, publicBaseUrl: config.mediaPublicBaseUrl });
  return new FsBlobStore(config.uploadsDir);
}

/** Where backups go: the backup bucket with S3, else BACKUP_DIR (docs/decisions/0013-backups.md). */
export function pickBackupStore(config: Config): BackupStore {
  if (config.s3 && config.backup.s3Bucket) return new S3BackupStore({ ...config.s3, bucket: config.backup.s3Bucket });
  return new FsBackupStore(config.backup.dir);
}

function pickMailer(config: Config, log: (message: string) => void): Mailer {
  if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
  return new OutboxMailer(config.mail.outboxDir, config.mail.from, (line) => config.logLevel === 'info' && log(line));
}

/**
 * Starts an adapter. A scale-out service that refuses to start (wrong key, unreachable file store) is reported
 * as a configuration problem: one line naming the service, not a stack trace. Meilisearch being down is not
 * such a problem: its adapter starts anyway and catches up later.
 */
async function start(port: SearchIndex | BlobStore, what: string): Promise<void> {
  try {
    await port.init();
  } catch (err) {
    if (port instanceof MeilisearchIndex || port instanceof S3BlobStore) {
      throw new ConfigError(`Could not start ${what} (${port.name}): ${(err as Error).message}`, { cause: err });
    }
    throw err;
  }
}

/**
 * The lock of one kind of run-once work (LOCKS): an advisory lock on PostgreSQL (ADR 0021), a lock file in DATA_DIR on
 * SQLite, whose processes share that folder (ADR 0037). One code path either way: `runAlone(fn, wait)`.
 */
function workLock(config: Config, work: Exclude<keyof typeof LOCKS, 'writes'>, log: (message: string) => void): WorkLock {
  if (config.databaseUrl) return new InstanceLock(config.databaseUrl, LOCKS[work], log);
  return new FileLock(lockFile(config.dataDir, work));
}

/** Runs `fn` under the startup lock, waiting for any other process's start to finish its own. */
async function aloneAtStart<T>(config: Config, log: (message: string) => void, fn: () => Promise<T>): Promise<T> {
  const lock = workLock(config, 'startup', log);
  let result: Awaited<T> | undefined;
  try {
    await lock.runAlone(async () => {
      result = await fn();
    }, true);
  } finally {
    await lock.close();
  }
  return result as Awaited<T>;
}

/** PostgreSQL when DATABASE_URL is set (ADR 0021), else the SQLite file in DATA_DIR. */
async function openConfiguredDatabase(config: Config, log: (message: string) => void) {
  // Processes starting together on one DATA_DIR migrate one after the other (Kysely's migrator has no lock on SQLite).
  if (!config.databaseUrl) return openDatabase(config.dbFile, { alone: (fn) => aloneAtStart(config, log, fn) });
  try {
    return await openPostgres(config.databaseUrl, log);
  } catch (err) {
    throw new ConfigError((err as Error).message, { cause: err });
  }
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const log = overrides.log ?? ((m: string) => console.error(m));
  const secret = config.sessionSecret ?? loadSecret(config.dataDir);
  const database = await openConfiguredDatabase(config, log);
  const clock = overrides.clock ?? systemClock;
  // On SQLite the index and the rate limits share the app's file: their writes wait for the app's open transaction
  // (ADR 0037).
  const gate = 'raw' in database ? outsideTransactions(database.db, database.raw) : undefined;
  const search = overrides.search ?? pickSearch(config, log, gate);
  const blobs = overrides.blobs ?? pickBlobs(config);
  try {
    await start(search, 'search');
    await start(blobs, 'the file store');
  } catch (err) {
    await search.close().catch(() => undefined);
    await database.close();
    throw err;
  }
  // The SQLite file this process writes (the app's, or the embedded index's beside PostgreSQL) is checkpointed on a
  // thread, not inside the commit that crosses the WAL's threshold (db/wal-checkpoints.ts, ADR 0037).
  const checkpointed = 'raw' in database || search instanceof EmbeddedSearchIndex;
  if ('raw' in database) database.raw.pragma(NO_AUTOMATIC_CHECKPOINTS);
  if (search instanceof EmbeddedSearchIndex) search.leaveCheckpointsToAThread();
  const checkpoints = checkpointed
    ? startWalCheckpointsInOneProcess(config.dbFile, new FileLock(lockFile(config.dataDir, 'checkpoints')), log)
    : undefined;
  // Several instances may share the database (PostgreSQL, ADR 0021) or several processes one DATA_DIR (SQLite, ADR
  // 0037): one projector runs at a time, and each scheduled job runs in one of them.
  const projectorLock = workLock(config, 'projector', log);
  const housekeepingLock = workLock(config, 'housekeeping', log);
  const followDigestsLock = workLock(config, 'followDigests', log);
  const weeklyQuestionsLock = workLock(config, 'weeklyQuestions', log);
  const projector = new Projector({
    db: database.db,
    search,
    clock,
    log,
    runAlone: (fn, wait) => projectorLock.runAlone(fn, wait),
    // PostgreSQL away (the pool's 503, or the lock's own connection failing) or a full disk: retried every half second.
    isDatabaseFailure: (err) => isStorageFull(err) || isDatabaseAway(err) || (err instanceof AppError && err.message === DATABASE_AWAY),
  });
  // Shared by the instances on one PostgreSQL (ADR 0021) and by the processes on one SQLite file (ADR 0037). The
  // per-process budget (reads) is this process's share of the machine's.
  const workers = config.workers;
  const limiter =
    'pool' in database
      ? await createPostgresRateLimiter(database.pool, config.rateLimits)
      : createSqliteRateLimiter(database.raw, config.rateLimits, {
          outsideTransactions: outsideTransactions(database.db, database.raw),
          processes: workers,
        });
  // Worker threads: this process's share of the cores, so N processes do not oversubscribe them (ADR 0037).
  const cores = Math.max(1, Math.floor(os.availableParallelism() / workers));
  const formatter = overrides.formatter ?? new WorkerPoolFormatter({ threads: Math.max(1, Math.min(4, cores - 1)) });
  // Importing a document and making a Word one are rare and seconds long: they share one queue for their threads, so
  // on a 2-core machine they take one thread between them beside the story formatter's (docs/performance.md, "Word out").
  const documentThreads = Math.max(1, Math.min(2, cores - 1));
  const documentQueue = pLimit(documentThreads);
  const converter = overrides.converter ?? new WorkerPoolConverter({ threads: documentThreads, queue: documentQueue });
  const word = overrides.word ?? new WorkerPoolWordBuilder({ threads: documentThreads, queue: documentQueue });
  const mailer = overrides.mailer ?? pickMailer(config, log);
  return {
    db: database.db,
    clock,
    blobs,
    search,
    limiter,
    formatter,
    converter,
    word,
    config,
    secret,
    onEventsCommitted: () => projector.committed(),
    mailer,
    log,
    projector,
    searchMadeNew: search instanceof EmbeddedSearchIndex && search.madeNew,
    async housekeeping(fn) {
      await housekeepingLock.runAlone(fn, false);
    },
    followDigestsAlone: (fn) => followDigestsLock.runAlone(fn, false),
    weeklyQuestionsAlone: (fn) => weeklyQuestionsLock.runAlone(fn, false),
    atStart: (fn) => aloneAtStart(config, log, fn),
    async close() {
      // Emails queued after an answer go out before the mailer and the database close (a drain: ADR 0023).
      await settleWorkAfterAnswers();
      await projector.stop();
      await projectorLock.close();
      await housekeepingLock.close();
      await followDigestsLock.close();
      await weeklyQuestionsLock.close();
      await formatter.close();
      await converter.close();
      await word.close();
      await mailer.close();
      await checkpoints?.stop();
      await search.close();
      await database.close();
    },
  };
}
