/**
 * `npx tsx bench/document-import.ts [--chapters 40] [--paragraphs 80] [--photos 50]` (`npm run bench:document-import`;
 * also the `document-import` section of `npm run bench`, `--skip document-import` leaves it out): "Import a document"
 * (issue #27) of a long Word document with photos, measured in the server's own process (bench/lib/in-process-server.ts).
 * The document is made with the `docx` library (tests/support/document-fixtures.ts: ~200 pages of ~400 words by
 * default, 50 photos of 1600 x 1200); curl uploads it to POST /uploads/document. Reported: the time to the preview,
 * the server's RSS above its level before, the event loop's delay while it runs against an idle control, and /healthz
 * answered meanwhile. Nothing is asserted. Figures: docs/performance.md, "Import a document".
 */
import fs from 'node:fs';
import path from 'node:path';
import { richDocx } from '../tests/support/document-fixtures';
import { type HeavyRequestFigures, heavyRequestLines, measureWhile, numArg, startInProcessServer } from './lib/in-process-server';

export interface DocumentImportFigures extends HeavyRequestFigures {
  document: string;
  preview: { words: number; photos: number; htmlBytes: number; report: string[] };
}

export async function documentImportFigures(opts: {
  chapters: number;
  paragraphs: number;
  photos: number;
  log: (line: string) => void;
}): Promise<DocumentImportFigures> {
  const server = await startInProcessServer('bench-import-');
  try {
    const { cookie } = await server.signIn({
      first_name: 'Long',
      last_name: 'Memoir',
      username: 'long_memoir',
      email: 'long@example.com',
      dob: '1945-01-01',
    });
    const t0 = Date.now();
    const docx = await richDocx({
      // Each a different size: the docx library stores identical pictures once.
      photos: Array.from({ length: opts.photos }, (_, i) => ({
        alt: i % 2 ? `The garden in the summer of ${1950 + i}` : '',
        width: 1600 + i,
        height: 1200,
      })),
      extraChapters: opts.chapters,
      paragraphsPerChapter: opts.paragraphs,
    });
    const file = path.join(server.dataDir, 'memoir.docx');
    fs.writeFileSync(file, docx);
    const document = `${opts.chapters + 1} chapters of ${opts.paragraphs} paragraphs, ${opts.photos} photos of 1600 x 1200, ${(docx.length / 1e6).toFixed(1)} MB (made in ${Date.now() - t0} ms)`;
    opts.log(`  importing a document of ${(docx.length / 1e6).toFixed(1)} MB…`);
    const out = path.join(server.dataDir, 'preview.json');
    const figures = await measureWhile(server.base, () =>
      server.curl(out, cookie, ['-F', `file=@${file}`, `${server.base}/uploads/document`]),
    );
    const preview = JSON.parse(fs.readFileSync(out, 'utf8')) as { word_count: number; photos: number; html: string; report: string[] };
    return {
      ...figures,
      document,
      preview: { words: preview.word_count, photos: preview.photos, htmlBytes: preview.html.length, report: preview.report },
    };
  } finally {
    await server.close();
  }
}

/** Lines for the report (and docs/performance.md). */
export function documentImportLines(f: DocumentImportFigures): string[] {
  return [
    `document: ${f.document}`,
    `preview: ${f.preview.words} words (~${Math.round(f.preview.words / 400)} pages of 400 words), ${f.preview.photos} photos, ${(f.preview.htmlBytes / 1e6).toFixed(2)} MB of HTML, in ${f.seconds.toFixed(2)} s`,
    `report: ${f.preview.report.join(' / ')}`,
    ...heavyRequestLines(f, 'during the import'),
  ];
}

if (process.argv[1]?.endsWith('document-import.ts')) {
  const figures = await documentImportFigures({
    chapters: numArg('chapters', 40),
    paragraphs: numArg('paragraphs', 80),
    photos: numArg('photos', 50),
    log: (line) => console.log(line),
  });
  for (const line of documentImportLines(figures)) console.log(line);
}
