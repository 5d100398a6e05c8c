// How a revision's text is cut into pieces that are stored once per author and shared between revisions
// (story_revision_chunks, migration 014; docs/decisions/0012-drafts-revisions-and-versions.md). The cuts depend
// only on the text around them (content-defined chunking with a gear hash), so an edit changes the one or two
// pieces it touches and every other piece is found already stored. Pure, so that a migration may use it.
import { createHash } from 'node:crypto';

/** A cut is wanted once a piece is this long... */
const MIN_CHARS = 4 * 1024;
/**
 * ...and the rolling hash's top 13 bits are zero (one position in 8 Ki), so pieces average ~12 K characters. The top
 * bits, because they depend on the last 32 characters; the low ones only on the last few.
 */
const MASK = ~((1 << 19) - 1);
/** ...or once a piece is this long. */
const MAX_CHARS = 64 * 1024;

/** 256 fixed pseudo-random 32-bit numbers (xorshift32 from a fixed seed): the gear hash's table. */
const GEAR = (() => {
  const table = new Int32Array(256);
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < 256; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    table[i] = x;
  }
  return table;
})();

/**
 * Cuts `text` into pieces whose concatenation is `text`. A piece ends only just after a `>`: never inside a tag,
 * so an upload's name (`/media/<name>` in an attribute) is always whole inside one piece (the image purge looks
 * for it there: core/uploads/owned-upload.ts), and never between the halves of a surrogate pair.
 */
export function chunkText(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let hash = 0;
  let wanted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    hash = ((hash << 1) + GEAR[code & 255]!) | 0;
    const length = i + 1 - start;
    if (!wanted && length >= MIN_CHARS && ((hash & MASK) === 0 || length >= MAX_CHARS)) wanted = true;
    if (wanted && code === 62 /* > */) {
      pieces.push(text.slice(start, i + 1));
      start = i + 1;
      hash = 0;
      wanted = false;
    }
  }
  if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
  return pieces;
}

/** A piece's key among its author's pieces: SHA-256, base64url (43 characters). */
export function chunkHash(piece: string): string {
  return createHash('sha256').update(piece, 'utf8').digest('base64url');
}
