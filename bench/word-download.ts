/**
 * `npx tsx bench/word-download.ts [--pages 200] [--photos 50]`: "Download as Word (.docx)" for a long story with many
 * photos, measured in the server's own process (bench/lib/in-process-server.ts): curl downloads the document, and
 * the .docx's size and time, the server's RSS above its level before, the event loop's delay while it is made against
 * an idle control, and /healthz answered meanwhile are printed. Figures: docs/performance.md, "Word out"
 * (docs/decisions/0034-word-and-readable-copies.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { heavyRequestLines, measureWhile, numArg, startInProcessServer } from './lib/in-process-server';

const PAGES = numArg('pages', 200);
const PHOTOS = numArg('photos', 50);
/** About a printed page: 300 words. */
const WORDS_PER_PAGE = 300;

const server = await startInProcessServer('bench-docx-');
const { deps, dataDir } = server;
const me = { first_name: 'Long', last_name: 'Story', username: 'long_story', email: 'long@example.com', dob: '1940-01-01' };
const { cookie, userId: myId } = await server.signIn(me);

// ------------------------------------------------------------------------------------------------ the story
const t0 = Date.now();
const now = Date.now();
const photos: string[] = [];
for (let i = 0; i < PHOTOS; i++) {
  // Noise, so that the JPEG is photo-sized (~1 MB at 1600 x 1200), not a few KB of flat colour.
  const jpeg = await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } })
    .resize(1600, 1200)
    .jpeg({ quality: 85 })
    .toBuffer();
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await deps.blobs.put(name, jpeg, 'image/jpeg');
  await deps.db
    .insertInto('uploads')
    .values({ name, user_id: myId, content_type: 'image/jpeg', bytes: jpeg.length, width: 1600, height: 1200, created_at: now + i })
    .execute();
  photos.push(name);
}
const parts: string[] = [];
const chapters = Math.max(1, Math.round(PAGES / 10));
for (let page = 0; page < PAGES; page++) {
  if (page % 10 === 0) parts.push(`<h2>Chapter ${page / 10 + 1}</h2>`);
  if (page % 10 === 5) parts.push(`<h3>Part ${page}</h3>`);
  for (let p = 0; p < 3; p++) {
    const words = Array.from({ length: WORDS_PER_PAGE / 3 }, (_, w) => (w % 17 === 0 ? `<em>word${w}</em>` : `word${w}`)).join(' ');
    parts.push(`<p>${words}.</p>`);
  }
  const photo = photos[Math.floor((page * PHOTOS) / PAGES)];
  if (photo && (page * PHOTOS) % PAGES < PHOTOS) {
    parts.push(
      `<figure><img src="/media/${photo}" alt="Photo ${page}" width="1600" height="1200"><figcaption>Photo on page ${page}</figcaption></figure>`,
    );
  }
}
const body = parts.join('');
await deps.db
  .insertInto('stories')
  .values({
    user_id: myId,
    title: 'A long life',
    body_html: body,
    banner: null,
    page_count: PAGES,
    created_at: now,
    updated_at: now,
    version: 1,
  })
  .execute();
const shown = new Set(body.match(/[a-f0-9]{32}\.jpg/g)).size;
console.log(
  `story: ${PAGES} pages (~${PAGES * WORDS_PER_PAGE} words, ${(body.length / 1e6).toFixed(1)} MB of HTML), ${chapters} chapters, ${shown} photos of ~${(
    (await deps.blobs.get(photos[0] ?? ''))!.body.length / 1e6
  ).toFixed(1)} MB (made in ${Date.now() - t0} ms)`,
);

// ------------------------------------------------------------------------------------------------ the download
const out = path.join(dataDir, 'story.docx');
const figures = await measureWhile(server.base, () => server.curl(out, cookie, [`${server.base}/story/${me.username}/book.docx`]));
console.log(`docx: ${(fs.statSync(out).size / 1e6).toFixed(1)} MB in ${figures.seconds.toFixed(2)} s`);
for (const line of heavyRequestLines(figures, 'while it is made')) console.log(line);
await server.close();
