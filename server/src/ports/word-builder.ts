/**
 * A photo the Word document shows: its stored size and kind. Its bytes never cross to the builder: docx is given a
 * short stand-in, and the part comes back named, to be read from the BlobStore when the zip reaches it.
 */
export interface WordPhoto {
  name: string;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

/** The story as core/book/docx.ts prepares it for Word (book-html.ts), and the book's own fields. */
export interface WordBook {
  title: string;
  authorName: string;
  origin: string;
  /** When the story was last saved (ms): the title page's day and the parts' dates. */
  updatedAt: number;
  /** The prepared story's HTML: sanitized, site links absolute, photos named by their file. */
  markup: string;
  /** The ids of the headings that start chapters (a page break before each). */
  chapterIds: string[];
  photos: WordPhoto[];
  /** The fixed words, in the author's language (core/book/book-words.ts): the contents' heading, the title page's note,
   * the document's description ("Title, by Name"). */
  words: { contents: string; fromSite: string; description: string };
}

/** One part of the .docx package: its bytes, or for a photo the file to put there (and no bytes). */
export type WordPart = { name: string; bytes: Uint8Array; photo: null } | { name: string; bytes: null; photo: string };

/** The refusal of a story the builder could not finish within its time or memory. */
export const WORD_TOO_LARGE = 'This story is too long to make into a Word document. Try "Download as a book" instead.';

/**
 * Builds the parts of a .docx where it cannot hold up other requests (worker threads: docx compiles the whole
 * document in one synchronous call, seconds for 200 pages). Rejects with UNPROCESSABLE and WORD_TOO_LARGE past its
 * budget, or UNAVAILABLE when busy. The caller zips the parts (docs/decisions/0034-word-and-readable-copies.md).
 */
export interface WordBuilder {
  readonly name: string;
  build(book: WordBook): Promise<WordPart[]>;
  close(): Promise<void>;
}
