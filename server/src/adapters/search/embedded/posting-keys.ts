/**
 * A document's posting keys: `<fc><exact><term>` for every distinct (field class, term) it is indexed under,
 * joined by spaces and stored in its row as `terms`. They are how its postings are found again (likes update,
 * delete), and how a multi-word query checks a candidate's other words without tokenising the document.
 */
import { PREFIX_ROWS } from './index-layout';
import { charType, T_JOIN, tokenize } from './normalize-text';

/** Posting keys of a document: `${fc}${exact}${term}` joined by spaces, in a deterministic order. */
export function buildTerms(fields: Array<[number, string | null]>): string {
  const rows = new Map<string, number>();
  for (const [fc, value] of fields) {
    if (!value) continue;
    for (const tok of tokenize(value, false)) rows.set(`${fc}${tok.norm}`, 1);
  }
  for (const [fc, value] of fields) {
    if (!value) continue;
    for (const tok of tokenize(value, false)) {
      const cps = Array.from(tok.norm);
      let p = '';
      for (let k = 0; k < Math.min(PREFIX_ROWS, cps.length - 1); k++) {
        p += cps[k]!;
        // A query word never ends with `_` or `.` (the tokenizer trims them), but may continue after one:
        // "a_b" must still find "a_bob" while it is typed.
        if (charType(cps[k]!) === T_JOIN) continue;
        const key = `${fc}${p}`;
        if (!rows.has(key)) rows.set(key, 0);
      }
    }
  }
  const out: string[] = [];
  for (const [key, exact] of rows) out.push(`${key[0]}${exact}${key.slice(1)}`);
  return out.join(' ');
}

interface TermRow {
  fc: number;
  exact: number;
  term: string;
}

export function parseTerms(terms: string): TermRow[] {
  if (terms === '') return [];
  return terms.split(' ').map((e) => ({ fc: e.charCodeAt(0) - 48, exact: e.charCodeAt(1) - 48, term: e.slice(2) }));
}

/**
 * Whether the space-separated posting keys contain `entry` as a whole key, or (with `longer`) as the start of
 * a longer key.
 */
export function hasEntry(terms: string, entry: string, longer: boolean): boolean {
  for (let i = terms.indexOf(entry); i >= 0; i = terms.indexOf(entry, i + 1)) {
    if (i > 0 && terms.charCodeAt(i - 1) !== 32) continue;
    const end = i + entry.length;
    const atEnd = end === terms.length || terms.charCodeAt(end) === 32;
    if (longer !== atEnd) return true;
  }
  return false;
}

/** Whether the space-separated posting keys contain a whole token of field class `fc` that is in `tokens`. */
export function hasEntryIn(terms: string, fc: number, tokens: Set<string>): boolean {
  const fcChar = 48 + fc;
  let from = 0;
  while (from < terms.length) {
    let to = terms.indexOf(' ', from);
    if (to < 0) to = terms.length;
    if (terms.charCodeAt(from) === fcChar && terms.charCodeAt(from + 1) === 49 && tokens.has(terms.slice(from + 2, to))) return true;
    from = to + 1;
  }
  return false;
}
