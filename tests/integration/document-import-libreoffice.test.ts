// Import a document (issue #27) of a .docx made by LibreOffice, as a person who writes in Writer saves one: the
// document is typed in Writer's own format (writerFlatOdt) and converted by Debian's LibreOffice, headless, then
// goes through the real HTTP surface (POST /uploads/document, then tRPC drafts.importDocument over HTTP). Without
// soffice the test skips with one line (tests/support/book-tools.ts), as the Word download's LibreOffice test does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasLibreOffice, libreOfficeConvert } from '../support/book-tools';
import { writerFlatOdt } from '../support/document-fixtures';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

// LibreOffice's start on a machine shared by other runs.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await makeTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-lo-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Import a document: a .docx saved by LibreOffice Writer', () => {
  it.skipIf(!hasLibreOffice())(
    'keeps its headings, lists, bold and italic, the footnote and both photos, one with its description',
    async () => {
      const fodt = path.join(dir, 'Our farm.fodt');
      fs.writeFileSync(fodt, await writerFlatOdt());
      const converted = await libreOfficeConvert(fodt, 'docx:MS Word 2007 XML');
      expect(fs.existsSync(converted.file), converted.output).toBe(true);
      const docx = fs.readFileSync(converted.file);
      // A real Word package from LibreOffice, not one from the docx library.
      expect(docx.subarray(0, 2).toString()).toBe('PK');
      expect(docx.includes(Buffer.from('docProps/app.xml'))).toBe(true);

      const { client, id } = await signedInPerson(t);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(docx)]), 'Our farm.docx');
      const res = await client.post('/uploads/document', form);
      expect(res.status, res.text).toBe(200);
      const { html, report, photos } = res.body as { html: string; report: string[]; photos: number };

      expect(html).toContain('<h1>Written in Writer</h1>');
      expect(html).toContain('<h2>The farm</h2>');
      expect(html).toContain('<h2>Leaving home</h2>');
      expect(html).toContain('<strong>farm</strong>');
      expect(html).toContain('<em>Ripon</em>');
      expect(html).toMatch(/<ul><li>three cows<\/li><li>a dog called Jess<\/li><\/ul>/);
      expect(html).toMatch(/<ol><li>my coat<\/li><li>the photo album<\/li><\/ol>/);
      expect(html).toContain('<h3>Notes</h3>');
      expect(html).toContain('Ripon is in North Yorkshire.');
      // Both photos are this person's uploads: the described one keeps its words, the other is marked as needing some.
      const names = (await t.deps.db.selectFrom('uploads').select('name').where('user_id', '=', id).execute()).map((r) => r.name);
      expect(names).toHaveLength(2);
      expect(photos).toBe(2);
      for (const name of names) expect(html).toContain(`src="/media/${name}"`);
      expect(html).toMatch(/<img [^>]*alt="Father with the cows, 1948"/);
      expect(html).toMatch(/<img [^>]*alt=""/);
      expect(report).toEqual([
        '1 footnote was added at the end, under "Notes".',
        '1 photo has no description yet; you can add one in your draft.',
      ]);

      const into = await client.post('/trpc/drafts.importDocument', { text: html, mode: 'append', draft_version: 0 });
      expect(into.status, into.text).toBe(200);
      const draft = await t.caller(id).drafts.get();
      expect(draft.draft?.text).toContain('<h2>Leaving home</h2>');
      expect(draft.draft?.text).toMatch(/<img [^>]*alt="Father with the cows, 1948"/);
    },
  );
});
