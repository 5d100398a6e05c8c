// Builds the client (Vite) and the server bundle (esbuild), each only when its sources are newer than its output;
// `npm run build` also builds the typed client package (packages/client, tsc).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => fs.existsSync(s) && (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs) > built);
}

export async function buildClient({ force = false } = {}) {
  const sources = [path.join(root, 'client'), path.join(root, 'server/src/contract'), path.join(root, 'vite.config.ts')];
  // Both builds of the client: for the browser, and the reader's screens for the server (dist/ssr).
  const outputs = [path.join(root, 'dist/client/index.html'), path.join(root, 'dist/ssr/entry-server.js')];
  if (!force && !outputs.some((out) => stale(out, sources))) return false;
  console.log('Building the client…');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('The client build failed.');
  buildServerRender();
  return true;
}

/**
 * The reader's screens for the server (client/src/entry-server.tsx -> dist/ssr/entry-server.js), which renders
 * them (docs/decisions/0017-server-rendering.md). Built with the client, from the same sources.
 */
export function buildServerRender({ outDir = path.join(root, 'dist/ssr') } = {}) {
  const res = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      path.join(root, 'client/src/entry-server.tsx'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (res.status !== 0) throw new Error('The server build of the reader screens failed.');
}

/** `outDir`: dist/server, or a folder of a test's own (inside the repository, so that the packages resolve). */
export async function buildServer({ force = false, outDir = path.join(root, 'dist/server') } = {}) {
  const out = path.join(outDir, 'main.js');
  if (!force && !stale(out, [path.join(root, 'server/src'), path.join(root, 'package-lock.json')])) return false;
  console.log('Building the server…');
  await esbuild({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      reindex: path.join(root, 'server/src/cli/reindex.ts'),
      backup: path.join(root, 'server/src/cli/backup.ts'),
      restore: path.join(root, 'server/src/cli/restore.ts'),
      admin: path.join(root, 'server/src/cli/admin.ts'),
      'migrate-to-postgres': path.join(root, 'server/src/cli/migrate-to-postgres.ts'),
      // Loaded by the worker pool that formats stories (adapters/story-format), beside main.js.
      'story-format-worker': path.join(root, 'server/src/adapters/story-format/format-worker.ts'),
      // Loaded by the worker pool that converts imported documents (adapters/document-convert), beside main.js.
      'document-convert-worker': path.join(root, 'server/src/adapters/document-convert/convert-worker.ts'),
      // Loaded by the worker pool that builds Word documents (adapters/word-build), beside main.js.
      'word-build-worker': path.join(root, 'server/src/adapters/word-build/word-build-worker.ts'),
      // Loaded by scheduled backups (server/src/backups) to copy the database off the event loop.
      'backup-snapshot-worker': path.join(root, 'server/src/backups/snapshot-worker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Dynamic imports become chunks of their own, loaded only when used (the demo seed on an empty database).
    splitting: true,
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return true;
}

/**
 * packages/client (@life-story/client) into its dist/ with tsc: JavaScript and declarations, which name the server's
 * router type by its path in this repository (docs/decisions/0041-typed-client-and-start-stack.md).
 */
export function buildClientPackage({ outDir } = {}) {
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const args = ['-p', path.join(root, 'packages/client/tsconfig.build.json'), ...(outDir ? ['--outDir', outDir] : [])];
  const res = spawnSync(tsc, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('The build of packages/client failed.');
}
