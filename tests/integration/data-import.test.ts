// "Import my data" (docs/decisions/0035-moving-a-story-between-sites.md): a story exported from one server (its own
// DATA_DIR) and imported into another (another DATA_DIR, another person) over HTTP comes out the same: pages (after
// the photo names are rewritten), photos, revisions, draft and word counts. Bad zips get one sentence and change nothing.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FOLDER } from '../../server/src/core/export/export-schema';
import { LIMITS } from '../../server/src/contract/limits';
import { IMPORTED_AUDIENCE, NOT_EMPTY, PHOTO_UNREADABLE, TEXT_TOO_LARGE } from '../../server/src/core/export/import-data';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../server/src/core/export/read-export-zip';
import { revisionTextPieces } from '../../server/src/core/drafts/revision-text';
import { readZip, type ZipEntry } from '../support/read-zip';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let from: TestApp;
let to: TestApp;
beforeAll(async () => {
  from = await makeTestApp();
  to = await makeTestApp();
});
afterAll(async () => {
  await from?.close();
  await to?.close();
});

async function uploadPhoto(client: TestClient, color: string, width: number, height: number): Promise<string> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
  const res = await client.post('/uploads/photo', form);
  expect(res.status).toBe(201);
  return res.body.name as string;
}

const figure = (name: string, caption: string) =>
  `<figure><img src="/media/${name}" alt="${caption}"><figcaption>${caption}</figcaption></figure>`;

function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function postZip(client: TestClient, bytes: Buffer, check = false) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'life-story-data.zip');
  return client.post(`/account/import-data${check ? '?check=1' : ''}`, form);
}

/** Everything of the person's story on a server, for "nothing changed". */
async function storyState(t: TestApp, userId: number) {
  const count = async (table: 'stories' | 'story_revisions' | 'uploads' | 'pages') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const draft = await t.deps.db.selectFrom('drafts').select(['title', 'unsafe_html']).where('user_id', '=', userId).executeTakeFirst();
  return {
    stories: await count('stories'),
    revisions: await count('story_revisions'),
    uploads: await count('uploads'),
    pages: await count('pages'),
    draft: draft?.unsafe_html ?? null,
  };
}

const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];

async function revisionsOf(t: TestApp, userId: number) {
  const rows = await t.deps.db
    .selectFrom('story_revisions')
    .select(['id', 'version', 'title', 'word_count', 'published_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const out = [];
  for (const r of rows) {
    let text = '';
    for await (const piece of revisionTextPieces(t.deps.db, r.id)) text += piece;
    out.push({ version: r.version, title: r.title, word_count: r.word_count, published_at: r.published_at, text });
  }
  return out;
}

describe('moving a story from one server to another', () => {
  let exported: Buffer;
  let writer: Awaited<ReturnType<typeof signedInPerson>>;
  let photos: string[];

  beforeAll(async () => {
    writer = await signedInPerson(from, { first_name: 'Maud', last_name: 'Mover' });
    photos = [
      await uploadPhoto(writer.client, '#c33', 640, 480),
      await uploadPhoto(writer.client, '#3c3', 300, 500),
      await uploadPhoto(writer.client, '#33c', 200, 200),
    ];
    const mine = from.caller(writer.id);
    await mine.stories.publish({ title: 'Early days', text: `<p>We lived by the sea.</p>${figure(photos[0]!, 'The house')}` } as never);
    const long = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i} of a longer telling, with a few more words in it.</p>`).join('');
    await mine.stories.publish({
      title: 'My life',
      text: `<h2>The sea</h2><p>We lived by the sea.</p>${figure(photos[0]!, 'The house')}${long}<h2>The city</h2>${figure(photos[1]!, 'The flat')}${long}`,
    } as never);
    const state = await mine.drafts.get();
    await mine.drafts.autosave({
      title: 'My life',
      text: `<p>A new beginning.</p>${figure(photos[2]!, 'The garden')}`,
      base_version: 2,
      draft_version: state.draft_version,
    });
    // A draft "Replace my draft" kept (docs/decisions/0033-import-a-document.md), with a photo of the story's.
    await from.deps.db
      .insertInto('kept_drafts')
      .values({
        user_id: writer.id,
        title: 'Before the document',
        unsafe_html: `<p>What I had typed.</p>${figure(photos[1]!, 'The flat')}`,
        word_count: 4,
        kept_at: Date.UTC(2026, 10, 20),
        reason: 'import',
      })
      .execute();
    const res = await from.app.request('http://localhost/account/my-data.zip', { headers: { cookie: writer.client.cookie! } });
    expect(res.status).toBe(200);
    exported = Buffer.from(await res.arrayBuffer());
  });

  it('brings the story, its pages, revisions, draft and photos into an empty account on the other server, the same', async () => {
    const mover = await signedInPerson(to, { first_name: 'Maud', last_name: 'Moved' });
    expect(mover.username).not.toBe(writer.username);

    const check = await postZip(mover.client, exported, true);
    expect(check.status, check.text).toBe(200);
    const before = await revisionsOf(from, writer.id);
    expect(check.body.summary).toMatchObject({
      title: 'My life',
      revisions: 2,
      photos: 3,
      has_draft: true,
      words: before[1]!.word_count,
      from_username: writer.username,
    });
    expect(check.body.summary.pages).toBeGreaterThan(1);
    expect(await storyState(to, mover.id)).toEqual({ stories: 0, revisions: 0, uploads: 0, pages: 0, draft: null });

    const res = await postZip(mover.client, exported);
    expect(res.status, res.text).toBe(201);
    expect(res.body.summary).toEqual(check.body.summary);

    // The photos: new names on the new server, the same pixels.
    const uploads = await to.deps.db.selectFrom('uploads').selectAll().where('user_id', '=', mover.id).execute();
    expect(uploads).toHaveLength(3);
    const story = await to.deps.db.selectFrom('stories').selectAll().where('user_id', '=', mover.id).executeTakeFirstOrThrow();
    const draft = await to.deps.db.selectFrom('drafts').selectAll().where('user_id', '=', mover.id).executeTakeFirstOrThrow();
    const newNames = [...`${story.body_html}${draft.unsafe_html}`.matchAll(/\/media\/([a-f0-9]{32}\.(?:jpg|png))/g)].map((m) => m[1]!);
    const oldNames = [photos[0]!, photos[1]!, photos[2]!];
    expect([...new Set(newNames)]).toHaveLength(3);
    const stem = (n: string) => n.slice(0, 32);
    const renamed = new Map(oldNames.map((old, i) => [stem(old), stem([...new Set(newNames)][i]!)]));
    const rewrite = (html: string) => html.replace(/[a-f0-9]{32}/g, (s) => renamed.get(s) ?? s);
    for (const [old, now] of renamed) {
      expect(now).not.toBe(old);
      const a = await from.deps.blobs.get(`${old}.jpg`);
      const b = await to.deps.blobs.get(`${now}.jpg`);
      const [ma, mb] = [await sharp(a!.body as Buffer).metadata(), await sharp(b!.body as Buffer).metadata()];
      expect([mb.width, mb.height]).toEqual([ma.width, ma.height]);
    }

    // The story and its pages: equal once the photo names are rewritten.
    const original = await from.deps.db.selectFrom('stories').selectAll().where('user_id', '=', writer.id).executeTakeFirstOrThrow();
    expect(story).toMatchObject({
      title: original.title,
      body_html: rewrite(original.body_html),
      page_count: original.page_count,
      chapters: original.chapters,
      version: original.version,
      created_at: original.created_at,
      audience: IMPORTED_AUDIENCE,
    });
    const pagesOf = (t: TestApp, id: number) =>
      t.deps.db.selectFrom('pages').select(['page_number', 'html']).where('user_id', '=', id).orderBy('page_number').execute();
    const oldPages = await pagesOf(from, writer.id);
    expect(oldPages.length).toBeGreaterThan(1);
    expect(await pagesOf(to, mover.id)).toEqual(oldPages.map((p) => ({ ...p, html: rewrite(p.html) })));

    // Revisions (version, title, words, when, text) and the draft.
    const after = await revisionsOf(to, mover.id);
    expect(after).toEqual(before.map((r) => ({ ...r, text: rewrite(r.text) })));
    const oldDraft = await from.deps.db.selectFrom('drafts').selectAll().where('user_id', '=', writer.id).executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ title: oldDraft.title, unsafe_html: rewrite(oldDraft.unsafe_html!), base_version: 2 });
    const keptOf = (t: TestApp, id: number) =>
      t.deps.db
        .selectFrom('kept_drafts')
        .select(['title', 'unsafe_html', 'word_count', 'kept_at', 'reason'])
        .where('user_id', '=', id)
        .execute();
    expect(await keptOf(to, mover.id)).toEqual((await keptOf(from, writer.id)).map((k) => ({ ...k, unsafe_html: rewrite(k.unsafe_html) })));
    expect((await keptOf(to, mover.id))[0]?.unsafe_html).toContain('/media/');

    // The writer reads it as her own on the new server; the draft is hers to go on with.
    const page = await to.caller(mover.id).stories.page({ username: mover.username, page_number: 1 } as never);
    expect(JSON.stringify(page)).toContain('We lived by the sea.');
    expect((await to.caller(mover.id).drafts.get()).draft?.text).toContain('A new beginning.');

    // A second import finds the story no longer empty: one sentence, nothing changes.
    const state = await storyState(to, mover.id);
    const again = await postZip(mover.client, exported);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { message: NOT_EMPTY } });
    expect(await storyState(to, mover.id)).toEqual(state);
  });

  describe('refuses, with one sentence and nothing changed', () => {
    let mover: Awaited<ReturnType<typeof signedInPerson>>;
    let entries: ZipEntry[];
    beforeAll(async () => {
      mover = await signedInPerson(to);
      entries = await readZip(exported);
    });
    const at = (file: string) => `${EXPORT_FOLDER}/${file}`;
    const changed = (file: string, change: (json: Record<string, unknown> | unknown[]) => unknown) =>
      zipOf(
        entries.map((e) =>
          e.name === at(file) ? { name: e.name, data: Buffer.from(JSON.stringify(change(JSON.parse(e.data.toString())))) } : e,
        ),
      );

    async function refused(bytes: Buffer, status: number, message: string | RegExp, checked = true) {
      const state = await storyState(to, mover.id);
      const files = filesIn(to.dataDir).length;
      for (const check of checked ? [true, false] : [false]) {
        const res = await postZip(mover.client, bytes, check);
        expect(res.status, res.text).toBe(status);
        expect(Object.keys(res.body)).toEqual(['error']);
        expect(res.body.error.message).toMatch(message);
      }
      expect(await storyState(to, mover.id)).toEqual(state);
      expect(filesIn(to.dataDir).length).toBe(files);
    }

    it('a file that is not a zip, or a zip of something else', async () => {
      await refused(Buffer.from('MZ this is a program, not a zip'), 400, IMPORT_MESSAGES.notExport);
      await refused(await zipOf([{ name: 'holiday/photo.txt', data: Buffer.from('hello') }]), 400, IMPORT_MESSAGES.notExport);
    });

    it('a tampered JSON file, or a version this site does not know', async () => {
      await refused(await changed('revisions.json', (r) => [...(r as unknown[]), { id: 'x' }]), 400, IMPORT_MESSAGES.damaged);
      await refused(await changed('story.json', (s) => ({ ...(s as object), page_count: 'many' })), 400, IMPORT_MESSAGES.damaged);
      await refused(
        Buffer.from(
          await zipOf(entries.map((e) => (e.name === at('revisions.json') ? { name: e.name, data: Buffer.from('[{"id": 1,') } : e))),
        ),
        400,
        IMPORT_MESSAGES.damaged,
      );
      await refused(await changed('profile.json', (p) => ({ ...(p as object), format_version: 2 })), 400, /format 2/);
    });

    it('a text larger than a story may be here', async () => {
      const huge = `<p>${'a'.repeat(LIMITS.storyBytesMax)}</p>`;
      await refused(await changed('story.json', (s) => ({ ...(s as object), body_html: huge })), 400, TEXT_TOO_LARGE);
    });

    it('a photo that is not an image: the photos stored before it are removed again', async () => {
      const uploads = JSON.parse(entries.find((e) => e.name === at('uploads.json'))!.data.toString()) as { name: string; file: string }[];
      const last = uploads[uploads.length - 1]!;
      const bytes = await zipOf(entries.map((e) => (e.name === at(last.file) ? { name: e.name, data: Buffer.from('not a picture') } : e)));
      // The check reads the JSON only; the import finds the bad photo after storing the others.
      await refused(bytes, 400, PHOTO_UNREADABLE, false);
    });

    it('a zip bomb: an entry larger than it may be, or one that inflates past the size it declares', async () => {
      const photo = entries.find((e) => e.name.startsWith(at('files/')))!;
      const bomb = Buffer.alloc(IMPORT_LIMITS.fileBytes + 1);
      const big = await zipOf(entries.map((e) => (e === photo ? { name: e.name, data: bomb } : e)));
      expect(big.length).toBeLessThan(1024 * 1024);
      await refused(big, 413, IMPORT_MESSAGES.tooBig);

      // A directory that lies: story.json declares 10 bytes and inflates to a megabyte.
      const lying = await zipOf(
        entries.map((e) => (e.name === at('story.json') ? { name: e.name, data: Buffer.alloc(1024 * 1024, 32) } : e)),
      );
      const central = lying.indexOf(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]),
        lying.indexOf(Buffer.from(at('story.json'))) + 1,
      );
      let offset = central;
      for (; offset >= 0; offset = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), offset + 4)) {
        const nameLength = lying.readUInt16LE(offset + 28);
        if (lying.subarray(offset + 46, offset + 46 + nameLength).toString() === at('story.json')) break;
      }
      expect(offset).toBeGreaterThan(0);
      lying.writeUInt32LE(10, offset + 24);
      await refused(lying, 400, IMPORT_MESSAGES.damaged);
    });

    it('more entries than an export can hold', async () => {
      // The count is the end record's: yauzl reads it first, so the directory is never walked. Made here by
      // raising it in a real export's end record (65,535 entries, the most a zip without Zip64 declares).
      const bytes = Buffer.from(exported);
      const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      expect(IMPORT_LIMITS.entries).toBeLessThan(0xffff);
      bytes.writeUInt16LE(0xffff, end + 8);
      bytes.writeUInt16LE(0xffff, end + 10);
      await refused(bytes, 413, IMPORT_MESSAGES.tooBig);
    });

    it('a name that climbs out of the folder', async () => {
      const sneaky = at('zz/profile.json');
      const bytes = await zipOf([...entries, { name: sneaky, data: Buffer.from('{}') }]);
      // yazl refuses such names, so the name is changed in the bytes: zz -> ..
      let i = bytes.indexOf(Buffer.from(sneaky));
      while (i >= 0) {
        bytes.write('..', i + EXPORT_FOLDER.length + 1);
        i = bytes.indexOf(Buffer.from(sneaky), i + 1);
      }
      await refused(bytes, 400, IMPORT_MESSAGES.notExport);
    });

    it('into a story that already has words: published, or only a draft', async () => {
      const published = await signedInPerson(to);
      await to.caller(published.id).stories.publish({ title: 'Mine', text: '<p>Already here.</p>' } as never);
      const drafting = await signedInPerson(to);
      await to.caller(drafting.id).drafts.autosave({ title: '', text: '<p>Just started.</p>', base_version: 0, draft_version: 0 });
      for (const busy of [published, drafting]) {
        const before = await storyState(to, busy.id);
        for (const check of [true, false]) {
          const res = await postZip(busy.client, exported, check);
          expect(res.status).toBe(409);
          expect(res.body).toEqual({ error: { message: NOT_EMPTY } });
        }
        expect(await storyState(to, busy.id)).toEqual(before);
      }
    });

    it('without a sign-in', async () => {
      const res = await postZip(to.client(), exported);
      expect(res.status).toBe(401);
    });
  });
});

describe('moving what a person has, however little or however dressed', () => {
  const exportOf = async (t: TestApp, client: TestClient) => {
    const res = await t.app.request('http://localhost/account/my-data.zip', { headers: { cookie: client.cookie! } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('an export holding only a draft (nothing published) comes in as that draft, with its photo', async () => {
    const writer = await signedInPerson(from, { first_name: 'Dora', last_name: 'Draft' });
    const photo = await uploadPhoto(writer.client, '#963', 320, 240);
    const mine = from.caller(writer.id);
    const state = await mine.drafts.get();
    await mine.drafts.autosave({
      title: 'Not yet ready',
      text: `<p>Only a beginning, kept as a draft.</p>${figure(photo, 'The shed')}`,
      base_version: 0, // there was no story
      draft_version: state.draft_version,
    });
    const exported = await exportOf(from, writer.client);

    const mover = await signedInPerson(to);
    const check = await postZip(mover.client, exported, true);
    expect(check.status, check.text).toBe(200);
    expect(check.body.summary).toMatchObject({ title: 'Not yet ready', pages: 0, revisions: 0, photos: 1, has_draft: true });
    expect(check.body.summary.words).toBeGreaterThan(0);
    const res = await postZip(mover.client, exported);
    expect(res.status, res.text).toBe(201);

    // No story, no revision: the draft alone, its photo under a new name on this server.
    const after = await storyState(to, mover.id);
    expect(after).toMatchObject({ stories: 0, revisions: 0, uploads: 1, pages: 0 });
    const [upload] = await to.deps.db.selectFrom('uploads').select('name').where('user_id', '=', mover.id).execute();
    expect(upload!.name).not.toBe(photo);
    const draft = (await to.caller(mover.id).drafts.get()).draft;
    expect(draft?.title).toBe('Not yet ready');
    expect(draft?.text).toContain('Only a beginning, kept as a draft.');
    expect(draft?.text).toContain(`/media/${upload!.name}`);
    expect(draft?.text).not.toContain(photo);
  });

  it('a story with a banner comes in with its banner, a new upload with the same pixels', async () => {
    const writer = await signedInPerson(from, { first_name: 'Bea', last_name: 'Banner' });
    const banner = await uploadPhoto(writer.client, '#369', 1200, 400);
    const mine = from.caller(writer.id);
    await mine.stories.publish({ title: 'Under a banner', text: '<h2>One</h2><p>The first part.</p>' } as never);
    await mine.stories.setBanner({ image: banner });
    const exported = await exportOf(from, writer.client);

    const mover = await signedInPerson(to);
    const check = await postZip(mover.client, exported, true);
    expect(check.status, check.text).toBe(200);
    expect(check.body.summary).toMatchObject({ title: 'Under a banner', photos: 1, revisions: 1 });
    const res = await postZip(mover.client, exported);
    expect(res.status, res.text).toBe(201);

    const story = await to.deps.db.selectFrom('stories').selectAll().where('user_id', '=', mover.id).executeTakeFirstOrThrow();
    const original = await from.deps.db.selectFrom('stories').selectAll().where('user_id', '=', writer.id).executeTakeFirstOrThrow();
    expect(story.banner).toBeTruthy();
    expect(story.banner).not.toBe(original.banner);
    expect(story).toMatchObject({ title: original.title, body_html: original.body_html, page_count: original.page_count });
    const [a, b] = [await from.deps.blobs.get(original.banner!), await to.deps.blobs.get(story.banner!)];
    const [ma, mb] = [await sharp(a!.body as Buffer).metadata(), await sharp(b!.body as Buffer).metadata()];
    expect([mb.width, mb.height]).toEqual([ma.width, ma.height]);
    // The banner is hers on the new server: an upload of the mover's, and the reader's story shows it.
    const owned = await to.deps.db.selectFrom('uploads').select('user_id').where('name', '=', story.banner!).executeTakeFirstOrThrow();
    expect(owned.user_id).toBe(mover.id);
    const event = await to.deps.db.selectFrom('events').select('type').where('type', '=', 'story_banner_changed').execute();
    expect(event.length).toBeGreaterThan(0);
  });
});
