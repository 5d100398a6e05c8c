import { defineConfig } from 'vitest/config';

// Four projects, all run by `npm test`: the server in-process (on SQLite, and its integration suite on PostgreSQL), the client's hooks and state under happy-dom
// (a fake tRPC link stands in for the network), and the browser tests, which share one production build of the
// client and run one file at a time (each drives its own Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/**/*.test.ts', 'seed/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // The server's integration suite again on a real PostgreSQL (docs/decisions/0021-postgresql.md): one cluster
        // for the run (tests/support/postgres-global-setup.ts), a database per test app.
        test: {
          name: 'server-pg',
          include: ['tests/integration/**/*.test.ts'],
          // Backups copy the SQLite file; with PostgreSQL they are PostgreSQL's own (pg_dump), and the server refuses
          // BACKUP_EVERY_HOURS with DATABASE_URL (config.ts, servingProblems).
          exclude: ['tests/integration/backup-restore.test.ts'],
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/support/build-client.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
