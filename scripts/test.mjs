// `npm test`: makes sure of the tools npm cannot bring (scripts/ensure-test-tools.mjs), then runs vitest with
// every project this machine can run. Without Chromium the browser project (e2e) is skipped with one line
// saying why, and the run still passes on the server and client tests, unless REQUIRE_BROWSER=1 or CI=true (.ci/run):
// then a missing browser fails the run. Without docker-compose only tests/infra/compose.test.ts's compose checks
// skip themselves; without epubcheck or poppler-utils the book checks do (and fail under REQUIRE_BROWSER / CI). Arguments are passed on to `vitest run` (a --project of yours replaces the choice).
//   node scripts/test.mjs --dry-run [args]   prints the decision and the vitest command, runs nothing after the
//                                            tool check (tests/infra/test-runner.test.ts)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensurePostgres, ensureTestTools } from './ensure-test-tools.mjs';

const args = process.argv.slice(2);
const dryRun = args[0] === '--dry-run';
const passed = dryRun ? args.slice(1) : args;
const required = process.env.REQUIRE_BROWSER === '1' || process.env.CI === 'true';

const tools = ensureTestTools({ log: () => undefined });
const loud = (line) => (process.stdout.isTTY ? `\x1b[1;33m${line}\x1b[0m` : line);
const notes = [];
if (tools.browser) {
  if (required) {
    const by = process.env.REQUIRE_BROWSER === '1' ? 'REQUIRE_BROWSER=1' : 'CI=true';
    console.error(
      `Browser tests REQUIRED (${by}) but there is no Chromium at ${tools.chromium}: ${tools.browser}. ` +
        'Install Chromium (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH=/path/to/chromium.',
    );
    process.exit(1);
  }
  notes.push(
    `Browser tests SKIPPED: no Chromium at ${tools.chromium} and ${tools.browser}. ` +
      'Install Chromium (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH=/path/to/chromium-or-chrome to run them.',
  );
}
if (tools.compose) {
  notes.push(
    `docker-compose checks SKIPPED: no docker-compose on PATH and ${tools.compose}. ` +
      'Install docker-compose (Debian: apt-get install docker-compose) to run them.',
  );
}

// The book checks skip themselves with one line each, and fail under REQUIRE_BROWSER=1 / CI=true
// (tests/support/book-tools.ts), as the browser tests do.
for (const [tool, why, what] of [
  ['epubcheck', tools.epubcheck, 'EPUB checks'],
  ['poppler-utils', tools.poppler, 'PDF checks'],
  ['libreoffice-writer-nogui', tools.libreoffice, 'Word document checks'],
]) {
  if (why) notes.push(`${what} SKIPPED: no ${tool} and ${why}. Install ${tool} (Debian: apt-get install ${tool}) to run them.`);
}

// PostgreSQL for the server-pg project (the integration suite on PostgreSQL, docs/decisions/0021-postgresql.md):
// installed with apt when missing; without it that project is skipped with a line, or fails the run under
// REQUIRE_POSTGRES=1 or CI=true.
const postgres = ensurePostgres({ log: () => undefined });
if (postgres.postgres) {
  if (process.env.REQUIRE_POSTGRES === '1' || process.env.CI === 'true') {
    const by = process.env.REQUIRE_POSTGRES === '1' ? 'REQUIRE_POSTGRES=1' : 'CI=true';
    console.error(
      `PostgreSQL tests REQUIRED (${by}) but there is no PostgreSQL: ${postgres.postgres}. ` +
        'Install it (Debian: apt-get install postgresql) or set PG_BIN to the folder holding initdb and pg_ctl.',
    );
    process.exit(1);
  }
  notes.push(
    `PostgreSQL tests SKIPPED: no PostgreSQL and ${postgres.postgres}. ` +
      'Install it (Debian: apt-get install postgresql) or set PG_BIN to the folder holding initdb and pg_ctl to run them.',
  );
}

const chooses = passed.some((a) => a === '--project' || a.startsWith('--project='));
// Without a browser, every project but e2e: the client's tests run under happy-dom. Without PostgreSQL, every
// project but server-pg. The projects are vitest.config.ts's (docs/testing.md).
const projects = ['unit', 'server', ...(postgres.postgres ? [] : ['server-pg']), 'client', ...(tools.browser ? [] : ['e2e', 'e2e-late'])];
const all = !tools.browser && !postgres.postgres;
const vitestArgs = ['run', ...(all || chooses ? [] : projects.flatMap((p) => ['--project', p])), ...passed];
let status = 0;
if (dryRun) {
  console.log(`test: vitest ${vitestArgs.join(' ')}`);
} else {
  const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  // The browser tests find Chromium through CHROMIUM_PATH (tests/e2e/support/e2e.ts).
  const env = { ...process.env, CHROMIUM_PATH: tools.chromium };
  const result = spawnSync(process.execPath, [vitest, ...vitestArgs], { stdio: 'inherit', env });
  status = result.status ?? 1;
}
// After vitest's summary, where it is read, not scrolled away.
for (const note of notes) console.log(loud(note));
process.exit(status);
