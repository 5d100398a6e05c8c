/**
 * Highlights, computed for the final hits only (a search reads far more rows than it returns): the original
 * values are tokenised again with offsets and every word's best matches (fewest typos) are marked, as UTF-16
 * offsets into the original value, which is what the client slices. A mark within another of the same field
 * is dropped.
 */
import type { Match, MatchField } from '../../../ports/search-index';
import { KIND_STORY } from './index-layout';
import { type Token, tokenize } from './normalize-text';
import { matchCode, prefixMatchLength, type QueryWord } from './query-words';
import type { Statements } from './schema';

const FIELD_ORDER: Record<MatchField, number> = { title: 0, username: 1, firstName: 2, lastName: 3 };

/** Matches of a document's original values, or null when it does not match every word. */
function highlight(words: QueryWord[], fields: Array<[MatchField, string | null]>): Match[] | null {
  const toks: Array<[MatchField, Token]> = [];
  for (const [field, value] of fields) {
    if (value) for (const tok of tokenize(value, true)) toks.push([field, tok]);
  }
  const out: Match[] = [];
  for (const word of words) {
    let bestTypos = Infinity;
    const codes = toks.map(([, tok]) => {
      const c = matchCode(word, tok.norm);
      if (c >= 0) bestTypos = Math.min(bestTypos, c >> 1);
      return c;
    });
    if (bestTypos === Infinity) return null;
    codes.forEach((c, i) => {
      if (c < 0 || c >> 1 !== bestTypos) return;
      const [field, tok] = toks[i]!;
      // A prefix match (odd code) marks the part of the token that was typed.
      const end = c & 1 ? tok.ends[prefixMatchLength(word, tok.norm, c) - 1]! : tok.ends[tok.ends.length - 1]!;
      out.push({ field, start: tok.start, length: end - tok.start });
    });
  }
  return out;
}

function normaliseMatches(ms: Match[]): Match[] {
  ms.sort((a, b) => FIELD_ORDER[a.field] - FIELD_ORDER[b.field] || a.start - b.start || b.length - a.length);
  const out: Match[] = [];
  for (const m of ms) {
    const prev = out[out.length - 1];
    if (prev && prev.field === m.field && m.start + m.length <= prev.start + prev.length) continue;
    out.push(m);
  }
  return out;
}

function fieldsOf(st: Statements, kind: number, id: number): Array<[MatchField, string | null]> | undefined {
  if (kind === KIND_STORY) {
    const r = st.storyFields.get(id) as { title: string; username: string } | undefined;
    return (
      r && [
        ['title', r.title],
        ['username', r.username],
      ]
    );
  }
  const r = st.userFields.get(id) as { username: string; first_name: string | null; last_name: string | null } | undefined;
  return (
    r && [
      ['username', r.username],
      ['firstName', r.first_name],
      ['lastName', r.last_name],
    ]
  );
}

/** The highlights of one hit: every word's matches in the documents of `kinds` with this id. */
export function matchesOf(st: Statements, words: QueryWord[], kinds: number[], id: number): Match[] {
  const all: Match[] = [];
  for (const kind of kinds) {
    const fields = fieldsOf(st, kind, id);
    if (!fields) continue;
    const ms = highlight(words, fields);
    if (ms) all.push(...ms);
  }
  return normaliseMatches(all);
}
