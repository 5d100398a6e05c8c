// `npm run seed -- --users N --likes M --comments K [--seed S] [--data-dir DIR] [--now ISO-DATE] [--database-url URL]`
// Fills an empty DATA_DIR with the scale data set (see seed/scale/generate.ts) and prints its progress. With
// --database-url, the data set is built in SQLite as always (in a temporary DATA_DIR unless --data-dir names one),
// then copied into that empty PostgreSQL database by migrate-to-postgres's copy and check
// (docs/decisions/0022-moving-to-postgresql.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { copySqliteToPostgres } from '../server/src/postgres-copy/copy-to-postgres';
import { verifyPostgresCopy } from '../server/src/postgres-copy/verify-postgres-copy';
import { generateScaleData, SCALE_PASSWORD } from './scale/generate';

const USAGE =
  'Usage: npm run seed -- [--users 100000] [--likes 1000000] [--comments 200000] [--seed 1] [--data-dir DIR] [--now 2026-01-31] [--database-url postgres://…]';

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(n)) throw new Error(`--${name} must be a whole number (got ${value}).\n${USAGE}`);
  return n;
}

try {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      likes: { type: 'string' },
      comments: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      now: { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
  } else {
    const now = values.now === undefined ? undefined : Date.parse(values.now);
    if (now !== undefined && Number.isNaN(now)) throw new Error(`--now must be a date such as 2026-01-31 (got ${values.now}).`);
    const databaseUrl = values['database-url'];
    if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
      throw new Error(`--database-url must be a URL such as postgres://user:password@host:5432/database (got ${databaseUrl}).`);
    }
    // For PostgreSQL the SQLite data set is only a step: a temporary folder, unless --data-dir asks to keep it.
    const temporary = databaseUrl !== undefined && values['data-dir'] === undefined;
    const dataDir = temporary
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-seed-'))
      : (values['data-dir'] ?? process.env.DATA_DIR ?? './data');
    try {
      await seed(dataDir, values, now, databaseUrl);
    } finally {
      if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

/** The data set into dataDir's SQLite file, then, with a database URL, copied into PostgreSQL and checked. */
async function seed(dataDir: string, values: Record<string, string | boolean | undefined>, now: number | undefined, databaseUrl?: string) {
  const arg = (name: string) => values[name] as string | undefined;
  const result = await generateScaleData({
    dataDir,
    users: count('users', arg('users'), 100_000),
    likes: count('likes', arg('likes'), 1_000_000),
    comments: count('comments', arg('comments'), 200_000),
    seed: count('seed', arg('seed'), 1),
    now,
    log: (line) => console.log(line),
  });
  console.log(
    `${result.users} users (password "${SCALE_PASSWORD}"), ${result.likes} likes, ${result.comments} comments, ${result.events} events in ${dataDir}`,
  );
  if (databaseUrl === undefined) return;
  const sqliteFile = loadConfig({ DATA_DIR: dataDir }).dbFile;
  const copy = await copySqliteToPostgres({ sqliteFile, databaseUrl, log: (line) => console.log(line) });
  console.log(`copied ${copy.rows} rows of ${copy.tables.length} tables in ${copy.seconds.toFixed(1)} s`);
  const check = await verifyPostgresCopy({ databaseUrl });
  for (const line of check.lines) console.log(line);
  console.log(`checked in ${check.seconds.toFixed(1)} s; a server on this database rebuilds its search index at its first start`);
}
