/**
 * Typo candidates: the optimal string alignment distance, bounded so that a hopeless candidate is dropped
 * after a few rows, and the cache of whole tokens by first letter and length that candidates are drawn from.
 * A typo never changes the first letter, so one first letter's tokens (held in memory) are all that a word
 * ever has to be compared with.
 */
import { firstCodePoint } from './normalize-text';

let dpRows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Damerau: adjacent transpositions count 1), or max + 1 as soon as it
 * exceeds max. Only the diagonal band |i - j| <= max is computed.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  const over = max + 1;
  if (Math.abs(la - lb) > max) return over;
  if (a === b) return 0;
  if (dpRows[0].length < lb + 2) dpRows = [new Int32Array(lb + 2), new Int32Array(lb + 2), new Int32Array(lb + 2)];
  let [p2, p, c] = dpRows;
  for (let j = 0; j <= lb; j++) p[j] = j;
  for (let i = 1; i <= la; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(lb, i + max);
    c[lo - 1] = lo === 1 ? i : over;
    let rowMin = c[lo - 1]!;
    const ca = a.charCodeAt(i - 1);
    const ca1 = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = p[j - 1]! + (ca === cb ? 0 : 1);
      const del = p[j]! + 1;
      if (del < v) v = del;
      const ins = c[j - 1]! + 1;
      if (ins < v) v = ins;
      if (j > 1 && ca1 === cb && ca === b.charCodeAt(j - 2)) {
        const tr = p2[j - 2]! + 1;
        if (tr < v) v = tr;
      }
      c[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi + 1 <= lb) c[hi + 1] = over;
    if (rowMin > max) return over;
    const t = p2;
    p2 = p;
    p = c;
    c = t;
  }
  const d = p[lb]!;
  return d > max ? over : d;
}

/**
 * The whole tokens of the vocabulary by first letter and length, loaded per first letter on demand, for typo
 * candidates. search_meta('vocab') counts vocabulary changes: this connection's own changes are applied to the
 * cache, anybody else's (another process writing the same file) drop it.
 */
export class VocabularyCache {
  private version = -1;
  private readonly heads = new Map<string, Map<number, Set<string>>>();
  /** The tokens of a first letter in code unit order, built on demand from `heads` (prefix typos). */
  private readonly sorted = new Map<string, string[]>();
  constructor(
    private readonly getVersion: () => number,
    private readonly loadHead: (head: string) => string[],
  ) {}

  *candidates(head: string, minLen: number, maxLen: number): Iterable<string> {
    const byLen = this.byLength(head);
    for (let len = minLen; len <= maxLen; len++) {
      const set = byLen.get(len);
      if (set) yield* set;
    }
  }

  /** Every token with this first letter, sorted (in code unit order). */
  sortedOfHead(head: string): string[] {
    const byLen = this.byLength(head);
    let list = this.sorted.get(head);
    if (!list) {
      list = [];
      for (const set of byLen.values()) for (const term of set) list.push(term);
      list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.sorted.set(head, list);
    }
    return list;
  }

  private byLength(head: string): Map<number, Set<string>> {
    const v = this.getVersion();
    if (v !== this.version) {
      this.heads.clear();
      this.sorted.clear();
      this.version = v;
    }
    let byLen = this.heads.get(head);
    if (!byLen) {
      byLen = new Map();
      for (const term of this.loadHead(head)) {
        addTo(byLen, term);
      }
      this.heads.set(head, byLen);
    }
    return byLen;
  }

  /** After a committed write that moved the version from `newVersion - 1` to `newVersion`. */
  applied(newVersion: number, present: string[], absent: string[]): void {
    if (this.version !== newVersion - 1) {
      this.sorted.clear();
      this.heads.clear();
      this.version = -1;
      return;
    }
    this.version = newVersion;
    for (const term of [...present, ...absent]) this.sorted.delete(firstCodePoint(term));
    for (const term of present) {
      const byLen = this.heads.get(firstCodePoint(term));
      if (!byLen) continue;
      addTo(byLen, term);
    }
    for (const term of absent) this.heads.get(firstCodePoint(term))?.get(term.length)?.delete(term);
  }
}

/** Files a term under its length. */
function addTo(byLen: Map<number, Set<string>>, term: string): void {
  const set = byLen.get(term.length);
  if (set) set.add(term);
  else byLen.set(term.length, new Set([term]));
}

/**
 * How `b` (an indexed token) matches `a` (a query word being typed) under the prefix rule: the optimal string
 * alignment distance of `a` to the whole of `b`, and the smallest distance of `a` to a proper prefix of `b`
 * (with that prefix's length), each max + 1 when over `max`. This is what a Levenshtein prefix automaton
 * accepts (docs/decisions/0011-search-ranking-and-paging.md): only prefixes of up to |a| + max code units
 * can be within `max`, so only those columns are computed.
 */
let pdBuf = new Int32Array(256);

export function prefixDistances(a: string, b: string, max: number): { whole: number; prefix: number; prefixLen: number } {
  const la = a.length;
  const lb = b.length;
  const over = max + 1;
  const cols = Math.min(lb, la + max);
  const w = cols + 1;
  if (pdBuf.length < (la + 1) * w) pdBuf = new Int32Array((la + 1) * w * 2);
  const d = pdBuf;
  for (let j = 0; j <= cols; j++) d[j] = j;
  for (let i = 1; i <= la; i++) {
    const row = i * w;
    d[row] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= cols; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = d[row - w + j - 1]! + (ca === cb ? 0 : 1);
      const del = d[row - w + j]! + 1;
      if (del < v) v = del;
      const ins = d[row + j - 1]! + 1;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const tr = d[row - 2 * w + j - 2]! + 1;
        if (tr < v) v = tr;
      }
      d[row + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return { whole: over, prefix: over, prefixLen: 0 };
  }
  const last = la * w;
  const whole = lb <= cols && d[last + lb]! <= max ? d[last + lb]! : over;
  let prefix = over;
  let prefixLen = 0;
  for (let j = 1; j <= Math.min(cols, lb - 1); j++) {
    const v = d[last + j]!;
    // The longest of equally close prefixes: the highlight then covers what was typed.
    if (v <= prefix && v <= max) {
      prefix = v;
      prefixLen = j;
    }
  }
  return { whole, prefix, prefixLen };
}

/**
 * The match code (typos * 2 + prefix, as query-words.ts matchCode) of a token for a word, or -1: for a word
 * being typed the best of a whole-token and a proper-prefix match within the word's typos, else a whole token.
 */
export function typoCode(w: string, prefixMode: boolean, maxTypos: number, term: string): number {
  if (!prefixMode) {
    const d = boundedDistance(w, term, maxTypos);
    return d <= maxTypos ? d * 2 : -1;
  }
  const { whole, prefix } = prefixDistances(w, term, maxTypos);
  const code = Math.min(whole * 2, prefix * 2 + 1);
  return code <= maxTypos * 2 + 1 ? code : -1;
}

/** What typo candidates are drawn for: a query word (see query-words.ts QueryWord). */
export interface TypoWord {
  w: string;
  head: string;
  prefix: boolean;
  maxTypos: number;
}

/**
 * Every token of the vocabulary that matches `word` with at least one typo, with its match code (see
 * typoCode). Tokens matched exactly or as a plain prefix belong to other classes and are left out.
 *
 * A Levenshtein automaton run over the sorted tokens of the word's first letter, as over a trie: one row of
 * the optimal string alignment table per character of a token, kept while the next token shares that stretch
 * (only the rows past the common prefix are computed), and every token under a stretch whose row is already
 * over the word's typos skipped in one binary search (no longer token can come back within them). Rows stop at
 * |w| + typos characters: further characters cannot bring a prefix within the typos.
 */
export function typoCandidates(vocabulary: VocabularyCache, word: TypoWord): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const { w, maxTypos: max, prefix } = word;
  if (max === 0) return out;
  const la = w.length;
  const reach = la + max;
  const terms = vocabulary.sortedOfHead(word.head);
  const width = la + 1;
  // rows[d * width + i]: distance of w[0..i) to the first d characters of the current token.
  const rows = new Int32Array((reach + 1) * width);
  for (let i = 0; i <= la; i++) rows[i] = i;
  // best[d]: the smallest distance of w to a prefix of 1..d characters of the current token.
  const best = new Int32Array(reach + 1);
  best[0] = max + 1;
  const over = max + 1;
  let prev = '';
  let k = 0;
  while (k < terms.length) {
    const term = terms[k]!;
    const len = term.length;
    if ((!prefix && (len > reach || len < la - max)) || (prefix && len < la - max)) {
      k++;
      continue;
    }
    let lcp = 0;
    const lim = Math.min(prev.length, len, reach);
    while (lcp < lim && prev.charCodeAt(lcp) === term.charCodeAt(lcp)) lcp++;
    prev = term;
    const depth = Math.min(len, reach);
    let dead = -1;
    for (let d = lcp + 1; d <= depth; d++) {
      const row = d * width;
      const up = row - width;
      const c = term.charCodeAt(d - 1);
      rows[row] = d;
      let rowMin = d;
      for (let i = 1; i <= la; i++) {
        const ca = w.charCodeAt(i - 1);
        let v = rows[up + i - 1]! + (ca === c ? 0 : 1);
        const del = rows[up + i]! + 1;
        if (del < v) v = del;
        const ins = rows[row + i - 1]! + 1;
        if (ins < v) v = ins;
        if (i > 1 && d > 1 && ca === term.charCodeAt(d - 2) && w.charCodeAt(i - 2) === c) {
          const tr = rows[up - width + i - 2]! + 1;
          if (tr < v) v = tr;
        }
        rows[row + i] = v;
        if (v < rowMin) rowMin = v;
      }
      best[d] = Math.min(best[d - 1]!, rows[row + la]!);
      if (rowMin > max) {
        dead = d;
        break;
      }
    }
    if (dead >= 0) {
      // No token that starts with these `dead` characters is within the typos past them: they all match
      // through a shorter prefix, or not at all. Decide them together and skip past them.
      const end = firstAfterPrefix(terms, term.slice(0, dead), k + 1);
      const p = best[dead - 1]!;
      if (prefix && p <= max) {
        for (let j = k; j < end; j++) {
          const t = terms[j]!;
          if (t.length >= la - max && !(t.length > la && t.startsWith(w))) out.push([t, p * 2 + 1]);
        }
      }
      k = end;
      prev = '';
      continue;
    }
    k++;
    if (term === w || (prefix && len > la && term.startsWith(w))) continue;
    let code = over * 2;
    if (len <= reach && rows[len * width + la]! <= max) code = rows[len * width + la]! * 2;
    if (prefix) {
      // Proper prefixes only: up to len - 1 characters.
      const p = len - 1 <= reach ? best[len - 1]! : best[reach]!;
      if (len > 1 && p <= max && p * 2 + 1 < code) code = p * 2 + 1;
    }
    if (code > 1 && code <= max * 2 + 1) out.push([term, code]);
  }
  return out;
}

/** Index of the first of the sorted `terms` at or after `from` that does not start with `prefix`. */
function firstAfterPrefix(terms: string[], prefix: string, from: number): number {
  let lo = from;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]!.startsWith(prefix)) lo = mid + 1;
    else if (terms[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
