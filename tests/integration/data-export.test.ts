// "Download my data": the zip over HTTP, read back with yauzl; every JSON file matches the documented schema
// (server/src/core/export/export-schema.ts, docs/data-export.md); drafts, revisions and files are in it, other people's data is not.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES, EXPORT_FOLDER, profileFile } from '../../server/src/core/export/export-schema';
import { EXPORT_PAGE_ROWS } from '../../server/src/core/export/data-export';
import { readZip, type ZipEntry } from '../support/read-zip';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

async function uploadImage(client: TestClient, color: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const res = await client.post('/api/upload', form);
  expect(res.status).toBe(201);
  return res.body.data as string;
}

async function exportOf(client: TestClient | null) {
  const res = await t.app.request('http://localhost/account/my-data.zip', { headers: client?.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function jsonOf(entries: ZipEntry[], file: string): unknown {
  const entry = entries.find((e) => e.name === `${EXPORT_FOLDER}/${file}`);
  if (!entry) throw new Error(`no ${file} in the export`);
  return JSON.parse(entry.data.toString('utf8'));
}

describe('/account/my-data.zip', () => {
  let me: Awaited<ReturnType<typeof signedInPerson>>;
  let other: Awaited<ReturnType<typeof signedInPerson>>;
  let picture: string;
  let photo: string;
  let othersPicture: string;
  beforeAll(async () => {
    me = await signedInPerson(t, { first_name: 'Maud', last_name: 'Keeper' });
    other = await signedInPerson(t, { first_name: 'Otto', last_name: 'Other' });
    const third = await signedInPerson(t);
    picture = await uploadImage(me.client, '#c33');
    photo = await uploadImage(me.client, '#3c3');
    othersPicture = await uploadImage(other.client, '#33c');
    expect((await me.client.post('/api/users/upload', { image: picture })).status).toBe(200);
    const mine = t.caller(me.id);
    await mine.stories.publish({ title: 'First go', text: '<p>First words.</p>' } as never);
    await mine.stories.publish({ title: 'Second go', text: `<p>Second words.</p><p><img src="/media/${photo}" alt="x"></p>` } as never);
    const state = await mine.drafts.get();
    await mine.drafts.autosave({
      title: 'Unpublished',
      text: '<p>Not yet <b>ready</b></p>',
      base_version: 2,
      draft_version: state.draft_version,
    });
    await t.caller(other.id).stories.publish({ title: 'Otto’s', text: '<p>Otto’s words.</p>' } as never);
    await t.caller(third.id).stories.publish({ title: 'Third', text: '<p>Third words.</p>' } as never);
    await mine.social.comment({ story_username: other.username, text: 'Lovely, Otto.' });
    await mine.social.comment({ story_username: third.username, text: 'Well told.' });
    await mine.social.like({ story_username: other.username, on: true });
    await mine.social.bookmark({ story_username: third.username, on: true });
    // Other people's activity, which must not be in my export.
    await t.caller(other.id).social.comment({ story_username: me.username, text: 'OTTO-SECRET-COMMENT' });
    await t.caller(other.id).social.like({ story_username: me.username, on: true });
    await t.caller(third.id).social.bookmark({ story_username: me.username, on: true });
    await t.caller(other.id).drafts.autosave({ title: 'OTTO-SECRET-DRAFT', text: '<p>x</p>', base_version: 1, draft_version: 1 });
    // Drafts "Replace my draft" kept (docs/decisions/0033-import-a-document.md): mine, and Otto's, which is not.
    await t.deps.db
      .insertInto('kept_drafts')
      .values([
        {
          user_id: me.id,
          title: 'Before Word',
          unsafe_html: `<p>Typed.</p><p><img src="/media/${photo}" alt=""></p>`,
          word_count: 1,
          kept_at: Date.UTC(2026, 10, 27),
          reason: 'import',
        },
        {
          user_id: other.id,
          title: 'OTTO-SECRET-KEPT',
          unsafe_html: '<p>x</p>',
          word_count: 1,
          kept_at: Date.UTC(2026, 10, 27),
          reason: 'import',
        },
      ])
      .execute();
  });

  it('is a zip of the person’s profile, story, draft, revisions, comments, likes, saves and files, each as documented', async () => {
    const res = await exportOf(me.client);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="life-story-data-${me.username}.zip"; filename*=UTF-8''life-story-data-${me.username}.zip`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-length')).toBeNull(); // made as it is sent
    const entries = await readZip(res.bytes);
    const names = entries.map((e) => e.name.slice(EXPORT_FOLDER.length + 1));
    expect(names.slice(0, 2)).toEqual(['README.txt', 'profile.json']);
    expect(names).toEqual(expect.arrayContaining([...Object.keys(EXPORT_FILES), `files/${picture}`, `files/${photo}`]));
    for (const [file, schema] of Object.entries(EXPORT_FILES)) {
      const parsed = schema.safeParse(jsonOf(entries, file));
      expect(parsed.success, `${file}: ${parsed.error?.message}`).toBe(true);
    }

    expect(jsonOf(entries, 'profile.json')).toMatchObject({
      username: me.username,
      email: me.email,
      first_name: 'Maud',
      last_name: 'Keeper',
      date_of_birth: me.dob,
      picture,
      is_private: false,
      locale: null,
    });
    expect(jsonOf(entries, 'story.json')).toMatchObject({ title: 'Second go', version: 2 });
    expect(jsonOf(entries, 'draft.json')).toMatchObject({ title: 'Unpublished', html: '<p>Not yet <b>ready</b></p>', based_on_version: 2 });
    expect(jsonOf(entries, 'kept-drafts.json')).toEqual([
      {
        id: expect.any(Number),
        title: 'Before Word',
        html: `<p>Typed.</p><p><img src="/media/${photo}" alt=""></p>`,
        word_count: 1,
        kept_at: '2026-11-27T00:00:00.000Z',
        reason: 'import',
      },
    ]);
    const revisions = jsonOf(entries, 'revisions.json') as { title: string; version: number }[];
    expect(revisions.map((r) => [r.version, r.title])).toEqual([
      [1, 'First go'],
      [2, 'Second go'],
    ]);
    expect((jsonOf(entries, 'comments.json') as { text: string; story_username: string }[]).map((c) => [c.story_username, c.text])).toEqual(
      [
        [other.username, 'Lovely, Otto.'],
        [expect.any(String), 'Well told.'],
      ],
    );
    expect(jsonOf(entries, 'likes.json')).toEqual([{ story_username: other.username, given_at: expect.any(String) }]);
    expect((jsonOf(entries, 'saves.json') as unknown[]).length).toBe(1);
    const uploads = jsonOf(entries, 'uploads.json') as { name: string; file: string }[];
    expect(uploads.map((u) => u.name).sort()).toEqual([picture, photo].sort());
    for (const u of uploads) {
      const entry = entries.find((e) => e.name === `${EXPORT_FOLDER}/${u.file}`);
      expect(entry?.data.equals((await t.deps.blobs.get(u.name))?.body as Buffer)).toBe(true);
      expect(entry?.method).toBe(0); // images are stored, not compressed again
    }
    expect(entries.find((e) => e.name.endsWith('README.txt'))?.data.toString()).toContain('docs/data-export.md');

    // Nothing of anyone else's.
    const all = entries.map((e) => e.data.toString('latin1')).join('\n');
    for (const secret of ['OTTO-SECRET-COMMENT', 'OTTO-SECRET-DRAFT', 'OTTO-SECRET-KEPT', 'Otto’s words', other.email, othersPicture]) {
      expect(all).not.toContain(secret);
    }
  });

  it('carries the account’s language, and the readable copy’s own words are in it (docs/decisions/0042-interface-languages.md)', async () => {
    const lola = await signedInPerson(t, { first_name: 'Lola', last_name: 'Prieto' });
    expect((await lola.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
    await t.caller(lola.id).stories.publish({ title: 'Mi vida', text: '<h2>La infancia</h2><p>Nací junto al río.</p>' } as never);
    const entries = await readZip((await exportOf(lola.client)).bytes);
    expect(profileFile.safeParse(jsonOf(entries, 'profile.json')).success).toBe(true);
    expect(jsonOf(entries, 'profile.json')).toMatchObject({ username: lola.username, locale: 'es' });
    const page = entries.find((e) => e.name === `${EXPORT_FOLDER}/story.html`)?.data.toString() ?? '';
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<h2 id="contents-heading">Índice</h2>');
    expect(page).toMatch(/Su historia tal como se publicó en Life Story \(http:\/\/localhost\), guardada el \d+ de \p{L}+ de \d{4}\./u);
    // An export made before the field was added still reads as one (Import my data).
    const { locale: _, ...older } = jsonOf(entries, 'profile.json') as Record<string, unknown>;
    expect(profileFile.safeParse(older).success).toBe(true);
  });

  it('pages through more rows than one query reads, each once', async () => {
    const many = await signedInPerson(t);
    const n = EXPORT_PAGE_ROWS * 2 + 7;
    const now = t.deps.clock.now();
    await t.deps.db
      .insertInto('comments')
      .values(
        Array.from({ length: n }, (_, i) => ({ story_user_id: other.id, user_id: many.id, text: `comment ${i}`, created_at: now + i })),
      )
      .execute();
    // Kept drafts go two a query (each can be a whole story).
    await t.deps.db
      .insertInto('kept_drafts')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          user_id: many.id,
          title: `kept ${i}`,
          unsafe_html: '<p>x</p>',
          word_count: 1,
          kept_at: now + i,
          reason: 'import',
        })),
      )
      .execute();
    const entries = await readZip((await exportOf(many.client)).bytes);
    const comments = jsonOf(entries, 'comments.json') as { text: string }[];
    expect(comments.map((c) => c.text)).toEqual(Array.from({ length: n }, (_, i) => `comment ${i}`));
    expect(jsonOf(entries, 'story.json')).toBeNull();
    expect(jsonOf(entries, 'draft.json')).toBeNull();
    expect(jsonOf(entries, 'revisions.json')).toEqual([]);
    expect((jsonOf(entries, 'kept-drafts.json') as { title: string }[]).map((k) => k.title)).toEqual(
      Array.from({ length: 5 }, (_, i) => `kept ${i}`),
    );
  });

  it('is for the signed-in person only', async () => {
    const res = await exportOf(null);
    expect(res.status).toBe(401);
    expect(res.bytes.toString()).toBe('Please sign in to download your data.');
  });

  it('is rate-limited with a sentence', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const p = await signedInPerson(limited);
      const get = () => limited.app.request('http://localhost/account/my-data.zip', { headers: { cookie: p.client.cookie ?? '' } });
      for (let i = 0; i < 5; i++) expect((await get()).status).toBe(200);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(await refused.text()).toMatch(/^Too many downloads of your data\. Please try again in \d+ minutes\.$/);
    } finally {
      await limited.close();
    }
  });
});
