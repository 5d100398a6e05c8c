// Import a document (issue #27, docs/decisions/0033-import-a-document.md) through the real HTTP surface:
// POST /uploads/document answers a preview (nothing written to the draft), drafts.importDocument puts it into the
// draft (never published; a replaced draft is kept), and bad input gets a 4xx and one sentence, with nothing changed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../server/src/contract/document-import';
import { DOCUMENT_TOO_DEEP } from '../../server/src/ports/document-converter';
import {
  encryptedDocx,
  entityTrickDocx,
  lyingZipBombDocx,
  manyPicturesDocx,
  programBytes,
  richDocx,
  zipBombDocx,
} from '../support/document-fixtures';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

// Documents of megabytes, on a machine shared by other runs.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

function upload(client: TestClient, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return client.post('/uploads/document', form);
}

const uploadsOf = async (userId: number) =>
  (await t.deps.db.selectFrom('uploads').select('name').where('user_id', '=', userId).execute()).map((r) => r.name);

describe('POST /uploads/document: the preview', () => {
  it('brings a Word document through: headings, lists, bold and italic, a link, a quote, photos with their descriptions, a report', async () => {
    const { client, id } = await signedInPerson(t);
    const docx = await richDocx({ photos: [{ alt: 'Mother at the seaside, 1952' }, { alt: '' }] });
    const res = await upload(client, docx, 'My life.docx');
    expect(res.status, res.text).toBe(200);
    const { html, report, word_count, photos } = res.body;
    expect(html).toContain('<h1>My Life</h1>');
    expect(html).toContain('<h2>Childhood</h2>');
    expect(html).toContain('<strong>Leeds</strong>');
    expect(html).toContain('<em>very cold</em>');
    expect(html).toMatch(/<a href="https:\/\/example\.org\/leeds"[^>]*>the city page<\/a>/);
    expect(html).toMatch(/<ul><li>a baker<\/li><li>a butcher<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>First the war<\/li><li>Then the peace<\/li><\/ol>/);
    expect(html).toContain('<blockquote><p>Mother always said: waste not, want not.</p></blockquote>');
    // Footnotes at the end under "Notes"; the table as a line a row.
    expect(html).toContain('<h3>Notes</h3>');
    expect(html).toContain('The coldest winter in fifty years.');
    expect(html).toContain('<p>Year · Place</p><p>1950 · Leeds</p>');
    expect(html).not.toContain('<table');
    // Both photos are the person's uploads; the one without a description is marked as needing one (alt="").
    const names = await uploadsOf(id);
    expect(names).toHaveLength(2);
    expect(photos).toBe(2);
    expect(html).toContain(`src="/media/${names[0]}"`);
    expect(html).toMatch(/<img [^>]*alt="Mother at the seaside, 1952"/);
    expect(html).toMatch(/<img [^>]*alt=""/);
    expect(report).toEqual([
      '2 footnotes were added at the end, under "Notes".',
      '1 table was kept as text, one line for each row.',
      '1 photo has no description yet; you can add one in your draft.',
    ]);
    expect(word_count).toBeGreaterThan(30);
    // A preview writes nothing to the draft.
    expect(await t.caller(id).drafts.get()).toEqual({ draft_version: 0, draft: null });
  });

  it('brings in Markdown, plain text and a web page', async () => {
    const { client } = await signedInPerson(t);
    const md = await upload(
      client,
      Buffer.from('# Title\n\n## Chapter one\n\nSome *old* **days**.\n\n- one\n- two\n\n> said she\n'),
      'notes.md',
    );
    expect(md.status, md.text).toBe(200);
    expect(md.body.html).toContain('<h2>Chapter one</h2>');
    expect(md.body.html).toContain('<em>old</em> <strong>days</strong>');
    expect(md.body.html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(md.body.html).toContain('<blockquote><p>said she</p></blockquote>');

    const txt = await upload(client, Buffer.from('First paragraph\nsame one.\r\n\r\nSecond <b>not bold</b> & so.'), 'memoir.txt');
    expect(txt.status, txt.text).toBe(200);
    expect(txt.body.html).toBe('<p>First paragraph<br>same one.</p><p>Second &lt;b&gt;not bold&lt;/b&gt; &amp; so.</p>');

    // Windows-1252 text (an older editor) is read as such, not refused.
    const latin = await upload(client, Buffer.from([0x43, 0x61, 0x66, 0xe9]), 'cafe.txt');
    expect(latin.status, latin.text).toBe(200);
    expect(latin.body.html).toBe('<p>Café</p>');

    const html = await upload(
      client,
      Buffer.from(
        '<html><body><h2 style="color:red">Hi</h2><p onclick="x()">A <img src="https://evil.example/x.png"> day</p><script>alert(1)</script></body></html>',
      ),
      'page.html',
    );
    expect(html.status, html.text).toBe(200);
    expect(html.body.html).toBe('<h2>Hi</h2><p>A  day</p>');
    expect(html.body.report).toEqual(['1 picture linked from the internet was left out.']);
  });
});

describe('drafts.importDocument: into the draft, never published', () => {
  it('adds to the end of the draft, or replaces it and keeps the old one; a stale counter is a 409', async () => {
    const { client, id } = await signedInPerson(t);
    const api = t.caller(id);
    const first = await api.drafts.autosave({ title: 'Mine', text: '<p>What I typed.</p>', base_version: 0, draft_version: 0 });
    const preview = (await upload(client, Buffer.from('## From Word\n\nImported words.'), 'a.md')).body;

    const added = await api.drafts.importDocument({ text: preview.html, mode: 'append', draft_version: first.draft_version });
    expect(added.draft_version).toBe(first.draft_version + 1);
    const afterAdd = await api.drafts.get();
    expect(afterAdd.draft?.text).toBe('<p>What I typed.</p><h2>From Word</h2><p>Imported words.</p>');
    expect(afterAdd.draft?.title).toBe('Mine');

    await expect(
      api.drafts.importDocument({ text: preview.html, mode: 'replace', draft_version: first.draft_version }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    const replaced = await api.drafts.importDocument({ text: preview.html, mode: 'replace', draft_version: added.draft_version });
    expect((await api.drafts.get()).draft?.text).toBe('<h2>From Word</h2><p>Imported words.</p>');
    expect(replaced.draft_version).toBe(added.draft_version + 1);
    // The replaced draft is kept, whole.
    const kept = await t.deps.db.selectFrom('kept_drafts').selectAll().where('user_id', '=', id).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      title: 'Mine',
      unsafe_html: '<p>What I typed.</p><h2>From Word</h2><p>Imported words.</p>',
      reason: 'import',
    });
    // Versions lists it, and it comes back as the draft (the imported draft is kept in its turn).
    const listed = await api.revisions.kept();
    expect(listed).toEqual([{ id: kept[0]!.id, title: 'Mine', word_count: 7, kept_at: expect.any(String) }]);
    await api.revisions.restoreKept({ id: kept[0]!.id });
    expect((await api.drafts.get()).draft?.text).toBe('<p>What I typed.</p><h2>From Word</h2><p>Imported words.</p>');
    expect((await api.revisions.kept()).map((k) => k.title)).toEqual(['Mine', 'Mine']);
    const stranger = await signedInPerson(t);
    await expect(t.caller(stranger.id).revisions.restoreKept({ id: kept[0]!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Never published.
    expect(await t.deps.db.selectFrom('stories').select('user_id').where('user_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('with no draft, starts from the published story', async () => {
    const { id } = await signedInPerson(t);
    const api = t.caller(id);
    await api.stories.publish({ title: 'Published', text: '<p>Out there.</p>' });
    const { draft_version } = await api.drafts.get();
    await api.drafts.importDocument({ text: '<p>More.</p>', mode: 'append', draft_version });
    expect((await api.drafts.get()).draft).toMatchObject({ title: 'Published', text: '<p>Out there.</p><p>More.</p>' });
  });
});

describe('bad input: a 4xx, one sentence, nothing changed', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, number, string][] = [
    ['a program renamed .docx', programBytes, 'story.docx', 415, DOCUMENT_MESSAGES.notDocx],
    ['a program renamed .txt', programBytes, 'story.txt', 415, DOCUMENT_MESSAGES.notText],
    ['a program renamed .md', programBytes, 'story.md', 415, DOCUMENT_MESSAGES.notText],
    ['an encrypted Word document', encryptedDocx, 'secret.docx', 422, DOCUMENT_MESSAGES.encrypted],
    ['an old .doc', () => Buffer.from('x'), 'old.doc', 415, DOCUMENT_MESSAGES.oldWord],
    ['a PDF', () => Buffer.from('%PDF-1.4'), 'story.pdf', 415, DOCUMENT_MESSAGES.unknownKind],
    ['a zip bomb (300 MB unpacked)', () => zipBombDocx(), 'bomb.docx', 422, DOCUMENT_MESSAGES.tooBig],
    ['a zip bomb that lies about its sizes', () => lyingZipBombDocx(), 'liar.docx', 422, DOCUMENT_MESSAGES.tooBig],
    ['10,000 pictures', () => manyPicturesDocx(), 'pictures.docx', 422, DOCUMENT_MESSAGES.tooManyPictures],
    ['billion laughs', () => entityTrickDocx('billion-laughs'), 'laughs.docx', 422, DOCUMENT_MESSAGES.unsafeXml],
    ['an external entity', () => entityTrickDocx('external'), 'xxe.docx', 422, DOCUMENT_MESSAGES.unsafeXml],
    ['an empty text file', () => Buffer.from('  \n '), 'empty.txt', 422, DOCUMENT_MESSAGES.empty],
    [
      'a zip that is not a Word document',
      async () => (await import('../support/document-fixtures')).zipOf([{ name: 'a.txt', data: Buffer.from('hi') }]),
      'z.docx',
      415,
      DOCUMENT_MESSAGES.notDocx,
    ],
  ];
  for (const [what, make, name, status, message] of cases) {
    it(what, async () => {
      const { client, id } = await signedInPerson(t);
      const api = t.caller(id);
      await api.drafts.autosave({ title: 'Mine', text: '<p>Keep me.</p>', base_version: 0, draft_version: 0 });
      const res = await upload(client, await make(), name);
      expect(res.status, res.text).toBe(status);
      expect(res.body).toEqual({ error: { message } });
      expect(await uploadsOf(id)).toEqual([]);
      expect((await api.drafts.get()).draft?.text).toBe('<p>Keep me.</p>');
    });
  }

  it('a file over 20 MB is refused as it arrives', async () => {
    const { client } = await signedInPerson(t);
    const res = await upload(client, Buffer.alloc(21 * 1024 * 1024, 0x61), 'long.txt');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { message: DOCUMENT_MESSAGES.tooLarge } });
  });

  it('deep nesting: a web page of 100,000 nested elements, Markdown quotes 10,000 deep', async () => {
    const { client } = await signedInPerson(t);
    const deep = `${'<div><blockquote>'.repeat(50_000)}deep words${'</blockquote></div>'.repeat(50_000)}`;
    const res = await upload(client, Buffer.from(deep), 'deep.html');
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body).toEqual({ error: { message: DOCUMENT_TOO_DEEP } });
    const md = await upload(client, Buffer.from(`${'> '.repeat(10_000)}quoted`), 'deep.md');
    expect(md.status, md.text.slice(0, 300)).toBe(422);
    expect(md.body).toEqual({ error: { message: DOCUMENT_TOO_DEEP } });
  });

  it('signed out: 401 with a sentence', async () => {
    const res = await upload(t.client(), Buffer.from('hi'), 'a.txt');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { message: DOCUMENT_MESSAGES.signedOut } });
  });
});
