// `npm run migrate-to-postgres -- --data-dir DIR --database-url postgres://…`: copies a SQLite DATA_DIR into a new,
// empty PostgreSQL database, checks the copy, and says what to set next (docs/decisions/0022-moving-to-postgresql.md).
// Stop the server on the SQLite DATA_DIR first: writes made after the copy began are not in it.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { CopyRefused, copySqliteToPostgres } from '../postgres-copy/copy-to-postgres';
import { verifyPostgresCopy } from '../postgres-copy/verify-postgres-copy';

const USAGE = 'Usage: npm run migrate-to-postgres -- --data-dir DIR --database-url postgres://user:password@host:5432/database';

/** A mistake in how the command was called: the line, then the usage. */
class UsageError extends Error {}

function options() {
  let values: { 'data-dir'?: string; 'database-url'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR;
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  return { help: values.help ?? false, dataDir, databaseUrl };
}

/** What the operator sets before starting the server on PostgreSQL. */
function nextSteps(dataDir: string): string[] {
  const config = loadConfig({ DATA_DIR: dataDir });
  const secretFile = path.join(config.dataDir, 'secret');
  return [
    'Next, in the environment of every app instance:',
    '  DATABASE_URL=<the URL given here>',
    fs.existsSync(secretFile)
      ? `  SESSION_SECRET=$(cat ${secretFile})    keeps everyone signed in (if the SQLite server ran with SESSION_SECRET, keep that value instead)`
      : '  SESSION_SECRET=$(openssl rand -hex 32)    (this DATA_DIR has no secret file: everyone signs in again)',
    '  MEILI_URL=<your Meilisearch>    the first start rebuilds the search index and top lists from the copied events',
    '    (or SEARCH_INDEX=embedded when every instance runs on this machine with this DATA_DIR: docs/decisions/0023-several-instances.md)',
    `  Uploaded files stay where they are: keep UPLOADS_DIR (here ${config.uploadsDir}) or the S3 settings as they were.`,
  ];
}

async function main(): Promise<number> {
  const { help, dataDir, databaseUrl } = options();
  if (help) {
    console.log(USAGE);
    return 0;
  }
  if (!dataDir) throw new UsageError('Say which SQLite DATA_DIR to copy: --data-dir DIR (or DATA_DIR).');
  if (!databaseUrl) throw new UsageError('Say which PostgreSQL database to fill: --database-url postgres://… (or DATABASE_URL).');
  if (!fs.existsSync(dataDir) || !fs.statSync(dataDir).isDirectory()) throw new CopyRefused(`There is no DATA_DIR at ${dataDir}.`);
  const sqliteFile = loadConfig({ DATA_DIR: dataDir }).dbFile;
  const report = await copySqliteToPostgres({ sqliteFile, databaseUrl, log: (line) => console.log(line) });
  const rate = report.rows / Math.max(report.seconds, 0.001);
  console.log(
    `Copied ${report.tables.length} tables, ${report.rows} rows in ${report.seconds.toFixed(1)} s (${Math.round(rate)} rows/s); row counts equal in every table.`,
  );
  if (report.skipped.length)
    console.log(`Not copied (no migration makes them: the embedded search index, the rate limits): ${report.skipped.join(', ')}`);
  console.log(`Sequences moved past the copied ids: ${report.sequences.map((s) => `${s.table} ${s.value}`).join(', ') || 'none'}`);
  let check: Awaited<ReturnType<typeof verifyPostgresCopy>>;
  try {
    check = await verifyPostgresCopy({ databaseUrl });
  } catch (err) {
    throw new CopyRefused(
      `The rows are copied, but the check failed: ${(err as Error).message} Drop that database and look into it before starting a server on it.`,
      { cause: err },
    );
  }
  for (const line of check.lines) console.log(line);
  console.log(`Checked by rebuilding the projections on PostgreSQL in ${check.seconds.toFixed(1)} s.`);
  for (const line of nextSteps(dataDir)) console.log(line);
  return 0;
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof UsageError) console.error(`${err.message}\n${USAGE}`);
  else if (err instanceof CopyRefused) console.error(err.message);
  else console.error(`The copy failed, and nothing was kept in PostgreSQL: ${(err as Error).message}`);
  process.exitCode = 1;
}
