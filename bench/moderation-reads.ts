// In-process timing of the reads moderation filters (docs/decisions/0020-moderation.md), each beside the statement
// the product ran before moderation: a comments page, a comment count and a page of new stories, on one story with
// 20,000 comments among 20,000 people with stories (0.1% suspended, 0.1% of stories and 0.2% of comments hidden, a
// viewer who blocked 48 of the commenters). `npx tsx bench/moderation-reads.ts`; figures in docs/performance.md.
// Best of 5 rounds of 400 runs of the prepared statement, so that other processes on the machine move them least.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newestStoriesQuery } from '../server/src/core/explore/story-lists';
import { commentCount, commentPage } from '../server/src/core/social/comments';
import { openDatabase } from '../server/src/db/open-database';

const PEOPLE = 20_000;
const COMMENTS = 20_000;
const VIEWER = 3;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderation-reads-'));
const opened = await openDatabase(path.join(dir, 'db.sqlite'));
const { raw, db } = opened;
raw.exec('BEGIN');
const person = raw.prepare(
  `INSERT INTO users (username, email, password_hash, dob, is_private, created_at, updated_at) VALUES (?, ?, 'x', '1950-01-01', 0, ?, ?)`,
);
const story = raw.prepare(
  `INSERT INTO stories (user_id, title, body_html, page_count, created_at, updated_at) VALUES (?, ?, '<p>x</p>', 1, ?, ?)`,
);
for (let i = 1; i <= PEOPLE; i++) {
  person.run(`u${i}`, `u${i}@example.org`, i, i);
  story.run(i, `t${i}`, i, i);
}
const comment = raw.prepare(`INSERT INTO comments (story_user_id, user_id, text, created_at) VALUES (1, ?, ?, ?)`);
for (let i = 0; i < COMMENTS; i++) comment.run(2 + (i % 5000), `c${i}`, i);
raw.exec(`UPDATE users SET suspended_at = 1 WHERE id % 1000 = 7`);
raw.exec(`UPDATE stories SET author_suspended = 1 WHERE user_id % 1000 = 7`);
raw.exec(`UPDATE stories SET hidden_at = 1 WHERE user_id % 1000 = 9`);
raw.exec(`UPDATE comments SET hidden_at = 1 WHERE id % 500 = 3`);
const block = raw.prepare(`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, 1)`);
for (let i = 4; i < 52; i++) block.run(VIEWER, i);
raw.exec('COMMIT');

function time(sql: string, parameters: readonly unknown[]): number {
  const statement = raw.prepare(sql);
  for (let i = 0; i < 200; i++) statement.all(...parameters);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const runs = 400;
    const start = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) statement.all(...parameters);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / runs);
  }
  return best;
}

const before = {
  comments: (offset: number) =>
    `SELECT comments.id, comments.user_id, comments.text, comments.created_at, users.username, users.image, users.is_private
     FROM comments INNER JOIN users ON users.id = comments.user_id
     WHERE comments.story_user_id = (SELECT author.id FROM users AS author WHERE author.username = ?)
     ORDER BY comments.created_at DESC, comments.id DESC LIMIT 50 OFFSET ${offset}`,
  count: `SELECT count(*) FROM comments WHERE story_user_id = (SELECT id FROM users WHERE username = ?)`,
  newest: (offset: number) => `SELECT user_id FROM stories ORDER BY created_at DESC, user_id LIMIT 50 OFFSET ${offset}`,
};
const compiled = (q: { compile(): { sql: string; parameters: readonly unknown[] } }) => q.compile();

const rows: [string, number, number][] = [];
for (const offset of [0, 5000]) {
  const visitor = compiled(commentPage(db, 'u1', 50, offset, null, false));
  const blocker = compiled(commentPage(db, 'u1', 50, offset, VIEWER, true));
  const was = time(before.comments(offset), ['u1']);
  rows.push([`comments page at offset ${offset}, visitor`, was, time(visitor.sql, visitor.parameters)]);
  rows.push([`comments page at offset ${offset}, viewer with 48 blocks`, was, time(blocker.sql, blocker.parameters)]);
}
{
  const visitor = compiled(commentCount(db, 'u1', null, false));
  const blocker = compiled(commentCount(db, 'u1', VIEWER, true));
  const was = time(before.count, ['u1']);
  rows.push(['comment count (20,000), visitor', was, time(visitor.sql, visitor.parameters)]);
  rows.push(['comment count (20,000), viewer with 48 blocks', was, time(blocker.sql, blocker.parameters)]);
}
for (const offset of [0, 5000]) {
  const q = compiled(newestStoriesQuery(db, 50, offset));
  rows.push([`new stories at offset ${offset}`, time(before.newest(offset), []), time(q.sql, q.parameters)]);
}
console.log('| read | before moderation | with moderation |\n|---|---|---|');
for (const [name, was, now] of rows) console.log(`| ${name} | ${was.toFixed(0)} µs | ${now.toFixed(0)} µs |`);
console.log(
  `\nload average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await opened.close();
fs.rmSync(dir, { recursive: true, force: true });
