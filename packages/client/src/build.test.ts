// The package as `npm run build` makes it (scripts/build-steps.mjs, buildClientPackage): plain Node loads its
// JavaScript, which holds nothing of the server (the router is a type only), and its declarations name the router.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const { buildClientPackage } = (await import(pathToFileURL(path.resolve('scripts/build-steps.mjs')).href)) as {
  buildClientPackage(options: { outDir?: string }): void;
};

// Inside the repository, so that the built files find @trpc/client in its node_modules as dist/ would.
fs.mkdirSync(path.resolve('test-output'), { recursive: true });
const outDir = fs.mkdtempSync(path.resolve('test-output/client-dist-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

it('builds to JavaScript that Node loads and declarations typed by the router', () => {
  buildClientPackage({ outDir });
  const files = fs.readdirSync(outDir).sort();
  expect(files).toEqual(['client.d.ts', 'client.js', 'index.d.ts', 'index.js', 'retry.d.ts', 'retry.js']);
  for (const js of files.filter((f) => f.endsWith('.js')))
    expect(fs.readFileSync(path.join(outDir, js), 'utf8')).not.toMatch(/(from|import\() *['"][^'"]*server\//);
  expect(fs.readFileSync(path.join(outDir, 'client.d.ts'), 'utf8')).toContain(
    "import type { AppRouter } from '../../../server/src/transport/trpc/app-router';",
  );
  const loaded = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(path.join(outDir, 'index.js'))}); console.log(Object.keys(m).sort().join(' '))`,
    ],
    { encoding: 'utf8', cwd: path.resolve('packages/client') },
  );
  expect(loaded.trim()).toBe('MAX_BATCH_CALLS RETRY_STATUSES TRPCClientError createLifeStoryClient retryAfterMs retryingFetch');
});
