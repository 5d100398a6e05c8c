// Which engine a Kysely instance (or one of its transactions) talks to: the embedded SQLite file, or PostgreSQL
// for scale-out (docs/decisions/0021-postgresql.md). Only the db layer and migrations ask; the core's rules do not.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Any Kysely instance or transaction, whatever its tables. */
export interface AnyDb {
  getExecutor(): { readonly adapter: unknown };
}

export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

/** Advisory-lock keys of this application (the first of pg_advisory_*lock's two int keys: "LS"). */
const LOCK_SPACE = 0x4c53;
export const LOCKS = {
  /** Held by every write transaction until it commits: one writer at a time, as SQLite has it. */
  writes: 1,
  /** Held while an instance's projector runs (one projector across instances). */
  projector: 2,
  /** Held while an instance runs the hourly purge. */
  housekeeping: 3,
  /** Held while an instance's start rebuilds the index or seeds the demo data: instances starting together wait. */
  startup: 4,
  /** Held while an instance sends the followers' emails (core/follows/digest-schedule.ts). */
  followDigests: 5,
  /** Held while an instance sends the weekly questions (core/weekly-question/weekly-schedule.ts). */
  weeklyQuestions: 6,
} as const;

/**
 * On PostgreSQL, waits until no other write transaction is running and holds that turn until this transaction
 * ends: write transactions then run one at a time, as on SQLite, so every read-then-write rule of the core holds
 * and events commit in the order of their seq, which the projector's checkpoint relies on (ADR 0021).
 * Nothing to do on SQLite, whose one connection already runs one transaction at a time.
 */
export async function takeWriteTurn(trx: AnyDb): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_SPACE)}, ${sql.lit(LOCKS.writes)})`.execute(trx as Kysely<unknown>);
}

export const ADVISORY_LOCK_SPACE = LOCK_SPACE;
