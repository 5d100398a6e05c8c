/**
 * One search: the combinations of one class per word are visited best-first by summed relevance, each read
 * from its smallest class (the driver) in ranking order while the other words are checked per row. The
 * top-N collector ends a combination as soon as its worst entry ranks above the row being read, and the whole
 * search once the next combination has lower relevance than that entry: a query reads only what can still
 * enter the result.
 */
import { ClassPostings, type ReadTuning } from './class-postings';
import { KIND_STORY } from './index-layout';
import { type QueryWord, termsInClass } from './query-words';
import type { Row } from './row-streams';
import type { QueryStatements } from './schema';
import { cmpKey, Collector, type Entry, type Key } from './top-collector';
import type { VocabularyCache } from './typo-candidates';

/** Safety valve on the number of class combinations read for one query. */
const MAX_COMBOS = 400;

/** A combination of one class per word (an index into each word's classes) and its summed relevance. */
interface Combo {
  idx: number[];
  /** Summed (typos, prefix, name field) of its classes. */
  r: [number, number, number];
  /** Queueing order, the tie-break between combinations of equal relevance. */
  order: number;
}

/** Binary min-heap of combinations by relevance, then queueing order. */
class ComboQueue {
  private readonly heap: Combo[] = [];
  private order = 0;

  push(idx: number[], r: [number, number, number]): void {
    const heap = this.heap;
    heap.push({ idx, r, order: this.order++ });
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmpCombo(heap[p]!, heap[i]!) <= 0) break;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  }

  pop(): Combo | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && cmpCombo(heap[l]!, heap[m]!) < 0) m = l;
        if (r < heap.length && cmpCombo(heap[r]!, heap[m]!) < 0) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  }
}

function cmpCombo(a: Combo, b: Combo): number {
  return a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || a.order - b.order;
}

export class QueryRun {
  private readonly postings: ClassPostings;
  private readonly sets = new Map<string, Set<number>>();
  private readonly checks = new Map<string, number>();
  private readonly docTerms = new Map<number, string | null>();
  readonly collector: Collector;

  /** `limit`: how many of the best hits to collect (a page further down collects the pages above it too). */
  constructor(
    private readonly st: QueryStatements,
    vocabulary: VocabularyCache,
    private readonly words: QueryWord[],
    kinds: number[],
    limit: number,
    tuning: ReadTuning,
  ) {
    this.postings = new ClassPostings(st, vocabulary, words, kinds, limit, tuning);
    this.collector = new Collector(limit);
  }

  run(): Entry[] {
    const n = this.words.length;
    if (n > 1) {
      this.postings.dropEmpty();
      if (this.postings.classes.some((cs) => cs.length === 0)) return [];
    }
    const classes = this.postings.classes;
    const rOf = (idx: number[]): [number, number, number] => {
      let t = 0;
      let p = 0;
      let f = 0;
      idx.forEach((ci, wi) => {
        const c = classes[wi]![ci]!;
        t += c.typos;
        p += c.prefix;
        f += c.fc;
      });
      return [t, p, f];
    };
    // Best-first enumeration of class combinations by summed relevance.
    const queue = new ComboQueue();
    const seenCombos = new Set<string>();
    const start = new Array<number>(n).fill(0);
    queue.push(start, rOf(start));
    seenCombos.add(start.join(','));
    let processed = 0;
    let popped = 0;
    for (let combo = queue.pop(); combo; combo = queue.pop()) {
      if (++popped > MAX_COMBOS * 8) break;
      const worst = this.collector.worst;
      if (this.collector.full && worst) {
        const d = worst[0] - combo.r[0] || worst[1] - combo.r[1] || worst[2] - combo.r[2];
        if (d < 0) break;
      }
      for (let wi = 0; wi < n; wi++) {
        if (combo.idx[wi]! + 1 < classes[wi]!.length) {
          const next = combo.idx.slice();
          next[wi]!++;
          const k = next.join(',');
          if (!seenCombos.has(k)) {
            seenCombos.add(k);
            queue.push(next, rOf(next));
          }
        }
      }
      if (processed >= MAX_COMBOS) break;
      if (this.processCombo(combo.idx, combo.r)) processed++;
    }
    return this.collector.entries;
  }

  /**
   * Reads the documents of one combination (each word matched in its class) from its smallest class, in
   * ranking order, checking the other words. Returns false when the combination is empty.
   */
  private processCombo(idx: number[], r: [number, number, number]): boolean {
    const n = this.words.length;
    let driver = 0;
    const others: Array<[number, number]> = [];
    if (n > 1) {
      const ests = idx.map((ci, wi) => this.postings.estimate(wi, ci));
      if (ests.some((e) => e === 0)) return false;
      for (let wi = 1; wi < n; wi++) if (ests[wi]! < ests[driver]!) driver = wi;
      for (let wi = 0; wi < n; wi++) if (wi !== driver) others.push([wi, ests[wi]!]);
      others.sort((a, b) => a[1] - b[1]);
    } else if (this.postings.kindsFor(this.postings.classes[0]![idx[0]!]!.fc).length === 0) {
      return false;
    }
    const src = this.postings.source(driver, idx[driver]!);
    const col = this.collector;
    for (let row = src.peek(); row; row = src.peek()) {
      if (col.full) {
        const bound: Key = [r[0], r[1], r[2], row[0], row[1], row[2], row[3]];
        if (cmpKey(col.worst!, bound) < 0) break;
      }
      src.next();
      let ok = true;
      for (const [wi] of others) {
        if (!this.member(wi, idx[wi]!, row)) {
          ok = false;
          break;
        }
      }
      if (ok) col.offer([r[0], r[1], r[2], row[0], row[1], row[2], row[3]]);
    }
    return true;
  }

  /** Whether a document matches word `wi` in class `ci`: by a materialised id set, or by its stored terms. */
  private member(wi: number, ci: number, row: Row): boolean {
    const kind = row[2];
    const id = row[3];
    const key = `${wi}:${ci}`;
    let set = this.sets.get(key);
    if (!set) {
      const count = (this.checks.get(key) ?? 0) + 1;
      this.checks.set(key, count);
      // A check reads the document's stored posting keys (a primary-key lookup and a string search), which
      // costs about as much as reading 10-20 postings of a class: materialise the class once the checks made
      // so far would have paid for a good share of reading all of it.
      if (count > 32 + this.postings.estimate(wi, ci) / 12) {
        set = this.postings.idSet(wi, ci);
        this.sets.set(key, set);
      }
    }
    if (set) return set.has(id * 2 + kind);
    const dk = id * 2 + kind;
    let terms = row[4] ?? this.docTerms.get(dk);
    if (terms === undefined) {
      terms = ((kind === KIND_STORY ? this.st.storyTerms : this.st.userTerms).get(id) as string | undefined) ?? null;
      this.docTerms.set(dk, terms);
    }
    if (terms === null) return false;
    return termsInClass(terms, this.words[wi]!, this.postings.classes[wi]![ci]!);
  }
}
