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
  constructor(
    private readonly getVersion: () => number,
    private readonly loadHead: (head: string) => string[],
  ) {}

  *candidates(head: string, minLen: number, maxLen: number): Iterable<string> {
    const v = this.getVersion();
    if (v !== this.version) {
      this.heads.clear();
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
    for (let len = minLen; len <= maxLen; len++) {
      const set = byLen.get(len);
      if (set) yield* set;
    }
  }

  /** After a committed write that moved the version from `newVersion - 1` to `newVersion`. */
  applied(newVersion: number, present: string[], absent: string[]): void {
    if (this.version !== newVersion - 1) {
      this.heads.clear();
      this.version = -1;
      return;
    }
    this.version = newVersion;
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
