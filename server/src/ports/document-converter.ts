/** What an uploaded document is, by its name and checked by its bytes (core/document-import/document-kind.ts). */
export type DocumentKind = 'docx' | 'md' | 'txt' | 'html';

/** A checked .docx file on disk, or the text of the others (decoded already). */
export type DocumentSource = { kind: 'docx'; path: string } | { kind: 'md' | 'txt' | 'html'; text: string };

/** A picture found inside a document, to become a story photo through the upload pipeline. */
export interface DocumentImage {
  contentType: string;
  bytes: Uint8Array;
  /** The picture's alt text (its description in Word), '' when it has none. */
  alt: string;
}

/** What the converter changed or left out, counted, for the person's short report (core/document-import/import-report.ts). */
export interface ConversionNotes {
  footnotes: number;
  tables: number;
  /** Pictures linked from elsewhere (a web address in .md or .html): never fetched. */
  linkedImages: number;
}

/**
 * A document as story HTML, not yet sanitized: each picture is an `<img src="import-image:N" alt="…">` alone in a
 * `<figure>`, N its index in `images`.
 */
export interface ConvertedDocument {
  html: string;
  images: DocumentImage[];
  notes: ConversionNotes;
}

/** The refusal of a document the converter could not finish within its time or memory. */
export const DOCUMENT_TOO_COMPLEX = 'This document is too complicated to bring in. Try saving it again as a plain Word document.';

/** The refusal of a document nested deeper than any real one (the story parser would be quadratic on it). */
export const DOCUMENT_TOO_DEEP = 'This document is nested too deeply to bring in. Try saving it as plain text (.txt) and bringing that in.';

/**
 * Turns a document file into story HTML where it cannot hold up other requests (worker threads). Rejects with
 * UNPROCESSABLE and DOCUMENT_TOO_COMPLEX past its budget, or DOCUMENT_TOO_DEEP, or UNAVAILABLE when busy. The caller has checked the file
 * (core/document-import): its kind, and for .docx the zip's sizes and XML.
 */
export interface DocumentConverter {
  readonly name: string;
  convert(source: DocumentSource): Promise<ConvertedDocument>;
  close(): Promise<void>;
}
