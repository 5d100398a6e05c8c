// The tools the tests need that npm cannot bring, and whether they are here:
//   chromium        the browser the end-to-end tests drive (playwright-core never downloads one): CHROMIUM_PATH
//                   when set, else Debian's chromium-headless-shell (/usr/bin/chromium-headless-shell): Chromium's
//                   headless shell, the one Playwright itself runs headless; the same Blink at about half the CPU of
//                   the full browser in headless mode (docs/performance.md, "Test run times")
//   docker-compose  validates docker-compose.yml without a Docker engine (tests/infra/compose.test.ts)
//   epubcheck       validates the story's EPUB (tests/integration/book-epub.test.ts; Debian's package, run with java)
//   poppler-utils   pdfinfo and pdftotext read back the printed book (tests/e2e/book-and-export.e2e.test.ts)
//   libreoffice     soffice, headless, opens the Word download and prints it to PDF (tests/integration/book-docx.test.ts):
//                   Debian's libreoffice-writer-nogui, else libreoffice-core with libreoffice-writer
// On Debian, as root or with passwordless sudo, the missing ones are installed with apt-get (Chromium only when
// CHROMIUM_PATH is not set: apt cannot put it anywhere else). Anywhere else (macOS, no root, apt failing) nothing
// is installed and the result says why, so that scripts/test.mjs can skip what cannot run.
// Run on its own (`node scripts/ensure-test-tools.mjs`) it installs what it can and prints what is still missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium-headless-shell';
/** Debian's package that puts it there. */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/** Where the browser tests look for Chromium: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
}

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first `name` on env.PATH that can be run, or null. */
export function findOnPath(name, env = process.env, exists = isExecutable) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && exists(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

const runCommand = (file, args, env) => {
  console.log(`ensure-test-tools: ${[file, ...args].join(' ')}`);
  execFileSync(file, args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
};

/** Debian packages found by a program they put on PATH. */
export const PATH_TOOLS = {
  'docker-compose': 'docker-compose',
  epubcheck: 'epubcheck',
  'poppler-utils': 'pdftotext',
  'libreoffice-writer-nogui': 'soffice',
};

/** What else apt may install when a package is not there: older Debian has no libreoffice-writer-nogui. */
const FALLBACKS = { 'libreoffice-writer-nogui': ['libreoffice-core', 'libreoffice-writer'] };

/**
 * Installs what is missing where it can. Returns the Chromium the browser tests will use, and for each tool
 * null when it is present, else the reason it is not (a phrase that follows "no Chromium at …" / "no docker-compose",
 * "no epubcheck", "no poppler-utils", "no LibreOffice").
 * Every effect is injectable so that tests never run apt: `exists` (executable file?), `run(file, args, env)`, `isRoot`.
 */
export function ensureTestTools({
  env = process.env,
  exists = isExecutable,
  run = runCommand,
  isRoot = process.getuid?.() === 0,
  log = (line) => console.error(line),
} = {}) {
  const chromium = chromiumPath(env);
  const present = (pkg) => findOnPath(PATH_TOOLS[pkg], env, exists) !== null;
  const missing = [];
  if (!exists(chromium) && !env.CHROMIUM_PATH) missing.push(CHROMIUM_PACKAGE);
  for (const pkg of Object.keys(PATH_TOOLS)) if (!present(pkg)) missing.push(pkg);

  // Why apt cannot install anything here, or null when it may try.
  const aptGet = findOnPath('apt-get', env, exists);
  const sudo = isRoot ? null : findOnPath('sudo', env, exists);
  let aptBlocked = null;
  if (!aptGet) aptBlocked = 'apt-get is not available';
  else if (!isRoot && !sudo) aptBlocked = 'not root and sudo is not available';
  const failed = new Map();
  if (missing.length > 0 && !aptBlocked) {
    const apt = (args) => (isRoot ? run(aptGet, args, env) : run(sudo, ['-n', aptGet, ...args], env));
    try {
      apt(['update', '-q']);
      // One package at a time: one that cannot be installed does not keep the other out.
      for (const pkg of missing) {
        try {
          apt(['install', '-y', '-q', '--no-install-recommends', pkg]);
        } catch (err) {
          const instead = FALLBACKS[pkg];
          try {
            if (!instead) throw err;
            apt(['install', '-y', '-q', '--no-install-recommends', ...instead]);
          } catch {
            failed.set(pkg, `apt-get install ${pkg} failed (${firstLine(err)})`);
          }
        }
      }
    } catch (err) {
      aptBlocked = `apt-get update failed (${firstLine(err)})`;
    }
  }
  const why = (pkg) => failed.get(pkg) ?? aptBlocked ?? `apt-get install ${pkg} did not install it`;

  let browser = null;
  if (!exists(chromium)) {
    browser = env.CHROMIUM_PATH ? 'CHROMIUM_PATH names no executable file' : why(CHROMIUM_PACKAGE);
  }
  const [compose, epubcheck, poppler, libreoffice] = Object.keys(PATH_TOOLS).map((pkg) => (present(pkg) ? null : why(pkg)));
  if (browser) log(`ensure-test-tools: no Chromium at ${chromium}: ${browser}.`);
  if (compose) log(`ensure-test-tools: no docker-compose: ${compose}.`);
  if (epubcheck) log(`ensure-test-tools: no epubcheck: ${epubcheck}.`);
  if (poppler) log(`ensure-test-tools: no poppler-utils: ${poppler}.`);
  if (libreoffice) log(`ensure-test-tools: no LibreOffice: ${libreoffice}.`);
  return { chromium, browser, compose, epubcheck, poppler, libreoffice };
}

function firstLine(err) {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n', 1)[0];
}

// ---- PostgreSQL, for the server-pg test project (docs/decisions/0021-postgresql.md) ----
// Debian's `postgresql` package puts initdb and pg_ctl in /usr/lib/postgresql/N/bin (not on PATH) and creates the
// unprivileged `postgres` account the tests run the cluster as when they run as root (tests/support/postgres-cluster.ts).

const POSTGRES_VERSIONS = ['17', '16', '15', '14', '13'];

/** The folder holding initdb and pg_ctl: PG_BIN when set, else Debian's newest, else the one on PATH; or null. */
export function postgresBinDir(env = process.env, exists = isExecutable) {
  if (env.PG_BIN) return exists(path.join(env.PG_BIN, 'initdb')) ? env.PG_BIN : null;
  for (const version of POSTGRES_VERSIONS) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (exists(path.join(dir, 'initdb'))) return dir;
  }
  const initdb = findOnPath('initdb', env, exists);
  return initdb ? path.dirname(initdb) : null;
}

/**
 * Installs Debian's postgresql when no PostgreSQL server programs are found (not when PG_BIN names another
 * folder: apt cannot put them there). Returns { bin, postgres }: bin the folder or null, postgres null when present,
 * else why not. Effects injectable as in ensureTestTools.
 */
export function ensurePostgres({
  env = process.env,
  exists = isExecutable,
  run = runCommand,
  isRoot = process.getuid?.() === 0,
  log = (line) => console.error(line),
} = {}) {
  let bin = postgresBinDir(env, exists);
  if (bin) return { bin, postgres: null };
  let why = null;
  const aptGet = findOnPath('apt-get', env, exists);
  const sudo = isRoot ? null : findOnPath('sudo', env, exists);
  if (env.PG_BIN) why = `PG_BIN (${env.PG_BIN}) holds no initdb`;
  else if (!aptGet) why = 'apt-get is not available';
  else if (!isRoot && !sudo) why = 'not root and sudo is not available';
  else {
    const apt = (args) => (isRoot ? run(aptGet, args, env) : run(sudo, ['-n', aptGet, ...args], env));
    try {
      apt(['update', '-q']);
      apt(['install', '-y', '-q', '--no-install-recommends', 'postgresql']);
      bin = postgresBinDir(env, exists);
      if (!bin) why = 'apt-get install postgresql did not install initdb';
    } catch (err) {
      why = `apt-get install postgresql failed (${firstLine(err)})`;
    }
  }
  if (why) log(`ensure-test-tools: no PostgreSQL: ${why}.`);
  return { bin, postgres: why };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureTestTools();
  ensurePostgres();
}
