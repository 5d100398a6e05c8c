// Upload references are index lookups (migration 003). The lists' plans: core/explore/list-plans.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from './open-database';

let opened: OpenedDatabase | null = null;
let dir = '';
afterEach(async () => {
  await opened?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('looks a picture and a banner up by index', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-indexes-'));
  opened = await openDatabase(path.join(dir, 'db.sqlite'));
  const plan = (query: string) =>
    (opened!.raw.prepare(`EXPLAIN QUERY PLAN ${query}`).all('x.jpg') as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
  expect(plan('SELECT id FROM users WHERE image = ?')).toMatch(/USING (COVERING )?INDEX users_image/);
  expect(plan('SELECT user_id FROM stories WHERE banner = ?')).toMatch(/USING (COVERING )?INDEX stories_banner/);
});
