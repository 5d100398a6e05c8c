/**
 * Text normalisation shared by indexing, querying and highlighting, so that a query word and a document token
 * meet in the same form: NFKD, combining marks dropped, lower case, a few letters without a decomposition
 * folded (ł, ø, ß, æ...), split on everything but letters and digits. `_` and `.` between letters hold a
 * token together; the whole ("anna_k") and its parts ("anna", "k") are then all tokens. Tokens can carry
 * offsets into the original value, which highlights need.
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
};
const FOLD_RE = /[łđðøħıŀŧßæœþ]/gu;
const MARKS_RE = /\p{M}/gu;
const WORD_RE = /^[\p{L}\p{N}]$/u;

export const T_SEP = 0;
const T_WORD = 1;
export const T_JOIN = 2;

const normCache = new Map<string, string>();

/** Normalised form of one code point of the original text (may be empty or several characters). */
export function normCodePoint(cp: string, code: number): string {
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : cp;
  let n = normCache.get(cp);
  if (n === undefined) {
    n = cp
      .normalize('NFKD')
      .replace(MARKS_RE, '')
      .toLowerCase()
      .replace(FOLD_RE, (c) => FOLD[c] ?? c);
    n = n.normalize('NFKD').replace(MARKS_RE, '');
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
  const emit = (chars: SegChar[], part: boolean): void => {
    let norm = '';
    const ends: number[] = [];
    for (const ch of chars) {
      norm += ch.c;
      if (offsets) for (let k = 0; k < ch.c.length; k++) ends.push(ch.e);
    }
    out.push({ norm, start: chars[0]!.s, ends, part });
  };
  const flush = (): void => {
    if (seg.length === 0) return;
    let a = 0;
    let b = seg.length;
    while (a < b && seg[a]!.t === T_JOIN) a++;
    while (b > a && seg[b - 1]!.t === T_JOIN) b--;
    if (a < b) {
      const chars = seg.slice(a, b);
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
    seg = [];
  };
  for (let i = 0; i < value.length; ) {
    const code = value.codePointAt(i)!;
    const len = code > 0xffff ? 2 : 1;
    const cp = len === 1 ? value[i]! : value.slice(i, i + 2);
    const n = normCodePoint(cp, code);
    for (const c of n) {
      const t = charType(c);
      if (t === T_SEP) flush();
      else seg.push({ c, t, s: i, e: i + len });
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
