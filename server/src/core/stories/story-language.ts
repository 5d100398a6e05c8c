/**
 * The language a story is written in, detected from its text (docs/decisions/0043-a-storys-language-is-detected.md):
 * a BCP 47 tag for a book's `dc:language`, `xml:lang` and `<html lang>`, the two-letter code where one exists
 * ("ar", "he", "zh"), else the ISO 639-3 code (also a valid BCP 47 language), `und` when the text is too short or
 * unlike any language franc knows.
 */
import { franc } from 'franc';
import { iso6393To1 } from 'iso-639-3';
import { htmlToText } from './html-text';

/**
 * franc names the individual language where ISO 639-1 only has its macrolanguage (Standard Arabic `arb`, not
 * `ara`): these are the ones it can answer whose two-letter code readers and reading apps know.
 */
const MACROLANGUAGE_MEMBERS: Record<string, string> = {
  arb: 'ar',
  cmn: 'zh',
  pes: 'fa',
  prs: 'fa',
  zsm: 'ms',
  uzn: 'uz',
  swh: 'sw',
  azj: 'az',
  ekk: 'et',
  lvs: 'lv',
  npi: 'ne',
  ory: 'or',
  khk: 'mn',
  gaz: 'om',
  plt: 'mg',
  ydd: 'yi',
  quy: 'qu',
  knc: 'kr',
  als: 'sq',
};

/** Languages written right to left (two-letter or ISO 639-3 codes as storyLanguage answers them). */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb', 'pnb', 'skr', 'bal', 'glk', 'mzn']);

/** Characters of the body's start looked at: enough for a sure answer, and the cost stays small for any story. */
const SAMPLE = 4000;
/** Below this many characters of text the answer is `und`: a few words are not enough to tell languages apart. */
const MIN_LENGTH = 40;

/** The story's language as a BCP 47 tag, or `und` (see the module comment). */
export function storyLanguage(title: string, bodyHtml: string): string {
  // The body's start only, cut anywhere: the parser closes what the cut leaves open, and only the text counts.
  const text = `${title}.\n${htmlToText(bodyHtml.slice(0, SAMPLE * 4))}`.slice(0, SAMPLE);
  const code = franc(text, { minLength: MIN_LENGTH });
  if (code === 'und') return 'und';
  return MACROLANGUAGE_MEMBERS[code] ?? iso6393To1[code] ?? code;
}

/** The direction a book in this language starts in: its blocks still take their own (text-direction.ts). */
export function languageDirection(language: string): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}
