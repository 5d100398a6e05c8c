// What an uploaded document is: its name says which converter, its first bytes must agree (a renamed program, an
// encrypted Word file or an old .doc is refused with a sentence), and text is decoded here (docs/decisions/0033-import-a-document.md).
import fs from 'node:fs';
import { DOCUMENT_MESSAGES } from '../../contract/document-import';
import { AppError } from '../../contract/errors';
import type { DocumentKind } from '../../ports/document-converter';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The OLE compound file of old .doc files, and of every password-protected .docx (Word encrypts into one). */
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function kindFromName(fileName: string): DocumentKind {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (ext === 'docx') return 'docx';
  if (ext === 'md' || ext === 'markdown') return 'md';
  if (ext === 'txt' || ext === 'text') return 'txt';
  if (ext === 'html' || ext === 'htm') return 'html';
  if (ext === 'doc') throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.oldWord);
  throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.unknownKind);
}

async function firstBytes(path: string, n: number): Promise<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buffer, 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A .docx must be a zip; a compound file in its place is a password-protected one. */
export async function checkDocxHeader(path: string): Promise<void> {
  const head = await firstBytes(path, 8);
  if (head.equals(COMPOUND_FILE)) throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.encrypted);
  if (!head.subarray(0, 4).equals(ZIP)) throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.notDocx);
}

/**
 * The text of a .txt, .md or .html file: UTF-8 (with or without its mark), UTF-16 with its mark (Notepad's
 * "Unicode"), else Windows-1252 (older Windows editors). A NUL byte or a control character text never holds means
 * it is not text at all (a renamed program or picture).
 */
export async function readText(path: string): Promise<string> {
  const bytes = await fs.promises.readFile(path);
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    if (bytes.includes(0)) throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.notText);
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  // C0 controls but tab, line breaks, vertical tab and form feed: what a binary file holds and text never does.
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new AppError('UNSUPPORTED_MEDIA', DOCUMENT_MESSAGES.notText);
  if (text.trim() === '') throw new AppError('UNPROCESSABLE', DOCUMENT_MESSAGES.empty);
  return text;
}
