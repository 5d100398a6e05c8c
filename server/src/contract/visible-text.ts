// Control and invisible characters in the text people give us (names, titles, comments), shared by the zod
// schemas and the client's forms. No imports: the client bundles this file without zod.

/** Line breaks and tabs (and the other C0/C1 spacing controls): a title or a name holds one line. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** C0 and C1 controls and DEL, except tab and line feed: NUL and the like only ever come from scripts or pastes. */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/**
 * Explicit bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). An unclosed override
 * reverses everything after it (a title in the heading and the browser tab); the client isolates each
 * person's text itself (<bdi>). The marks U+200E/U+200F stay: they only nudge neutral characters.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * What draws nothing: whitespace, controls, format characters (zero-width space and joiners, BOM, word
 * joiner, soft hyphen, bidi marks, tags), the other default-ignorable code points (Hangul fillers, variation
 * selectors, the combining grapheme joiner) and the braille blank, all common stand-ins for a blank name.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** One line of text (a title, a name): breaks become one space, controls and bidi controls go, ends trimmed. */
export function cleanLine(s: string): string {
  return s.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').replace(BIDI_CONTROLS, '').trim();
}

/** Text that may hold lines (a comment): CRLF and CR become LF, tabs stay, other controls and bidi controls go. */
export function cleanMultiline(s: string): string {
  return s
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
}

/**
 * Combining marks (nonspacing, spacing and enclosing): they show on a letter before them, and with none they are a
 * stack of accents on nothing (issue #23), so they count only next to something else that shows.
 */
const MARKS = /\p{M}/gu;

/** Whether anything in `s` would show on the screen: something besides invisible characters and combining marks. */
export function hasVisibleText(s: string): boolean {
  return s.replace(INVISIBLE, '').replace(MARKS, '') !== '';
}
