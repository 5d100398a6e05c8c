import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Six projects, all run by `npm test`, each file in one of them (docs/testing.md says which to run for what):
// - unit: tests beside the server's code that need no server, database file, socket or browser: `npm run test:unit`.
// - server: everything else of the server, in-process on SQLite; server-pg: its integration suite again on PostgreSQL.
// - client: the client's hooks and state under happy-dom (a fake tRPC link stands in for the network).
// - e2e, e2e-late: the browser tests in two streams (E2E_LATE below), which share one production build of the client
//   (each file drives its own Chromium).

/**
 * Tests beside the server's code that are not unit tests: they open a database file, an app or a socket, or spend
 * minutes of CPU at the largest story size. They run in `server`; tests/infra/test-projects.test.ts checks the rest
 * of server/src imports none of those.
 */
export const SERVER_SRC_NOT_UNIT = [
  'server/src/db/**/*.test.ts',
  'server/src/adapters/search/embedded/**/*.test.ts',
  'server/src/core/explore/list-plans.test.ts',
  'server/src/core/stories/reader-page-facts.test.ts',
  'server/src/core/stories/format-story.test.ts',
  'server/src/demo/demo-seed.test.ts',
  'server/src/transport/http/drain-connections.test.ts',
];

/** Signing people up is most of what many tests do: there, passwords are hashed cheaply (the file says how). */
const LIGHT_PASSWORD_HASHING = 'tests/support/light-password-hashing.ts';

/** The server bundled once per project and run, for the tests that start it as a process (the file says why). */
const SERVER_BUILD = 'tests/support/server-build-global-setup.ts';

/**
 * The browser tests (`tests/e2e`), in two streams. `e2e`: one file at a time, in a thread, BESIDE the other projects'
 * files (vitest runs each pool type at the same time; a browser file keeps only ~0.6 of a core busy, it waits on
 * Chromium). `e2e-late`: the files below, one at a time, once the server-side files have ended. One stream was the
 * run's floor (1,666 s of its 1,767 s); two at a time beside the forks timed out (the machine was already busy), as
 * three at a time in the forks pool did before. docs/performance.md, "Test run times".
 */
const E2E = {
  globalSetup: ['tests/e2e/support/build-client.ts', SERVER_BUILD],
  setupFiles: [LIGHT_PASSWORD_HASHING],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll's default of one second is less than a first page load on a busy two-core machine.
  expect: { poll: { timeout: 10_000 } },
};

/**
 * The second stream: smaller files, ~250 s of them (measured beside the forks), so that both streams end about
 * together once the forks have ended (docs/performance.md, "Test run times").
 */
export const E2E_LATE = [
  'tests/e2e/api-reference.e2e.test.ts',
  'tests/e2e/book-and-export.e2e.test.ts',
  'tests/e2e/chapters.e2e.test.ts',
  'tests/e2e/developer-access.e2e.test.ts',
  'tests/e2e/editor-toolbar.e2e.test.ts',
  'tests/e2e/email-verification.e2e.test.ts',
  'tests/e2e/family-circle.e2e.test.ts',
  'tests/e2e/lazy-app.e2e.test.ts',
  'tests/e2e/move-a-story.e2e.test.ts',
  'tests/e2e/password-reset.e2e.test.ts',
  'tests/e2e/right-to-left-story.e2e.test.ts',
  'tests/e2e/ssr.e2e.test.ts',
  'tests/e2e/word-and-readable-copy.e2e.test.ts',
  'tests/e2e/word-in-and-out.e2e.test.ts',
];

export default defineConfig({
  test: {
    // One pool of workers serves every project of a pool type (vitest 3). Its default is one worker less than the
    // cores: ONE on the two-core CI machine, so every file ran after the other. The server's files keep about 1.2
    // cores busy between two (argon2, PostgreSQL, child processes), so two at a time suit two cores. The browser
    // files run beside them on a pool of their own (below). docs/performance.md, "Test run times".
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A fork keeps the modules it has imported from one file to the next of the same project (vitest still gives each
    // project, and the client's happy-dom, workers of their own): importing the server's module graph anew for every
    // file was two thirds of the forks' CPU (collect 1,167 s -> 179 s). So a test file must leave the process as it
    // found it: no module state it does not reset, no process.env it does not put back (docs/testing.md, "Workers").
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts'],
          exclude: SERVER_SRC_NOT_UNIT,
          // As in `server`, where these files ran before: the image and property tests take seconds on a busy machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          // packages/client: the typed client's tests, against loopback servers (docs/decisions/0041-typed-client-and-start-stack.md).
          include: [...SERVER_SRC_NOT_UNIT, 'tests/**/*.test.ts', 'seed/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          globalSetup: [SERVER_BUILD],
          setupFiles: [LIGHT_PASSWORD_HASHING],
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
          // A .docx saved by LibreOffice is the same file whatever database imports it: its one test runs on SQLite.
          // The supervisor's tests (ADR 0036) run its processes on SQLite only: its signals and restarts are the same.
          exclude: [
            'tests/integration/backup-restore.test.ts',
            'tests/integration/document-import-libreoffice.test.ts',
            'tests/integration/cluster-workers.test.ts',
            'tests/integration/cluster-roll-and-drain.test.ts',
            // startStack and the client's examples choose their database themselves (ADR 0041).
            'tests/integration/start-stack.test.ts',
            'tests/integration/client-examples.test.ts',
          ],
          globalSetup: ['tests/support/postgres-global-setup.ts', SERVER_BUILD],
          setupFiles: [LIGHT_PASSWORD_HASHING],
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
          ...E2E,
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: E2E_LATE,
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
        },
      },
      // The second stream of browser files: in the forks pool as a `singleFork` project, so its files start once the
      // server-side files have ended (vitest runs a pool's `singleFork` files after its others), on the CPU they leave.
      { test: { ...E2E, name: 'e2e-late', include: E2E_LATE, pool: 'forks', poolOptions: { forks: { singleFork: true } } } },
    ],
  },
});
