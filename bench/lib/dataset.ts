// The scale dataset: built once into bench/.data/<name> by the scale generator and reused while its marker
// records the same parameters. Servers under test get a copy, so that the writes of a run never dirty it.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { ScaleResult } from '../../seed/scale/generate';
import { nowMs } from './stats';

export const DB_FILE = 'life-story.sqlite';
const MARKER = 'bench-dataset.json';

export interface DatasetParams {
  users: number;
  likes: number;
  comments: number;
  seed: number;
}

export interface Dataset {
  dir: string;
  params: DatasetParams;
  /** Wall-clock seconds of generateScaleData when the dataset was built (in this run or an earlier one). */
  seedSeconds: number;
  builtInThisRun: boolean;
  builtAt: string;
  generator: ScaleResult;
}

interface Marker {
  params: DatasetParams;
  seedSeconds: number;
  builtAt: string;
  generator: ScaleResult;
}

const sameParams = (a: DatasetParams, b: DatasetParams) =>
  a.users === b.users && a.likes === b.likes && a.comments === b.comments && a.seed === b.seed;

function readMarker(dir: string): Marker | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as Marker;
  } catch {
    return null;
  }
}

/** Folds the WAL into the main file so that a plain file copy is a consistent database. */
export function checkpoint(dbFile: string): void {
  const db = new BetterSqlite3(dbFile, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

export async function ensureDataset(
  dir: string,
  params: DatasetParams,
  options: { rebuild: boolean; log: (line: string) => void },
): Promise<Dataset> {
  const marker = readMarker(dir);
  if (!options.rebuild && marker && sameParams(marker.params, params) && fs.existsSync(path.join(dir, DB_FILE))) {
    options.log(`Reusing the dataset in ${dir} (built ${marker.builtAt} in ${marker.seedSeconds.toFixed(1)} s).`);
    // Brought up to this code's migrations once, here, so that no run's cold start pays for them.
    const { openDatabase } = await import('../../server/src/db/open-database');
    await (await openDatabase(path.join(dir, DB_FILE))).close();
    return { dir, params, seedSeconds: marker.seedSeconds, builtInThisRun: false, builtAt: marker.builtAt, generator: marker.generator };
  }
  // No marker (an interrupted build), other parameters or --rebuild: start from an empty folder.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  options.log(
    `Building the dataset in ${dir}: ${params.users} users, ${params.likes} likes, ${params.comments} comments (seed ${params.seed})…`,
  );
  const { generateScaleData } = await import('../../seed/scale/generate');
  const started = nowMs();
  const generator = await generateScaleData({ dataDir: dir, ...params, log: (line) => options.log(`  seed: ${line}`) });
  const seedSeconds = (nowMs() - started) / 1000;
  checkpoint(path.join(dir, DB_FILE));
  const built: Marker = { params, seedSeconds, builtAt: new Date().toISOString(), generator };
  fs.writeFileSync(path.join(dir, MARKER), `${JSON.stringify(built, null, 2)}\n`);
  return { dir, params, seedSeconds, builtInThisRun: true, builtAt: built.builtAt, generator };
}

/** A fresh copy of a data folder (database, secret, uploads) for one server under test; the marker stays behind. */
export function copyDataDir(from: string, to: string): void {
  checkpoint(path.join(from, DB_FILE));
  fs.rmSync(to, { recursive: true, force: true });
  // dereference: a dataset reached through a symbolic link is copied, not linked (the server must never write into it).
  fs.cpSync(from, to, { recursive: true, dereference: true, filter: (src) => path.basename(src) !== MARKER });
}

/** Sizes of the database files and, through dbstat, of every table with its indexes. */
export function databaseSizes(dir: string): { fileBytes: number; tables: Record<string, number> } {
  const file = path.join(dir, DB_FILE);
  const fileBytes = ['', '-wal', '-shm'].reduce(
    (sum, suffix) => sum + (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : 0),
    0,
  );
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT coalesce(m.tbl_name, s.name) AS tbl, sum(s.pgsize) AS bytes
           FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name
          GROUP BY tbl ORDER BY bytes DESC`,
      )
      .all() as Array<{ tbl: string; bytes: number }>;
    return { fileBytes, tables: Object.fromEntries(rows.map((r) => [r.tbl, r.bytes])) };
  } finally {
    db.close();
  }
}
