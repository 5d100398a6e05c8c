import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { type DialectName, dialectOf } from './dialect';
import type { Database } from './schema';
import { readNow } from './sync-reads';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Stands in for the i-th argument while a query is built and compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/** The SQL text of every compiled hot read, and the name PostgreSQL prepares it under (ADR 0021, `preparedName`). */
const preparedNames = new Map<string, string>();

/**
 * The name of a prepared statement for `sql` when it is the text of a `compileOnce` read, else undefined. On
 * PostgreSQL the pool (open-postgres.ts) runs such a text as a named statement: each connection parses and plans it
 * once and then only binds and executes it. Only these few fixed texts are named; every other query stays unnamed,
 * so a connection never accumulates statements. The name is a digest of the text: one name is never two texts.
 */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/**
 * A read on a hot path, built and compiled by Kysely once per dialect and number of arguments and then only run:
 * building and compiling a join costs ~18 µs, three times what SQLite takes to answer it from an index, on every
 * request (docs/performance.md). `build` receives stand-ins for the arguments and must use each only as a
 * query value (`where(col, '=', arg)`, `on(...)`, a `sql` parameter), never to decide the query's shape.
 * On SQLite it runs at once on the idle connection (`readNow`, ADR 0008); on PostgreSQL through the pool as a
 * named prepared statement (`preparedName`).
 */
export function compileOnce<A extends unknown[], R>(build: (db: Executor, ...args: A) => Compilable<R>) {
  // Keyed by dialect too: one process may hold both (a copy from SQLite to PostgreSQL, migrate-to-postgres.test.ts),
  // and their SQL differs.
  const compiledFor: Record<DialectName, Map<number, CompiledQuery<R>>> = { sqlite: new Map(), postgres: new Map() };
  return async (db: Executor, ...args: A): Promise<R[]> => {
    const byArity = compiledFor[dialectOf(db)];
    let compiled = byArity.get(args.length);
    if (!compiled) {
      compiled = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      byArity.set(args.length, compiled);
      preparedNames.set(compiled.sql, `hot_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`);
    }
    const query = { ...compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p)) };
    return readNow(db, query) ?? (await db.executeQuery<R>(query)).rows;
  };
}
