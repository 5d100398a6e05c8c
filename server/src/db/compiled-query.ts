import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';
import { readNow } from './sync-reads';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Stands in for the i-th argument while a query is built and compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A read on a hot path, built and compiled by Kysely once per number of arguments and then only run: building
 * and compiling a join costs ~18 µs, three times what SQLite takes to answer it from an index, on every
 * request (docs/performance.md). `build` receives stand-ins for the arguments and must use each only as a
 * query value (`where(col, '=', arg)`, `on(...)`, a `sql` parameter), never to decide the query's shape.
 */
export function compileOnce<A extends unknown[], R>(build: (db: Executor, ...args: A) => Compilable<R>) {
  // Per dialect too: one process may hold a SQLite and a PostgreSQL database (migrate-to-postgres.test.ts).
  const byArity = new Map<string, CompiledQuery<R>>();
  return async (db: Executor, ...args: A): Promise<R[]> => {
    const key = `${dialectOf(db)}:${args.length}`;
    let compiled = byArity.get(key);
    if (!compiled) {
      compiled = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      byArity.set(key, compiled);
    }
    const query = { ...compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p)) };
    return readNow(db, query) ?? (await db.executeQuery<R>(query)).rows;
  };
}
