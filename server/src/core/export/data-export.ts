// "Download my data" (GDPR access and portability): a zip of everything the person gave the site, streamed as it is
// made. Rows are read a page at a time and files one at a time, only when the zip reaches them, so a large account
// neither holds the event loop nor fills memory (docs/data-export.md, docs/decisions/0018-books-and-data-export.md).
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { AppError } from '../../contract/errors';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { limitRate } from '../shared/rate-limit';
import { revisionTextPieces } from '../drafts/revision-text';
import { requirePasswordOrRecentSignIn } from '../accounts/reauthenticate';
import { addLazy, inPieces, zipReadable } from '../shared/zip-stream';
import { EXPORT_FOLDER, EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from './export-schema';
import { EXPORT_README } from './export-readme';
import { epubStream } from '../book/epub';
import { readableCopy, STORY_PHOTOS_FOLDER } from './readable-copy';

/** Rows per query: small enough that one page is a short pause, large enough that a big account is few queries. */
export const EXPORT_PAGE_ROWS = 500;
/** Revisions per query: their heads only; the text follows a few pieces at a time (revision-text.ts). */
export const REVISION_PAGE_ROWS = 100;

const iso = (ms: number | null) => (ms === null ? null : isoTime(ms));
const asJson = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** A JSON array written row by row from pages of `fetchPage(after)`, each page keyed on the last row's key. */
function jsonArray<R, K>(
  fetchPage: (after: K | null) => Promise<R[]>,
  keyOf: (row: R) => K,
  toJson: (row: R) => unknown,
  pageRows = EXPORT_PAGE_ROWS,
): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let after: K | null = null;
      let first = true;
      for (;;) {
        const rows = await fetchPage(after);
        let chunk = '';
        for (const row of rows) {
          chunk += `${first ? '\n' : ',\n'}  ${JSON.stringify(toJson(row))}`;
          first = false;
        }
        if (chunk) yield chunk;
        if (rows.length < pageRows) break;
        after = keyOf(rows[rows.length - 1] as R);
      }
      yield first ? ']\n' : '\n]\n';
    })(),
    { objectMode: false },
  );
}

/**
 * revisions.json, as jsonArray would write it, but each revision's text (up to 5 MB) goes out a piece at a time
 * (~12 K characters, as stored), so no step of a large export holds the event loop for long.
 */
async function* revisionsJson(db: CoreDeps['db'], me: number): AsyncGenerator<string> {
  yield '[';
  let after = 0;
  let first = true;
  for (;;) {
    const rows = await db
      .selectFrom('story_revisions')
      .select(['id', 'version', 'title', 'word_count', 'published_at', 'restored_from'])
      .where('user_id', '=', me)
      .where('id', '>', after)
      .orderBy('id')
      .limit(REVISION_PAGE_ROWS)
      .execute();
    for (const r of rows) {
      const head = JSON.stringify({ id: r.id, version: r.version, title: r.title, body_html: '' });
      yield `${first ? '\n' : ',\n'}  ${head.slice(0, -2)}`; // up to the opening quote of body_html
      first = false;
      for await (const piece of revisionTextPieces(db, r.id)) yield JSON.stringify(piece).slice(1, -1);
      const tail = JSON.stringify({
        word_count: r.word_count,
        published_at: isoTime(r.published_at),
        restored_from_revision: r.restored_from,
      });
      yield `",${tail.slice(1)}`;
    }
    if (rows.length < REVISION_PAGE_ROWS) break;
    after = rows[rows.length - 1]!.id;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * The person's data as a zip stream; 401 / 403 / 429 before anything is sent. The browser opens it as a link, so it
 * carries no password: it needs a sign-in (or `accounts.reauthenticate`) within the last ten minutes, which the
 * screen asks for first (reauthenticate.ts).
 */
export async function dataExportStream(
  deps: CoreDeps,
  actor: SignedInActor,
  origin: string,
): Promise<{ stream: Readable; username: string }> {
  const me = actor.userId;
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', me).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  await requirePasswordOrRecentSignIn(deps, actor, undefined, 'download your data');
  await limitRate(deps, [['dataExportPerAccount', String(me)]]);
  const db = deps.db;
  const now = new Date(deps.clock.now());
  const opts = { mtime: now };
  const at = (file: string) => `${EXPORT_FOLDER}/${file}`;

  const zip = new ZipFile();
  const lazy = (file: string, make: () => Readable | Promise<Readable>, compress = true) =>
    addLazy(zip, at(file), { ...opts, compress }, make);

  zip.addBuffer(Buffer.from(EXPORT_README), at('README.txt'), opts);
  zip.addBuffer(
    asJson({
      format: EXPORT_FORMAT,
      format_version: EXPORT_FORMAT_VERSION,
      exported_at: now.toISOString(),
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      date_of_birth: user.dob,
      picture: user.image,
      is_private: user.is_private === 1,
      locale: user.locale,
      created_at: isoTime(user.created_at),
      updated_at: isoTime(user.updated_at),
    }),
    at('profile.json'),
    opts,
  );
  // The readable copy: the published story as a page and as an EPUB (readable-copy.ts). Made before the zip starts,
  // as the refusals are: the page is the story's size; the EPUB is zipped as it is sent, photo by photo.
  const ownUploads = await db.selectFrom('uploads').select('name').where('user_id', '=', me).execute();
  const readable = await readableCopy(deps, user, new Set(ownUploads.map((u) => u.name)), origin, now);
  if (readable) {
    const page = Buffer.from(readable.html);
    lazy('story.html', () => inPieces(page));
    // Already a zip: stored as it is.
    lazy('story.epub', () => epubStream(deps, readable.book, origin), false);
    for (const name of readable.othersPhotos) {
      lazy(
        `${STORY_PHOTOS_FOLDER}/${name}`,
        async () => {
          const blob = await deps.blobs.get(name);
          return blob ? inPieces(blob.body) : Readable.from([]);
        },
        false,
      );
    }
  }
  lazy('story.json', async () => {
    const s = await db.selectFrom('stories').selectAll().where('user_id', '=', me).executeTakeFirst();
    return Readable.from([
      asJson(
        s
          ? {
              title: s.title,
              body_html: s.body_html,
              banner: s.banner,
              page_count: s.page_count,
              version: s.version,
              created_at: isoTime(s.created_at),
              updated_at: isoTime(s.updated_at),
            }
          : null,
      ),
    ]);
  });
  lazy('draft.json', async () => {
    const d = await db.selectFrom('drafts').selectAll().where('user_id', '=', me).executeTakeFirst();
    const has = d && (d.title !== null || d.unsafe_html !== null);
    return Readable.from([
      asJson(
        has
          ? {
              title: d.title,
              html: d.unsafe_html,
              based_on_version: d.base_version,
              restored_from_revision: d.restored_from,
              saved_at: iso(d.saved_at),
            }
          : null,
      ),
    ]);
  });
  lazy('revisions.json', () => Readable.from(revisionsJson(db, me), { objectMode: false }));
  // Drafts "Replace my draft" kept (docs/decisions/0033-import-a-document.md): each can be a whole story, so two a query.
  lazy('kept-drafts.json', () =>
    jsonArray(
      (after: number | null) =>
        db
          .selectFrom('kept_drafts')
          .select(['id', 'title', 'unsafe_html', 'word_count', 'kept_at', 'reason'])
          .where('user_id', '=', me)
          .$if(after !== null, (q) => q.where('id', '>', after as number))
          .orderBy('id')
          .limit(2)
          .execute(),
      (r) => r.id,
      (r) => ({ id: r.id, title: r.title, html: r.unsafe_html, word_count: r.word_count, kept_at: isoTime(r.kept_at), reason: r.reason }),
      2,
    ),
  );
  lazy('comments.json', () =>
    jsonArray(
      (after: number | null) =>
        db
          .selectFrom('comments')
          .innerJoin('users', 'users.id', 'comments.story_user_id')
          .select(['comments.id', 'users.username', 'comments.text', 'comments.created_at'])
          .where('comments.user_id', '=', me)
          .$if(after !== null, (q) => q.where('comments.id', '>', after as number))
          .orderBy('comments.id')
          .limit(EXPORT_PAGE_ROWS)
          .execute(),
      (r) => r.id,
      (r) => ({ id: r.id, story_username: r.username, text: r.text, created_at: isoTime(r.created_at) }),
    ),
  );
  for (const [table, file, field] of [
    ['likes', 'likes.json', 'given_at'],
    ['saves', 'saves.json', 'saved_at'],
  ] as const) {
    lazy(file, () =>
      jsonArray(
        (after: number | null) =>
          db
            .selectFrom(table)
            .innerJoin('users', 'users.id', `${table}.story_user_id`)
            .select([`${table}.story_user_id`, 'users.username', `${table}.created_at`])
            .where(`${table}.user_id`, '=', me)
            .$if(after !== null, (q) => q.where(`${table}.story_user_id`, '>', after as number))
            .orderBy(`${table}.story_user_id`)
            .limit(EXPORT_PAGE_ROWS)
            .execute(),
        (r) => r.story_user_id,
        (r) => ({ story_username: r.username, [field]: isoTime(r.created_at) }),
      ),
    );
  }

  // The circle (docs/decisions/0026-who-can-read-a-story.md): whom the person invited, and whose circles they joined.
  // A circle holds at most LIMITS.circleReadersMax readers; the circles one joined are paged like the rest.
  lazy('readers.json', () =>
    jsonArray(
      (after: number | null) =>
        db
          .selectFrom('circle_members')
          .select(['id', 'name', 'email', 'invited_at', 'joined_user_id', 'joined_at', 'last_read_at'])
          .where('owner_id', '=', me)
          .$if(after !== null, (q) => q.where('id', '>', after as number))
          .orderBy('id')
          .limit(EXPORT_PAGE_ROWS)
          .execute(),
      (r) => r.id,
      (r) => ({
        name: r.name,
        email: r.email,
        invited_at: isoTime(r.invited_at),
        joined: r.joined_user_id !== null,
        joined_at: iso(r.joined_at),
        last_read_at: iso(r.last_read_at),
      }),
    ),
  );
  lazy('circles.json', () =>
    jsonArray(
      (after: number | null) =>
        db
          .selectFrom('circle_members')
          .innerJoin('users', 'users.id', 'circle_members.owner_id')
          .select([
            'circle_members.id',
            'users.username',
            'circle_members.email',
            'circle_members.invited_at',
            'circle_members.joined_at',
            'circle_members.last_read_at',
          ])
          .where('circle_members.joined_user_id', '=', me)
          .$if(after !== null, (q) => q.where('circle_members.id', '>', after as number))
          .orderBy('circle_members.id')
          .limit(EXPORT_PAGE_ROWS)
          .execute(),
      (r) => r.id,
      (r) => ({
        story_username: r.username,
        invited_as: r.email,
        invited_at: isoTime(r.invited_at),
        joined_at: iso(r.joined_at),
        last_read_at: iso(r.last_read_at),
      }),
    ),
  );
  // The questions the person asked of writers whose circle they are in (docs/decisions/0032-the-family-asks.md): what
  // they wrote and when they were told it was answered; what the writer did otherwise is the writer's.
  lazy('asked.json', () =>
    jsonArray(
      (after: number | null) =>
        db
          .selectFrom('asked_questions as q')
          .innerJoin('users', 'users.id', 'q.writer_id')
          .select(['q.id', 'users.username', 'q.text', 'q.asked_at', 'q.told_at'])
          .where('q.asker_id', '=', me)
          .$if(after !== null, (q) => q.where('q.id', '>', after as number))
          .orderBy('q.id')
          .limit(EXPORT_PAGE_ROWS)
          .execute(),
      (r) => r.id,
      (r) => ({ story_username: r.username, question: r.text, asked_at: isoTime(r.asked_at), answered_at: iso(r.told_at) }),
    ),
  );
  lazy('follows.json', () =>
    jsonArray(
      (after: number | null) =>
        db
          .selectFrom('proj_followers as f')
          .innerJoin('users', 'users.id', 'f.story_user_id')
          .select(['f.story_user_id', 'users.username', 'f.followed_at'])
          .where('f.user_id', '=', me)
          .$if(after !== null, (q) => q.where('f.story_user_id', '>', after as number))
          .orderBy('f.story_user_id')
          .limit(EXPORT_PAGE_ROWS)
          .execute(),
      (r) => r.story_user_id,
      (r) => ({ story_username: r.username, followed_at: isoTime(r.followed_at) }),
    ),
  );

  // The files, one at a time; uploads.json last, so that it can say which ones the store no longer had.
  const uploads = await db
    .selectFrom('uploads')
    .select(['name', 'content_type', 'bytes', 'width', 'height', 'created_at'])
    .where('user_id', '=', me)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  const missing = new Set<string>();
  for (const u of uploads) {
    // Images are already compressed: stored as they are.
    lazy(
      `files/${u.name}`,
      async () => {
        const blob = await deps.blobs.get(u.name);
        if (!blob) missing.add(u.name);
        return blob ? inPieces(blob.body) : Readable.from([]);
      },
      false,
    );
  }
  lazy('uploads.json', () =>
    Readable.from([
      asJson(
        uploads.map((u) => ({
          name: u.name,
          content_type: u.content_type,
          bytes: u.bytes,
          width: u.width,
          height: u.height,
          uploaded_at: isoTime(u.created_at),
          file: missing.has(u.name) ? null : `files/${u.name}`,
        })),
      ),
    ]),
  );
  return { stream: zipReadable(zip), username: user.username };
}
