// The story as a Word document (.docx): the story prepared as for the EPUB (book-html.ts), built into the package's
// parts by the WordBuilder (off the event loop: docx compiles the whole document in one synchronous call), and zipped
// here by yazl as the EPUB is, streamed: XML deflated by zlib, photos stored and read from the BlobStore one at a
// time as the zip reaches them (docs/decisions/0034-word-and-readable-copies.md). docx's own packer would deflate
// the photos too in one synchronous call (25 s for 55 MB of photos on a busy machine).
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { WordPart, WordPhoto } from '../../ports/word-builder';
import type { CoreDeps } from '../shared/core-deps';
import { addLazy, inPieces, zipReadable } from '../shared/zip-stream';
import { knownUploads, prepareStory } from './book-html';
import { bookDay, bookWords } from './book-words';
import type { BookSource } from './load-book';

/** A photo's size when the uploads table has none: the page's width, 4:3. */
const DEFAULT_WIDTH = 600;

/** The .docx as a stream of bytes; a photo the store has lost since is described in its place, as in the EPUB. */
export async function docxStream(deps: CoreDeps, book: BookSource, origin: string): Promise<Readable> {
  const known = await knownUploads(deps, book.bodyHtml);
  const story = await prepareStory(book.bodyHtml, {
    format: 'html',
    origin,
    imageHref: (name) => (known.has(name) ? name : null),
    externalImages: 'describe',
  });
  const updatedAt = book.updatedAt || deps.clock.now();
  const words = bookWords(book.locale);
  const parts = await deps.word.build({
    title: book.title,
    authorName: book.authorName,
    origin,
    updatedAt,
    markup: story.markup,
    chapterIds: story.headings.filter((h) => h.level === 2).map((h) => h.id),
    photos: await photoSizes(deps, story.images),
    words: {
      contents: words.contents,
      fromSite: words.fromSite(origin, bookDay(updatedAt, book.locale)),
      description: words.byline(book.title, book.authorName),
    },
  });
  return zipParts(deps, parts, new Date(updatedAt));
}

/** The photos the story shows (the store had each: knownUploads), with their sizes as the uploads table stored them. */
async function photoSizes(deps: CoreDeps, names: string[]): Promise<WordPhoto[]> {
  if (names.length === 0) return [];
  const rows = await deps.db.selectFrom('uploads').select(['name', 'width', 'height']).where('name', 'in', names).execute();
  const sizes = new Map(rows.map((r) => [r.name, r]));
  return names.map((name) => {
    const size = sizes.get(name);
    return {
      name,
      type: name.endsWith('.png') ? 'png' : 'jpg',
      width: size?.width || DEFAULT_WIDTH,
      height: size?.height || Math.round((DEFAULT_WIDTH * 3) / 4),
    };
  });
}

/** The parts zipped by yazl: XML deflated (zlib, off the event loop), each photo stored, read from the store in its turn. */
function zipParts(deps: CoreDeps, parts: WordPart[], mtime: Date): Readable {
  const zip = new ZipFile();
  for (const part of parts) {
    const { photo, bytes } = part;
    if (photo !== null) {
      addLazy(zip, part.name, { mtime, compress: false }, async () => {
        const blob = await deps.blobs.get(photo);
        if (!blob) throw new Error(`The picture ${photo} is missing from the file store.`);
        return inPieces(blob.body);
      });
    } else {
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      addLazy(zip, part.name, { mtime, compress: true }, () => inPieces(body));
    }
  }
  return zipReadable(zip);
}
