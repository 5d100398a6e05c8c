// A .docx checked before mammoth reads a byte of it (docs/decisions/0033-import-a-document.md). From the zip's
// central directory (yauzl): how many parts, how large once unpacked (a zip bomb is a small file that inflates
// to gigabytes), how many pictures, no encryption. Then every part is inflated once as a stream and thrown away,
// so that a part whose real size differs from the one it declares is caught (yauzl compares them), and the XML
// parts are read for a DOCTYPE: Word never writes one, and entity tricks (billion laughs, external entities) need
// one, so a document holding one is refused rather than trusting the XML parser. The same pass counts what the
// report names and mammoth drops or changes: comments and tracked changes.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { DOCUMENT_MESSAGES } from '../../contract/document-import';
import { AppError } from '../../contract/errors';
import { PHOTOS_PER_STORY_MAX } from '../../contract/uploads';

/** Unpacked size of the whole document: a 20 MB file of text and photos unpacks to well under this. */
export const DOCX_UNPACKED_MAX = 200 * 1024 * 1024;
/** Parts in the zip: a long document with every picture has a few hundred. */
export const DOCX_PARTS_MAX = 1000;

export interface DocxFacts {
  comments: number;
  /** Insertions and deletions tracked in the text. */
  trackedChanges: number;
  pictures: number;
}

const XML_PART = /\.(xml|rels|vml)$/i;
const MARKUP = /<!DOCTYPE|<!ENTITY/i;

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

class Refused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/** Refuses a .docx that is not a well-formed, modest Word document; else what the report needs from it. */
export async function inspectDocx(path: string): Promise<DocxFacts> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.notDocx);
  }
  try {
    // First the central directory alone: nothing is inflated before the counts and sizes it declares are known.
    const entries = await readDirectory(zip);
    const facts: DocxFacts = { comments: 0, trackedChanges: 0, pictures: entries.filter((e) => /^word\/media\//i.test(e.fileName)).length };
    if (facts.pictures > PHOTOS_PER_STORY_MAX) throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.tooManyPictures);
    if (entries.length > DOCX_PARTS_MAX) throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.tooBig);
    if (entries.some((e) => e.isEncrypted())) throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.encrypted);
    if (entries.reduce((sum, e) => sum + e.uncompressedSize, 0) > DOCX_UNPACKED_MAX)
      throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.tooBig);
    if (!entries.some((e) => e.fileName === 'word/document.xml')) throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.notDocx);
    for (const entry of entries) if (!entry.fileName.endsWith('/')) await readPart(zip, entry, facts);
    return facts;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Refused) throw err.refusal;
    // A part larger than it declares (yauzl: "too many bytes in the stream"), a broken stream, a malformed directory.
    if (/too many bytes/i.test(String(err))) throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.tooBig);
    throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.notDocx);
  } finally {
    zip.close();
  }
}

/** Every entry of the central directory, or as many as it takes to refuse (too many parts, or pictures). */
function readDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    let pictures = 0;
    zip.on('error', reject);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (/^word\/media\//i.test(entry.fileName)) pictures += 1;
      if (pictures > PHOTOS_PER_STORY_MAX || entries.length > DOCX_PARTS_MAX + PHOTOS_PER_STORY_MAX) resolve(entries);
      else zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Inflates one part (yauzl checks its real size), reading XML for a DOCTYPE and counting what the report names. */
async function readPart(zip: yauzl.ZipFile, entry: yauzl.Entry, facts: DocxFacts): Promise<void> {
  const stream = await openStream(zip, entry);
  const xml = XML_PART.test(entry.fileName);
  const counted = entry.fileName === 'word/document.xml' ? 'document' : entry.fileName === 'word/comments.xml' ? 'comments' : null;
  let tail = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (!xml) continue;
    // A marker split between two chunks is found in the tail carried over.
    const text = tail + chunk.toString('latin1');
    if (MARKUP.test(text)) {
      stream.destroy();
      throw new Refused(new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.unsafeXml));
    }
    if (counted === 'document') facts.trackedChanges += count(text, /<w:(ins|del)[\s>]/g, tail);
    if (counted === 'comments') facts.comments += count(text, /<w:comment[\s>]/g, tail);
    tail = text.slice(-32);
  }
}

/** Matches in `text` that do not lie wholly within `tail` (counted with the previous chunk already). */
function count(text: string, re: RegExp, tail: string): number {
  let n = 0;
  for (const m of text.matchAll(re)) if (m.index + m[0].length > tail.length) n += 1;
  return n;
}
