// Literata, the reader's typeface, for the books: the Fontsource files (SIL Open Font License 1.1, which allows
// embedding in documents; docs/decisions/0018-books-and-data-export.md). Latin and Latin Extended, upright and italic.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

export interface BookFont {
  file: string;
  style: 'normal' | 'italic';
  unicodeRange: string;
}

export const BOOK_FONTS: readonly BookFont[] = [
  { file: 'literata-latin-wght-normal.woff2', style: 'normal', unicodeRange: LATIN },
  { file: 'literata-latin-wght-italic.woff2', style: 'italic', unicodeRange: LATIN },
  { file: 'literata-latin-ext-wght-normal.woff2', style: 'normal', unicodeRange: LATIN_EXT },
  { file: 'literata-latin-ext-wght-italic.woff2', style: 'italic', unicodeRange: LATIN_EXT },
];

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource-variable/literata/package.json')), 'files');

/** One of BOOK_FONTS' files, or null for any other name. */
export function readBookFont(file: string): Promise<Buffer> | null {
  if (!BOOK_FONTS.some((f) => f.file === file)) return null;
  return fs.promises.readFile(path.join(fontDir, file));
}

/** @font-face rules for BOOK_FONTS, each found at `${base}${file}`. */
export function fontFaces(base: string): string {
  return BOOK_FONTS.map(
    (f) =>
      `@font-face { font-family: 'Literata'; font-style: ${f.style}; font-weight: 200 900; font-display: swap; ` +
      `src: url('${base}${f.file}') format('woff2'); unicode-range: ${f.unicodeRange}; }`,
  ).join('\n');
}
