/**
 * `npx tsx bench/data-export.ts [--comments 50000] [--likes 5000] [--revisions 300] [--files 40]`: "Download my data"
 * for one large account, measured in the server's own process (bench/lib/in-process-server.ts): curl downloads the
 * zip, and its size and time, the server's RSS above its level before the export, the event loop's delay while it
 * runs against an idle control, and /healthz answered during the export are printed. Figures: docs/performance.md,
 * "Keeping it".
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { revisionPieces, storeRevisionText } from '../server/src/core/drafts/revision-text';
import { heavyRequestLines, measureWhile, numArg, startInProcessServer } from './lib/in-process-server';

const COMMENTS = numArg('comments', 50_000);
const LIKES = numArg('likes', 5_000);
const REVISIONS = numArg('revisions', 300);
const FILES = numArg('files', 40);
const FILE_BYTES = 1_000_000;

const server = await startInProcessServer('bench-export-');
const { deps, dataDir } = server;

// ------------------------------------------------------------------------------------------------ the account
const me = { first_name: 'Big', last_name: 'Account', username: 'big_account', email: 'big@example.com', dob: '1950-01-01' };
const { cookie, userId: myId } = await server.signIn(me);

const t0 = Date.now();
const now = Date.now();
const chunks = <T>(rows: T[], n = 500) => Array.from({ length: Math.ceil(rows.length / n) }, (_, i) => rows.slice(i * n, i * n + n));
const others = Array.from({ length: LIKES }, (_, i) => ({
  username: `author_${i}`,
  email: `author_${i}@example.com`,
  password_hash: 'x',
  first_name: 'A',
  last_name: `Author ${i}`,
  dob: '1960-01-01',
  image: null,
  is_private: 0,
  created_at: now,
  updated_at: now,
}));
for (const c of chunks(others)) await deps.db.insertInto('users').values(c).execute();
const otherIds = (await deps.db.selectFrom('users').select('id').where('id', '!=', myId).execute()).map((r) => r.id);
for (const c of chunks(otherIds)) {
  await deps.db
    .insertInto('stories')
    .values(
      c.map((id) => ({
        user_id: id,
        title: 'T',
        body_html: '<p>x</p>',
        banner: null,
        page_count: 1,
        created_at: now,
        updated_at: now,
        version: 1,
      })),
    )
    .execute();
  await deps.db
    .insertInto('likes')
    .values(c.map((id) => ({ user_id: myId, story_user_id: id, created_at: now })))
    .execute();
  await deps.db
    .insertInto('saves')
    .values(c.map((id) => ({ user_id: myId, story_user_id: id, created_at: now })))
    .execute();
}
const text = 'A comment of ordinary length, written about somebody else’s story, with a few kind words. '.repeat(2);
const comments = Array.from({ length: COMMENTS }, (_, i) => ({
  story_user_id: otherIds[i % otherIds.length] as number,
  user_id: myId,
  text,
  created_at: now + i,
}));
for (const c of chunks(comments)) await deps.db.insertInto('comments').values(c).execute();
const body = `<p>${'A page of a life story, told in plain words. '.repeat(450)}</p>`; // ~20 KB
const pieces = revisionPieces(body);
await deps.db.transaction().execute(async (trx) => {
  for (let i = 0; i < REVISIONS; i++) {
    const { id } = await trx
      .insertInto('story_revisions')
      .values({ user_id: myId, version: i + 1, title: `Version ${i + 1}`, word_count: 4000, published_at: now + i, restored_from: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storeRevisionText(trx, myId, id, pieces);
  }
});
for (let i = 0; i < FILES; i++) {
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await deps.blobs.put(name, randomBytes(FILE_BYTES), 'image/jpeg');
  await deps.db
    .insertInto('uploads')
    .values({ name, user_id: myId, content_type: 'image/jpeg', bytes: FILE_BYTES, width: 1000, height: 1000, created_at: now + i })
    .execute();
}
console.log(
  `account: ${COMMENTS} comments, ${LIKES} likes and saves, ${REVISIONS} revisions of ~20 KB, ${FILES} files of 1 MB (made in ${Date.now() - t0} ms)`,
);

// ------------------------------------------------------------------------------------------------ the export
const out = path.join(dataDir, 'export.zip');
const figures = await measureWhile(server.base, () => server.curl(out, cookie, [`${server.base}/account/my-data.zip`]));
const size = fs.statSync(out).size;
console.log(`zip: ${(size / 1e6).toFixed(1)} MB in ${figures.seconds.toFixed(2)} s (${(size / 1e6 / figures.seconds).toFixed(1)} MB/s)`);
for (const line of heavyRequestLines(figures, 'during the export')) console.log(line);
await server.close();
