// Import a document, step one (issue #27, docs/decisions/0033-import-a-document.md): an uploaded .docx, .md, .txt or
// .html becomes story HTML to preview. The file is checked first (document-kind.ts, inspect-docx.ts), converted
// off the event loop (deps.converter), its pictures stored as the person's photos (import-photos.ts), and the
// result goes through the story formatter as a publish would, so the preview is exactly what would be stored.
// Nothing is written to the draft here: the person chooses in step two (import-into-draft.ts).
import { DOCUMENT_MESSAGES, type DocumentPreview } from '../../contract/document-import';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import type { DocumentSource } from '../../ports/document-converter';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { photoMapFor } from '../stories/story-photos';
import { checkDocxHeader, kindFromName, readText } from './document-kind';
import { importReport } from './import-report';
import { placePhotos, storeDocumentImages } from './import-photos';
import { type DocxFacts, inspectDocx } from './inspect-docx';

export const DOCUMENT_TOO_LONG = 'This document is longer than a story can be (5 MB of text). Try bringing it in a part at a time.';

export interface UploadedDocument {
  /** The file as received, on disk. */
  path: string;
  /** Its name on the person's device: which converter. */
  fileName: string;
}

export async function previewDocument(deps: CoreDeps, actor: SignedInActor, file: UploadedDocument): Promise<DocumentPreview> {
  const kind = kindFromName(file.fileName);
  let source: DocumentSource;
  let docx: DocxFacts | undefined;
  if (kind === 'docx') {
    await checkDocxHeader(file.path);
    docx = await inspectDocx(file.path);
    source = { kind, path: file.path };
  } else {
    source = { kind, text: await readText(file.path) };
  }
  // Spent only by a document that passed its checks: converting it is the costly part.
  await limitRate(deps, [['documentImportPerAccount', String(actor.userId)]]);
  const converted = await deps.converter.convert(source);
  const stored = await storeDocumentImages(deps, actor, converted.images);
  const html = placePhotos(converted.html, stored.photos);
  const story = await deps.formatter.format(html, await photoMapFor(deps.db, html));
  if (Buffer.byteLength(story.body, 'utf8') > LIMITS.storyBytesMax) throw new AppError('TOO_LARGE', DOCUMENT_TOO_LONG);
  const kept = stored.photos.filter((p) => p !== null);
  if (story.word_count === 0 && kept.length === 0) throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.empty);
  return {
    html: story.body,
    report: importReport({ notes: converted.notes, docx, undescribed: kept.filter((p) => p.alt === '').length, refused: stored.refused }),
    word_count: story.word_count,
    photos: kept.length,
  };
}
