// Reading a "Download my data" zip someone brings to "Import my data" (docs/decisions/0035-moving-a-story-between-sites.md).
// The zip is untrusted: its central directory is read first and judged (entry count, each entry's size, the sum, the
// names) before a byte is inflated, only the entries the import needs are ever opened, and each is read with its
// declared size enforced (yauzl's validateEntrySizes), so a zip bomb is refused from the directory or stops at the
// size it declared. yauzl refuses absolute and `..` names itself (its validateFileName).
import yauzl from 'yauzl';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import { isMediaName } from '../uploads/accept-upload';
import { EXPORT_FOLDER } from './export-schema';

export interface ImportLimits {
  /** Entries in the central directory. An export holds its JSON files and each upload's file. */
  entries: number;
  /** The sum of the uncompressed sizes the directory declares. */
  totalBytes: number;
  /** One JSON file (revisions.json is the largest: every kept revision's text). */
  jsonBytes: number;
  /** One photo: what an upload may be. */
  fileBytes: number;
}

export const IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  entries: 20_000,
  totalBytes: 2 * 1024 * 1024 * 1024,
  jsonBytes: 256 * 1024 * 1024,
  fileBytes: LIMITS.uploadBytesMax,
});

export const IMPORT_MESSAGES = {
  notExport: 'This file is not a data export from Life Story. Choose the .zip that "Download my data" gave you.',
  tooBig: 'This data export is larger than a site can take in. Nothing was changed.',
  damaged: 'This data export is damaged or has been changed, so nothing was imported.',
} as const;

/** The JSON files the import reads; any other file of the zip (a README, story.html, an EPUB, …) is never opened. */
const JSON_NEEDED = new Set(['profile.json', 'story.json', 'draft.json', 'revisions.json', 'kept-drafts.json', 'uploads.json']);

export interface ExportZip {
  /** A JSON file of the export, parsed; null when the zip has none of that name. */
  json(file: string): Promise<unknown>;
  /** A photo's bytes by its path in the export (`files/<name>`); null when the zip lacks it. */
  file(path: string): Promise<Buffer | null>;
  close(): void;
}

const notExport = () => new AppError('BAD_INPUT', IMPORT_MESSAGES.notExport);
const damaged = () => new AppError('BAD_INPUT', IMPORT_MESSAGES.damaged);
const tooBig = () => new AppError('TOO_LARGE', IMPORT_MESSAGES.tooBig);

function open(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (err, zip) =>
      err || !zip ? reject(notExport()) : resolve(zip),
    );
  });
}

/** Every entry of the directory, judged on its header alone; what the import needs, by name under the folder. */
function directory(zip: yauzl.ZipFile, limits: ImportLimits): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.entries) return reject(tooBig());
    const wanted = new Map<string, yauzl.Entry>();
    let total = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      if (total > limits.totalBytes) return reject(tooBig());
      const prefix = `${EXPORT_FOLDER}/`;
      const name = entry.fileName.startsWith(prefix) ? entry.fileName.slice(prefix.length) : null;
      const photo = name?.startsWith('files/') && isMediaName(name.slice('files/'.length));
      if (name !== null && (JSON_NEEDED.has(name) || photo)) {
        const max = photo ? limits.fileBytes : limits.jsonBytes;
        if (entry.uncompressedSize > max) return reject(tooBig());
        if (wanted.has(name)) return reject(damaged());
        wanted.set(name, entry);
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(wanted));
    zip.on('error', () => reject(notExport()));
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(damaged());
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (c: Buffer) => {
        bytes += c.length;
        // validateEntrySizes stops a stream past its declared size; this is the same bound, said again here.
        if (bytes > entry.uncompressedSize) stream.destroy(damaged());
        else chunks.push(c);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', () => reject(damaged()));
    });
  });
}

/** Opens the zip at `path` and reads its directory; 400 when it is no zip, 413 when it declares more than `limits`. */
export async function openExportZip(path: string, limits: ImportLimits = IMPORT_LIMITS): Promise<ExportZip> {
  const zip = await open(path);
  let entries: Map<string, yauzl.Entry>;
  try {
    entries = await directory(zip, limits);
  } catch (err) {
    zip.close();
    throw err;
  }
  return {
    async json(file) {
      const entry = entries.get(file);
      if (!entry) return null;
      try {
        return JSON.parse((await readEntry(zip, entry)).toString('utf8'));
      } catch {
        throw damaged();
      }
    },
    async file(path) {
      const entry = entries.get(path);
      return entry ? readEntry(zip, entry) : null;
    },
    close: () => zip.close(),
  };
}
