// Import a document (issue #27, docs/decisions/0033-import-a-document.md): POST /uploads/document answers a preview,
// tRPC drafts.importDocument puts it into the draft. Messages are one sentence a person can act on.
import { z } from 'zod';
import { storyContentInput, versionCounter } from './stories';

/** The largest document accepted, in bytes. */
export const DOCUMENT_BYTES_MAX = 20 * 1024 * 1024;

/** What the file picker offers (the server decides by the name and checks the content). */
export const DOCUMENT_ACCEPT = '.docx,.md,.markdown,.txt,.html,.htm';

export const DOCUMENT_MESSAGES = {
  signedOut: 'Please sign in again to bring in a document.',
  noFile: 'Choose a document to bring in: Word (.docx), text (.txt), Markdown (.md) or a web page (.html).',
  notMultipart: 'Send the document as multipart/form-data in a field named "file".',
  tooLarge: 'This document is larger than 20 MB. Try saving it without the photos, then add them one by one.',
  unknownKind: 'This kind of file cannot be brought in. Choose a Word (.docx), text (.txt), Markdown (.md) or web page (.html) file.',
  oldWord: 'This is an older Word file (.doc). Open it in Word and choose Save As, "Word Document (.docx)", then try again.',
  notDocx: 'This file is not a Word document, even though its name ends in .docx.',
  encrypted: 'This document is protected with a password. Open it in Word, remove the password, save it, and try again.',
  notText: 'This file does not hold plain text, even though its name says so.',
  tooBig: 'This document holds too much once unpacked to be brought in. Try splitting it into smaller documents.',
  tooManyPictures: 'This document holds more than 200 pictures. Try splitting it into smaller documents.',
  unsafeXml: 'This document holds something Word does not make (an XML declaration of its own), so it was not brought in.',
  empty: 'This document has no text to bring in.',
} as const;

/** What the upload answers: the story HTML as it will be imported, what changed, and its words. */
export const documentPreviewOutput = z.object({
  /** Sanitized story HTML; its pictures are the person's uploads already. */
  html: z.string(),
  /** Short sentences: what was not kept as it was ("3 footnotes were added at the end"). */
  report: z.array(z.string()),
  word_count: z.number().int(),
  photos: z.number().int(),
});
export type DocumentPreview = z.infer<typeof documentPreviewOutput>;

export const importDocumentInput = z.object({
  text: storyContentInput.shape.text,
  /** append: after what the draft holds; replace: instead of it (the old draft is kept in Versions). */
  mode: z.enum(['append', 'replace']),
  /** The draft counter the editor last saw: another tab's save since is a 409, as for autosave. */
  draft_version: versionCounter('draft_version'),
});
export type ImportDocumentInput = z.output<typeof importDocumentInput>;

/** A draft "Replace my draft" kept (Versions lists them under the published versions). */
export const keptDraftOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  word_count: z.number().int(),
  /** ISO time it was replaced. */
  kept_at: z.string(),
});
export const keptDraftListOutput = z.array(keptDraftOutput);
export type KeptDraft = z.infer<typeof keptDraftOutput>;

export const NO_SUCH_KEPT_DRAFT = 'There is no such kept draft.';
export const keptDraftIdInput = z.object({
  id: z.number({ invalid_type_error: NO_SUCH_KEPT_DRAFT }).int(NO_SUCH_KEPT_DRAFT).min(1, NO_SUCH_KEPT_DRAFT),
});
