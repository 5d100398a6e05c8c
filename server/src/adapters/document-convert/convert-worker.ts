// The worker side of WorkerPoolConverter: one document per call.
import type { ConvertedDocument, DocumentSource } from '../../ports/document-converter';
import { convertDocument } from './convert-document';

export default function convertInWorker(source: DocumentSource): Promise<ConvertedDocument> {
  return convertDocument(source);
}
