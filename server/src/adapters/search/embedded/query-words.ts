/**
 * Query words and what they match. Every word but the last must equal a token or be within 1 typo (5-8
 * letters) / 2 typos (9+ letters) of one; the last may also be a proper prefix, or within those typos of a
 * proper prefix (a Levenshtein prefix automaton, as Meilisearch: "harvst" finds "harvests"), unless the text
 * ends with a separator such as a space (then the word is complete). matchCode is the one definition of a match, shared
 * by the membership checks and the highlights so that they cannot disagree with the postings read. A word's
 * relevance classes split its matches by (typos, prefix, field class): a combination of one class per word
 * has a single relevance, so it can be read in ranking order straight from the postings.
 */
import { FC_MAIN, FC_NAME, PREFIX_ROWS } from './index-layout';
import { charType, cpLength, firstCodePoint, normCodePoint, T_SEP, tokenize } from './normalize-text';
import { hasEntry } from './posting-keys';
import { prefixDistances, typoCode } from './typo-candidates';

const MAX_WORDS = 10;

function maxTyposFor(word: string): number {
  const n = cpLength(word);
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

export interface QueryWord {
  w: string;
  head: string;
  last: boolean;
  prefix: boolean;
  maxTypos: number;
}

export function parseQuery(text: string): QueryWord[] {
  const toks = tokenize(text, false).filter((t) => !t.part);
  if (toks.length === 0) return [];
  const words = toks.slice(0, MAX_WORDS);
  // The last word is a prefix unless the text ends with a separator (the user finished the word).
  let prefixMode = words.length === toks.length;
  if (prefixMode) {
    const lastCp = Array.from(text).pop() ?? ' ';
    const n = normCodePoint(lastCp, lastCp.codePointAt(0)!);
    const lastChar = Array.from(n).pop();
    prefixMode = lastChar !== undefined && charType(lastChar) !== T_SEP;
  }
  return words.map((t, i) => ({
    w: t.norm,
    head: firstCodePoint(t.norm),
    last: i === words.length - 1,
    prefix: i === words.length - 1 && prefixMode,
    maxTypos: maxTyposFor(t.norm),
  }));
}

/**
 * How `term` matches `word`: -1 none, else typos * 2 + (prefix ? 1 : 0), the best of the ways it matches
 * (fewest typos, then a whole token before a prefix).
 */
export function matchCode(word: QueryWord, term: string): number {
  if (term === word.w) return 0;
  if (word.prefix && term.length > word.w.length && term.startsWith(word.w)) return 1;
  if (word.maxTypos > 0 && term.startsWith(word.head)) return typoCode(word.w, word.prefix, word.maxTypos, term);
  return -1;
}

/** How many code units of `term` a prefix match (odd code) covers: the word itself, or its closest prefix. */
export function prefixMatchLength(word: QueryWord, term: string, code: number): number {
  if (code === 1) return word.w.length;
  return prefixDistances(word.w, term, word.maxTypos).prefixLen;
}

/**
 * E: the word is a whole token; P: a proper prefix of one; EP: either (a last word of 1-2 letters is nearly always
 * unfinished, so a whole-token match there ranks like a prefix match); T: a whole token with `typos` typos;
 * TP: a proper prefix of a token with `typos` typos (the word being typed only).
 */
type ClassType = 'E' | 'EP' | 'P' | 'T' | 'TP';
export interface WordClass {
  type: ClassType;
  typos: number;
  prefix: number;
  fc: number;
}

/** Longest last word whose whole-token and prefix matches form one class. */
const SHORT_LAST = 2;

export function classesFor(word: QueryWord): WordClass[] {
  if (word.prefix && cpLength(word.w) <= Math.min(SHORT_LAST, PREFIX_ROWS)) {
    return [
      { type: 'EP', typos: 0, prefix: 0, fc: FC_MAIN },
      { type: 'EP', typos: 0, prefix: 0, fc: FC_NAME },
    ];
  }
  const out: WordClass[] = [
    { type: 'E', typos: 0, prefix: 0, fc: FC_MAIN },
    { type: 'E', typos: 0, prefix: 0, fc: FC_NAME },
  ];
  if (word.prefix) {
    out.push({ type: 'P', typos: 0, prefix: 1, fc: FC_MAIN }, { type: 'P', typos: 0, prefix: 1, fc: FC_NAME });
  }
  for (let k = 1; k <= word.maxTypos; k++) {
    out.push({ type: 'T', typos: k, prefix: 0, fc: FC_MAIN }, { type: 'T', typos: k, prefix: 0, fc: FC_NAME });
    if (word.prefix) out.push({ type: 'TP', typos: k, prefix: 1, fc: FC_MAIN }, { type: 'TP', typos: k, prefix: 1, fc: FC_NAME });
  }
  return out;
}

/** Whether a match code (see matchCode) belongs to a class. */
export function inClass(cls: WordClass, code: number): boolean {
  switch (cls.type) {
    case 'E':
      return code === 0;
    case 'EP':
      return code === 0 || code === 1;
    case 'P':
      return code === 1;
    case 'T':
    case 'TP':
      return code === cls.typos * 2 + cls.prefix;
  }
}

/** Whether a prefix is short enough to have postings of its own (exact = 0), rather than a range of tokens. */
export function isShort(word: QueryWord): boolean {
  return cpLength(word.w) <= PREFIX_ROWS;
}

/** Whether a document, by its posting keys (`terms`), matches `word` in class `cls`. */
export function termsInClass(terms: string, word: QueryWord, cls: WordClass): boolean {
  const f = String(cls.fc);
  switch (cls.type) {
    case 'E':
      return hasEntry(terms, `${f}1${word.w}`, false);
    case 'EP':
      return hasEntry(terms, `${f}1${word.w}`, false) || hasEntry(terms, `${f}0${word.w}`, false);
    case 'P':
      return isShort(word) ? hasEntry(terms, `${f}0${word.w}`, false) : hasEntry(terms, `${f}1${word.w}`, true);
    case 'T':
    case 'TP': {
      const fcChar = 48 + cls.fc;
      let from = 0;
      while (from < terms.length) {
        let to = terms.indexOf(' ', from);
        if (to < 0) to = terms.length;
        if (terms.charCodeAt(from) === fcChar && terms.charCodeAt(from + 1) === 49) {
          if (inClass(cls, matchCode(word, terms.slice(from + 2, to)))) return true;
        }
        from = to + 1;
      }
      return false;
    }
  }
}
