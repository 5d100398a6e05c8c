// The throwaway PostgreSQL of the `server-pg` test project (docs/decisions/0021-postgresql.md): the cluster itself
// is scripts/postgres-cluster.ts, shared with the bench; each test app gets a database of its own
// (`freshPostgresDatabase`): a copy of the run's migrated template for test apps (test-app.ts), an empty one from
// template0 for the tests of migrations themselves.
export {
  dropPostgresDatabase,
  freshPostgresDatabase,
  migratedTemplate,
  type PostgresCluster,
  startPostgresCluster,
} from '../../scripts/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://role@127.0.0.1:port/ of the run's cluster (postgres-global-setup.ts): only in the server-pg project. */
    postgresBaseUrl: string;
    /** The cluster's database with every migration applied, copied for each test app (postgres-global-setup.ts). */
    postgresTemplate: string;
  }
}
