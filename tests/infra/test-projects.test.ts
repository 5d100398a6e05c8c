// Which vitest project runs which test file (vitest.config.ts, docs/testing.md): `npm test` runs each file once
// (the integration suite twice on purpose, on SQLite and on PostgreSQL), and `unit`, the quick loop, holds only
// files that start no server and open no database file, socket, child process or browser.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

function listed(): { file: string; projectName: string }[] {
  const r = spawnSync(process.execPath, [vitest, 'list', '--filesOnly', '--json'], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** What makes a test more than a unit test, imported by the test file itself. */
const NOT_UNIT = [
  /^(node:)?(child_process|net|http|https|worker_threads)$/,
  /^(better-sqlite3|pg|playwright-core|testcontainers|@testcontainers\/.*|@hono\/node-server)$/,
  /\/(test-app|limited-app|open-database|open-postgres|deps|app|main|server-command)$/,
];

describe('the vitest projects', () => {
  const files = listed();
  const projectsOf = new Map<string, string[]>();
  for (const { file, projectName } of files) projectsOf.set(file, [...(projectsOf.get(file) ?? []), projectName]);

  it('run each file in one project, but the integration suite on both databases', () => {
    const twice = [...projectsOf]
      .filter(([, projects]) => projects.length > 1 && projects.sort().join() !== 'server,server-pg')
      .map(([file, projects]) => `${path.relative(root, file)}: ${projects.join(', ')}`);
    expect(twice).toEqual([]);
    expect([...new Set(files.map((f) => f.projectName))].sort()).toEqual(['client', 'e2e', 'e2e-late', 'server', 'server-pg', 'unit']);
  });

  it('keep out of unit every file that starts a server or opens a database, socket or process', () => {
    const unit = files.filter((f) => f.projectName === 'unit').map((f) => f.file);
    expect(unit.length).toBeGreaterThan(10);
    const impure = unit.flatMap((file) => {
      const imports = [...fs.readFileSync(file, 'utf8').matchAll(/^\s*import\b[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1] as string);
      return imports.filter((spec) => NOT_UNIT.some((re) => re.test(spec))).map((spec) => `${path.relative(root, file)} imports ${spec}`);
    });
    expect(impure).toEqual([]);
  });
});
