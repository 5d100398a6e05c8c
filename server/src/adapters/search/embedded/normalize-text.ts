/**
 * Text normalisation shared by indexing, querying and highlighting, so that a query word and a document token
 * meet in the same form: NFKD, combining marks dropped, lower case, a few letters without a decomposition
 * folded (ł, ø, ß, æ, Greek final sigma, Arabic alef maqsura, teh marbuta and tatweel...), split on everything
 * but letters and digits. `_` and `.` between letters hold a token together; the whole ("anna_k") and its parts
 * ("anna", "k") are then all tokens. A run of letters holding a script written without spaces between words
 * (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) is split further into words by `Intl.Segmenter` (ICU's
 * dictionaries); other text never reaches it. Tokens can carry offsets into the original value, which
 * highlights need. docs/stories-in-every-language.md.
 */

const FOLD: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  // Greek final sigma: an upper-case word lowers to σ at its end, as a typed query may too.
  ς: 'σ',
  // Arabic spellings that vary by writer and keyboard (as Meilisearch's tokenizer folds them); the tatweel only
  // stretches a word.
  ى: 'ي',
  ة: 'ه',
  ـ: '',
  ٱ: 'ا',
};
const FOLD_RE = /[łđðøħıŀŧßæœþςىةـٱ]/gu;
const MARKS_RE = /\p{M}/gu;
// Marks count as letters: the only ones left after normalisation are those of marksAreLetters' scripts.
const WORD_RE = /^[\p{L}\p{N}\p{M}]$/u;

export const T_SEP = 0;
const T_WORD = 1;
export const T_JOIN = 2;

const normCache = new Map<string, string>();

/**
 * Scripts whose marks are vowels, tone marks or voicing rather than optional accents: dropping them would make
 * different words one token (Thai ปู่ "grandfather" and ป; Japanese で and て; Hindi की and क). Indic scripts,
 * Thai, Lao, Tibetan, Myanmar, Khmer, kana. Their text is only NFKC-normalised.
 */
function marksAreLetters(code: number): boolean {
  return (
    (code >= 0x0900 && code <= 0x109f) ||
    (code >= 0x1780 && code <= 0x17ff) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0xff66 && code <= 0xff9f)
  );
}

/** Normalised form of one code point of the original text (may be empty or several characters). */
export function normCodePoint(cp: string, code: number): string {
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : cp;
  let n = normCache.get(cp);
  if (n === undefined) {
    n = marksAreLetters(code)
      ? cp.normalize('NFKC')
      : cp
          .normalize('NFKD')
          .replace(MARKS_RE, '')
          .toLowerCase()
          .replace(FOLD_RE, (c) => FOLD[c] ?? c)
          .normalize('NFKD')
          .replace(MARKS_RE, '');
    if (normCache.size < 20_000) normCache.set(cp, n);
  }
  return n;
}

export function charType(c: string): number {
  const code = c.charCodeAt(0);
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return T_WORD;
    if (code === 95 || code === 46) return T_JOIN;
    return T_SEP;
  }
  return WORD_RE.test(c) ? T_WORD : T_SEP;
}

/**
 * Whether a code point belongs to a script written without spaces between words: Thai, Lao, Myanmar, Khmer,
 * CJK ideographs, kana (full and half width). Number ranges: this runs for every non-ASCII code point indexed.
 */
export function noSpaceScript(code: number): boolean {
  if (code < 0x0e00) return false;
  if (code <= 0x0eff) return true; // Thai, Lao
  if (code < 0x1000) return false;
  if (code <= 0x109f) return true; // Myanmar
  if (code >= 0x1780 && code <= 0x17ff) return true; // Khmer
  if (code < 0x2e80) return false;
  if (code <= 0x2fdf) return true; // CJK radicals
  if (code >= 0x3005 && code <= 0x3007) return true; // 々 〆 〇
  if (code >= 0x3040 && code <= 0x30ff) return true; // hiragana, katakana
  if (code >= 0x31f0 && code <= 0x31ff) return true; // katakana extensions
  if (code >= 0x3400 && code <= 0x4dbf) return true; // CJK extension A
  if (code >= 0x4e00 && code <= 0x9fff) return true; // CJK unified ideographs
  if (code >= 0xf900 && code <= 0xfaff) return true; // CJK compatibility ideographs
  if (code >= 0xff66 && code <= 0xff9f) return true; // half-width katakana
  return code >= 0x20000 && code <= 0x3134f; // CJK extensions B-G
}

/**
 * One segmenter for the process (making one costs far more than using it). The root locale, not the machine's:
 * the index and every query must split a text the same way wherever the server runs.
 */
let segmenter: Intl.Segmenter | undefined;
function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  return segmenter;
}

export interface Token {
  /** Normalised text. */
  norm: string;
  /** Offset of the token in the original value (UTF-16 code units). */
  start: number;
  /** ends[i]: original offset just after the source of normalised code unit i (only with offsets). */
  ends: number[];
  /** A part of a compound token ("anna" of "anna_k"). */
  part: boolean;
}

interface SegChar {
  c: string;
  t: number;
  s: number;
  e: number;
}

/** Splits a value into tokens: compounds joined by `_`/`.` give the whole and each part. */
export function tokenize(value: string, offsets: boolean): Token[] {
  const out: Token[] = [];
  let seg: SegChar[] = [];
  // Whether the current run holds a letter of a script written without spaces (then Intl.Segmenter splits it).
  let segNoSpace = false;
  const emit = (chars: SegChar[], part: boolean): void => {
    let norm = '';
    const ends: number[] = [];
    for (const ch of chars) {
      norm += ch.c;
      if (offsets) for (let k = 0; k < ch.c.length; k++) ends.push(ch.e);
    }
    out.push({ norm, start: chars[0]!.s, ends, part });
  };
  const emitRun = (run: SegChar[]): void => {
    let a = 0;
    let b = run.length;
    while (a < b && run[a]!.t === T_JOIN) a++;
    while (b > a && run[b - 1]!.t === T_JOIN) b--;
    if (a < b) {
      const chars = run.slice(a, b);
      const parts: SegChar[][] = [];
      let cur: SegChar[] = [];
      for (const ch of chars) {
        if (ch.t === T_JOIN) {
          if (cur.length) parts.push(cur);
          cur = [];
        } else cur.push(ch);
      }
      if (cur.length) parts.push(cur);
      emit(chars, false);
      if (parts.length > 1) for (const p of parts) emit(p, true);
    }
  };
  const flush = (): void => {
    if (seg.length === 0) return;
    if (segNoSpace) {
      // The words of the run as ICU's word segmenter finds them in the original text; each normalised character
      // goes with the word its source starts in, so offsets stay those of the original.
      const from = seg[0]!.s;
      let k = 0;
      for (const word of wordSegmenter().segment(value.slice(from, seg[seg.length - 1]!.e))) {
        const end = from + word.index + word.segment.length;
        const run: SegChar[] = [];
        while (k < seg.length && seg[k]!.s < end) run.push(seg[k++]!);
        if (run.length) emitRun(run);
      }
      if (k < seg.length) emitRun(seg.slice(k));
    } else emitRun(seg);
    seg = [];
    segNoSpace = false;
  };
  for (let i = 0; i < value.length; ) {
    const code = value.codePointAt(i)!;
    const len = code > 0xffff ? 2 : 1;
    const cp = len === 1 ? value[i]! : value.slice(i, i + 2);
    const n = normCodePoint(cp, code);
    for (const c of n) {
      const t = charType(c);
      if (t === T_SEP) flush();
      else {
        seg.push({ c, t, s: i, e: i + len });
        if (code >= 0x0e00 && !segNoSpace) segNoSpace = noSpaceScript(code);
      }
    }
    i += len;
  }
  flush();
  return out;
}

export function firstCodePoint(s: string): string {
  const code = s.codePointAt(0)!;
  return code > 0xffff ? s.slice(0, 2) : s.slice(0, 1);
}

export function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Smallest string greater than every string that starts with `s`. */
export function prefixUpperBound(s: string): string {
  const cps = Array.from(s);
  const last = cps.pop()!;
  return cps.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}
