// A server-rendered story page's word count is read off one index (migration 011), never off the revision's row,
// which keeps it behind the story's whole HTML (docs/performance.md, "Server rendering").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/open-database';
import { wordCountSelect } from './reader-page-facts';

let opened: OpenedDatabase | null = null;
let dir = '';
afterEach(async () => {
  await opened?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('reads the word count of a story version from a covering index', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'word-count-index-'));
  opened = await openDatabase(path.join(dir, 'db.sqlite'));
  const query = wordCountSelect(opened.db, 'someone', 3).compile();
  const plan = (opened.raw.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.parameters) as Array<{ detail: string }>)
    .map((r) => r.detail)
    .join(' | ');
  expect(plan).toMatch(/story_revisions USING COVERING INDEX story_revisions_word_count \(user_id=\? AND version=\?\)/);
});
