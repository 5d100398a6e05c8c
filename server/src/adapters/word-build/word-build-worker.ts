// The worker side of WorkerPoolWordBuilder: one story per call, its parts answered as plain data.
import type { WordBook, WordPart } from '../../ports/word-builder';
import { buildDocxParts } from './docx-parts';

export default function buildInWorker(book: WordBook): WordPart[] {
  return buildDocxParts(book);
}
