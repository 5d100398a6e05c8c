// Every list a reader pages through is read off an index in its own order: no sort step, so a page costs the
// same at any size, however many rows share a timestamp (the scale seed gives a thousand stories one instant).
// The queries are the ones the core runs, compiled by Kysely; the top lists are the embedded index's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSearchIndex } from '../../adapters/search/embedded/embedded-search-index';
import { prepareStatements } from '../../adapters/search/embedded/schema';
import { openDatabase, type OpenedDatabase } from '../../db/open-database';
import { commentCount, commentPage } from '../social/comments';
import { newestPeopleQuery } from './newest-entries';
import { newestStoriesQuery, bookmarkedStoriesQuery } from './story-lists';

let dir = '';
let opened: OpenedDatabase;
let search: EmbeddedSearchIndex;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-plans-'));
  const file = path.join(dir, 'db.sqlite');
  opened = await openDatabase(file);
  search = new EmbeddedSearchIndex(file);
  await search.init();
});
afterAll(async () => {
  await search.close();
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function planOf(sql: string, parameters: readonly unknown[]): string {
  const rows = opened.raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as Array<{ detail: string }>;
  return rows.map((r) => r.detail).join(' | ');
}

const planOfQuery = (query: Compilable<unknown>) => {
  const { sql, parameters } = query.compile();
  return planOf(sql, parameters);
};

describe('list plans', () => {
  it.each([
    ['new stories', () => planOfQuery(newestStoriesQuery(opened.db, 50, 100)), 'stories_shown_new'],
    ['saved stories', () => planOfQuery(bookmarkedStoriesQuery(opened.db, 7, 50, 100)), 'saves_recent'],
    ['comments', () => planOfQuery(commentPage(opened.db, 'someone', 50, 100, 7, false)), 'comments_story'],
    [
      'comments, for someone who has blocked people',
      () => planOfQuery(commentPage(opened.db, 'someone', 50, 100, 7, true)),
      'comments_story',
    ],
    ['newest people (an empty /api user search)', () => planOfQuery(newestPeopleQuery(opened.db, 20)), 'users_newest'],
  ])('%s: an index scan in the list order', (_name, plan, index) => {
    const p = plan();
    expect(p).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}`));
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it('comment count: the total off comments_story alone, the withheld ones from the few hidden, suspended and blocked (ADR 0020)', () => {
    const p = planOfQuery(commentCount(opened.db, 'someone', 7, true));
    expect(p).toMatch(/SEARCH comments USING COVERING INDEX comments_story/);
    expect(p).toMatch(/SEARCH h USING INDEX comments_hidden/);
    expect(p).toMatch(/SCAN su USING INDEX users_suspended \| SEARCH sc USING COVERING INDEX comments_user_story/);
    expect(p).toMatch(/SEARCH b USING PRIMARY KEY \(blocker_id=\?\) \| SEARCH bc USING COVERING INDEX comments_user_story/);
    expect(p).not.toMatch(/SCAN (comments|h|sc|bc)\b/);
  });

  it.each(['all', 'month', 'year'] as const)('top list, %s: an index scan in the list order', (window) => {
    const statement = prepareStatements(opened.raw).top[window];
    const p = planOf(statement.source, [50, 100]);
    expect(p).toMatch(/USING (COVERING )?INDEX search_stories_top_/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });
});
