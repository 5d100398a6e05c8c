/**
 * The scale data set (issue #5): N people each with a story, M likes, K comments, written through the same
 * tables and events as the product, then projected exactly as `npm run reindex` does (createDeps +
 * projector.rebuild()), so proj_* and the search index are what the running product would have built.
 *
 * - Deterministic: the same seed and sizes give identical rows in every table but kysely_migration (when the
 *   migrations ran). Instants are offsets from an anchor, the data set's "now": `options.now`, by default the
 *   start of the current UTC day (so runs on the same day are identical, and the top-list windows are current
 *   when the data is used). The projector's clock is pinned to the anchor too; a server started later ages
 *   the windows itself on its first run.
 * - Every user's password is SCALE_PASSWORD (hashed once); emails are in the users table.
 * - Refuses a DATA_DIR whose database already holds users or events: delete `<dataDir>/life-story.sqlite*`
 *   (or use a fresh directory) first. The load itself runs without journal or fsync for speed, so a run that
 *   fails half-way leaves a database to delete, not to use.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config';
import { createDeps } from '../../server/src/deps';
import { applyPragmas, openDatabase } from '../../server/src/db/open-database';
import { bulkPragmas, dropIndexes, recreateIndexes } from './bulk-insert';
import { maxLikesPerStory } from './likes';
import { scalePasswordHash } from './password';
import { makePlan } from './plan';
import { defaultAnchor } from './timeline';
import { writeComments, writeEvents, writeLikes, writeStories, writeUsers } from './write-rows';

export { SCALE_PASSWORD } from './password';

export interface ScaleOptions {
  dataDir: string;
  users: number;
  likes: number;
  comments: number;
  seed: number;
  log?: (line: string) => void;
  /** The data set's "now" in ms (default: the start of the current UTC day). */
  now?: number;
}

export interface ScaleResult {
  seconds: number;
  users: number;
  stories: number;
  likes: number;
  comments: number;
  events: number;
  dbBytes: number;
}

function check(options: ScaleOptions): void {
  const whole = (name: string, v: number, min: number) => {
    if (!Number.isSafeInteger(v) || v < min) throw new Error(`${name} must be a whole number of at least ${min} (got ${v}).`);
  };
  whole('users', options.users, 2);
  whole('likes', options.likes, 0);
  whole('comments', options.comments, 0);
  if (!Number.isSafeInteger(options.seed)) throw new Error(`seed must be a whole number (got ${options.seed}).`);
  // Three quarters of the stories are liked, each by at most a third of the people.
  const most = Math.round(options.users * 0.75) * maxLikesPerStory(options.users);
  if (options.likes > most) throw new Error(`${options.likes} likes do not fit ${options.users} people (at most ${most}).`);
}

function fileBytes(file: string): number {
  return ['', '-wal'].reduce((sum, ext) => sum + (fs.existsSync(file + ext) ? fs.statSync(file + ext).size : 0), 0);
}

export async function generateScaleData(options: ScaleOptions): Promise<ScaleResult> {
  check(options);
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const anchor = options.now ?? defaultAnchor();
  const config = loadConfig({ ...process.env, DATA_DIR: options.dataDir, LOG_LEVEL: 'silent' });

  const database = await openDatabase(config.dbFile);
  let projectorIndexes: string[] = [];
  const counts: Omit<ScaleResult, 'seconds' | 'dbBytes'> = { users: 0, stories: 0, likes: 0, comments: 0, events: 0 };
  try {
    const raw = database.raw;
    const existing = raw.prepare('SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM events)').pluck().get() as number;
    if (existing > 0) {
      throw new Error(
        `${config.dbFile} already holds data; the scale generator only fills an empty database. ` +
          `Delete ${config.dbFile}* or choose another --data-dir.`,
      );
    }
    const hashing = scalePasswordHash(options.seed);
    log(
      `planning ${options.users} users, ${options.likes} likes, ${options.comments} comments (seed ${options.seed}, now ${new Date(anchor).toISOString()})`,
    );
    const plan = makePlan({ ...options, anchor }, (phase) => log(`${phase} (${elapsed()})`));
    const hash = await hashing;

    bulkPragmas(raw);
    const indexes = dropIndexes(raw, ['users', 'stories', 'pages', 'likes', 'comments', 'events']);
    // The projector's like table is refilled by the rebuild below: its secondary indexes come back after it.
    projectorIndexes = dropIndexes(raw, ['proj_likes']);
    counts.users = writeUsers(raw, plan, hash);
    log(`users: ${counts.users} (${elapsed()})`);
    const [stories, pages] = writeStories(raw, plan);
    counts.stories = stories;
    log(`stories: ${stories}, pages: ${pages} (${elapsed()})`);
    counts.likes = writeLikes(raw, plan);
    log(`likes: ${counts.likes} (${elapsed()})`);
    counts.comments = writeComments(raw, plan);
    log(`comments: ${counts.comments} (${elapsed()})`);
    counts.events = writeEvents(raw, plan);
    log(`events: ${counts.events} (${elapsed()})`);
    recreateIndexes(raw, indexes);
    applyPragmas(raw);
    log(`indexes (${elapsed()})`);
  } finally {
    await database.close();
  }

  // The product's own rebuild, as `npm run reindex` runs it; only faster settings on its connection meanwhile
  // (they end with it), and proj_likes' secondary indexes built once at the end instead of row by row.
  try {
    const deps = await createDeps(config, { clock: { now: () => anchor }, log });
    try {
      await sql`PRAGMA synchronous = OFF`.execute(deps.db);
      await sql`PRAGMA cache_size = -262144`.execute(deps.db);
      await deps.projector.rebuild();
    } finally {
      await deps.close();
    }
  } finally {
    const finish = await openDatabase(config.dbFile);
    try {
      recreateIndexes(finish.raw, projectorIndexes);
    } finally {
      await finish.close();
    }
  }
  log(`rebuild: projections and search index (${elapsed()})`);
  const seconds = (performance.now() - started) / 1000;
  const dbBytes = fileBytes(config.dbFile);
  log(`done in ${seconds.toFixed(1)} s (${(dbBytes / 1e6).toFixed(0)} MB)`);
  return { seconds, ...counts, dbBytes };
}
