// The original app's API (github.com/alejandrocqvd/MiHistoria, api/: Express + mysql2), made runnable here with
// the fewest changes, all in the scratch copy and none in this repository:
//  1. api/src/db.ts names its database in code (localhost:3306, root and a password): it reads MIHISTORIA_DB_*
//     from the environment instead, with the original values as defaults.
//  2. api/src/index.ts listens on 8800 in code: it reads PORT, with 8800 as the default.
// Then `npm install` (from the npm registry, its own package-lock) and `tsc --outDir dist`: its tsconfig has no
// outDir while its `npm start` runs dist/index.js, so the compiled files go where its start script looks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ORIGINAL_GIT = 'https://github.com/alejandrocqvd/MiHistoria.git';

const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

/** The db.ts and index.ts changes above, as text replacements that fail loudly when the original has moved on. */
export function patchOriginal(dbTs: string, indexTs: string): { dbTs: string; indexTs: string } {
  const pool = /host:\s*"localhost",\s*user:\s*"root",\s*password:\s*"[^"]*",\s*database:\s*"mi_historia"/;
  if (!pool.test(dbTs)) throw new Error('api/src/db.ts: the connection settings are not where the side-by-side expects them.');
  if (!indexTs.includes('app.listen(8800,')) throw new Error('api/src/index.ts: `app.listen(8800,` not found.');
  return {
    dbTs: dbTs.replace(
      pool,
      [
        'host: process.env.MIHISTORIA_DB_HOST ?? "localhost",',
        '    port: Number(process.env.MIHISTORIA_DB_PORT ?? 3306),',
        '    user: process.env.MIHISTORIA_DB_USER ?? "root",',
        '    password: process.env.MIHISTORIA_DB_PASSWORD ?? "DDegasi[545]?",',
        '    database: process.env.MIHISTORIA_DB_NAME ?? "mi_historia"',
      ].join('\n'),
    ),
    indexTs: indexTs.replace('app.listen(8800,', 'app.listen(Number(process.env.PORT ?? 8800),'),
  };
}

/**
 * A checkout of the original's api/ in `dir` (cloned from `source`, a Git URL or directory, when `dir` has none),
 * patched, installed and built. Returns the api directory.
 */
export function prepareOriginal(dir: string, source: string, log: (line: string) => void): string {
  const api = path.join(dir, 'api');
  if (!fs.existsSync(path.join(api, 'src/index.ts'))) {
    log(`Cloning the original from ${source} into ${dir} (its api/ only)…`);
    fs.rmSync(dir, { recursive: true, force: true });
    // A directory is cloned as it is (a local clone); a URL, its newest commit only.
    const depth = fs.existsSync(source) ? [] : ['--depth', '1'];
    run('git', ['clone', '--quiet', '--no-checkout', ...depth, source, dir], path.dirname(dir));
    run('git', ['checkout', 'HEAD', '--', 'api'], dir);
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  const dbFile = path.join(api, 'src/db.ts');
  const indexFile = path.join(api, 'src/index.ts');
  // Patched from the committed files each time, so that a rerun patches once.
  const show = (f: string) => execFileSync('git', ['show', `HEAD:api/src/${f}`], { cwd: dir, encoding: 'utf8' });
  const patched = patchOriginal(show('db.ts'), show('index.ts'));
  fs.writeFileSync(dbFile, patched.dbTs);
  fs.writeFileSync(indexFile, patched.indexTs);
  if (!fs.existsSync(path.join(api, 'node_modules/express'))) {
    log('npm install in the original’s api/…');
    run('npm', ['install', '--no-audit', '--no-fund'], api);
  }
  log(`Building the original (commit ${commit}): tsc --outDir dist…`);
  run('npx', ['tsc', '--outDir', 'dist'], api);
  return api;
}

/** bcryptjs from the original's own dependencies: the hash its login checks, made as its register makes it (cost 10). */
export function bcryptHash(api: string, password: string): string {
  return execFileSync(process.execPath, ['-e', 'process.stdout.write(require("bcryptjs").hashSync(process.argv[1], 10))', password], {
    cwd: api,
    encoding: 'utf8',
  });
}
