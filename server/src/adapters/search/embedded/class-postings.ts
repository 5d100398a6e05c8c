/**
 * The postings of the relevance classes of one query: how many each class has (to drive a combination from
 * its smallest class), the ordered stream of each (replayed from a tape when a later combination needs it
 * again), and the set of its ids (for membership checks once reading it whole is cheaper). Postings carry no
 * likes (ADR 0015): a class's stream of one kind either loads its postings with the documents' current likes
 * and sorts them, or, when the class is a large share of the documents (a short prefix), walks the documents
 * in likes order and checks each (row-streams.ts). Everything read is cached for the length of the query,
 * which is why this is an object per query rather than functions.
 */
import { KIND_STORY, KIND_USER, slot } from './index-layout';
import { prefixUpperBound } from './normalize-text';
import { hasEntryIn } from './posting-keys';
import { classesFor, isShort, type QueryWord, termsInClass, type WordClass } from './query-words';
import { ClassStream, type LoadPage, MergeSource, type Row, type Source, Tape, TapeReader } from './row-streams';
import type { QueryStatements } from './schema';
import { typoCandidates, type VocabularyCache } from './typo-candidates';

/** Typo candidates of one word and match code. */
interface TypoSet {
  terms: Set<string>;
  /** Postings by kind * 2 + fc. */
  size: number[];
}

/**
 * When a class of one kind is walked rather than loaded (row-streams.ts). The defaults are what measured best
 * (docs/performance.md, "Likes"); tests set them to force each way of reading on small indexes.
 */
export interface ReadTuning {
  /** A class with at most this many postings of a kind is loaded, never walked: a walk could not be much cheaper. */
  alwaysLoad: number;
  /**
   * Walk when need * documents < postings² * walkBias: 1 would compare documents walked with postings loaded;
   * a walked document costs about four loaded postings (a load's sort runs in SQLite, a walk hands every
   * document to JavaScript), measured at 100k (docs/performance.md, "Likes").
   */
  walkBias: number;
  /** Documents a walk may read, per posting of the class, before it loads the class instead. */
  walkBudget: number;
}

export const DEFAULT_TUNING: ReadTuning = { alwaysLoad: 256, walkBias: 0.25, walkBudget: 1 };

export class ClassPostings {
  private classesOfWords: WordClass[][];
  private readonly estimates = new Map<string, number>();
  private readonly vocab = new Map<string, number[]>();
  private readonly rangeCounts = new Map<number, number[]>();
  private readonly totals: Array<number | undefined> = [undefined, undefined];
  private readonly typoSets = new Map<string, TypoSet>();
  private readonly typoCands = new Map<number, Array<[string, number]>>();
  private readonly tapes = new Map<string, Tape>();

  /** `need`: how many hits the query collects, which sets how far a walk is expected to go. */
  constructor(
    private readonly st: QueryStatements,
    private readonly vocabulary: VocabularyCache,
    private readonly words: QueryWord[],
    private readonly kinds: number[],
    private readonly need: number,
    private readonly tuning: ReadTuning,
  ) {
    this.classesOfWords = words.map(classesFor);
  }

  /** The classes of each word, best first. */
  get classes(): WordClass[][] {
    return this.classesOfWords;
  }

  /** Drops the classes known to be empty (typo classes are only worked out if they are reached). */
  dropEmpty(): void {
    this.classesOfWords = this.classesOfWords.map((cs, wi) =>
      cs.filter((c, ci) => c.type === 'T' || c.type === 'TP' || this.estimate(wi, ci) > 0),
    );
    this.estimates.clear();
  }

  /** The ids of a class, as id * 2 + kind. */
  idSet(wi: number, ci: number): Set<number> {
    const word = this.words[wi]!;
    const cls = this.classesOfWords[wi]![ci]!;
    const kinds = this.kindsFor(cls.fc);
    const set = new Set<number>();
    const addTerm = (term: string, exact: number): void => {
      for (const kind of kinds) {
        for (const id of this.st.idsOfTerm.all(term, kind, cls.fc, exact) as number[]) set.add(id * 2 + kind);
      }
    };
    switch (cls.type) {
      case 'E':
        addTerm(word.w, 1);
        break;
      case 'EP':
        addTerm(word.w, 1);
        addTerm(word.w, 0);
        break;
      case 'P':
        if (isShort(word)) addTerm(word.w, 0);
        else {
          for (const [kind, id] of this.st.idsInRange.all(word.w, prefixUpperBound(word.w), cls.fc) as Array<[number, number]>) {
            if (kinds.includes(kind)) set.add(id * 2 + kind);
          }
        }
        break;
      case 'T':
      case 'TP': {
        for (const term of this.typoSet(wi, cls.typos * 2 + cls.prefix).terms) addTerm(term, 1);
        break;
      }
    }
    return set;
  }

  /** Both kinds have both field classes: a story's author username is its field class 1 (ADR 0011). */
  kindsFor(_fc: number): number[] {
    return this.kinds;
  }

  private vocabCounts(term: string): number[] {
    let c = this.vocab.get(term);
    if (!c) {
      c = (this.st.vocabCounts.get(term) as number[] | undefined) ?? [0, 0, 0, 0, 0, 0, 0, 0];
      this.vocab.set(term, c);
    }
    return c;
  }

  /** Number of postings of a class (exact for whole tokens and short prefixes). */
  estimate(wi: number, ci: number): number {
    const key = `${wi}:${ci}`;
    const cached = this.estimates.get(key);
    if (cached !== undefined) return cached;
    let est = 0;
    for (const kind of this.kindsFor(this.classesOfWords[wi]![ci]!.fc)) est += this.estimateOfKind(wi, ci, kind);
    this.estimates.set(key, est);
    return est;
  }

  private estimateOfKind(wi: number, ci: number, kind: number): number {
    const word = this.words[wi]!;
    const cls = this.classesOfWords[wi]![ci]!;
    switch (cls.type) {
      case 'E':
        return this.vocabCounts(word.w)[slot(kind, cls.fc, 1)]!;
      case 'EP': {
        const c = this.vocabCounts(word.w);
        return c[slot(kind, cls.fc, 1)]! + c[slot(kind, cls.fc, 0)]!;
      }
      case 'P': {
        if (isShort(word)) return this.vocabCounts(word.w)[slot(kind, cls.fc, 0)]!;
        let c = this.rangeCounts.get(wi);
        if (!c) {
          c = this.st.vocabRangeCounts.get(word.w, prefixUpperBound(word.w)) as number[];
          this.rangeCounts.set(wi, c);
        }
        return c[slot(kind, cls.fc, 1)]!;
      }
      case 'T':
      case 'TP':
        return this.typoSet(wi, cls.typos * 2 + cls.prefix).size[kind * 2 + cls.fc]!;
    }
  }

  source(wi: number, ci: number): Source {
    const key = `${wi}:${ci}`;
    let tape = this.tapes.get(key);
    if (!tape) {
      tape = new Tape(this.openSource(wi, ci));
      this.tapes.set(key, tape);
    }
    return new TapeReader(tape);
  }

  /** How many documents of a kind are indexed (read once per query, and only for a large class). */
  private total(kind: number): number {
    let n = this.totals[kind];
    if (n === undefined) {
      n = (this.st.kinds[kind]!.count.get() as number | undefined) ?? 0;
      this.totals[kind] = n;
    }
    return n;
  }

  /**
   * One stream per kind. A walk in likes order finds `need` rows of a class after about need * total / est
   * documents, a load reads the class's est postings: walk when that is expected to be cheaper (walkBias), and give the
   * walk a budget of about est documents before it loads instead (a class whose matches are not spread evenly,
   * or a driver whose rows the other words mostly reject): at worst about twice the cheaper of the two.
   */
  private openSource(wi: number, ci: number): Source {
    const cls = this.classesOfWords[wi]![ci]!;
    const sources: Source[] = [];
    const need = this.walkNeed(wi);
    for (const kind of this.kindsFor(cls.fc)) {
      const est = this.estimateOfKind(wi, ci, kind);
      if (est === 0) continue;
      const t = this.tuning;
      const walk = est > t.alwaysLoad && need * this.total(kind) < est * est * t.walkBias ? this.st.kinds[kind]!.walk : null;
      sources.push(
        new ClassStream(walk, this.checkOf(wi, ci), this.loader(wi, ci, kind), est * t.walkBudget, this.words.length > 1 ? 512 : 32),
      );
    }
    return sources.length === 1 ? sources[0]! : new MergeSource(sources);
  }

  /**
   * How many rows of word `wi`'s class a walk must find for `need` hits: of a multi-word query's rows, only the
   * share that the other words match (taken as independent, and without their typo classes, so rather too
   * small a share: a walk is chosen rather too rarely than too often) can become hits.
   */
  private walkNeed(wi: number): number {
    let need = this.need;
    let docs = 0;
    for (const kind of this.kinds) docs += this.total(kind);
    for (let wj = 0; wj < this.words.length; wj++) {
      if (wj === wi) continue;
      let matched = 0;
      this.classesOfWords[wj]!.forEach((c, cj) => {
        if (c.type !== 'T' && c.type !== 'TP') matched += this.estimate(wj, cj);
      });
      need *= docs / Math.max(1, Math.min(docs, matched));
    }
    return need;
  }

  /** Whether a document, by its posting keys, is in a class. */
  private checkOf(wi: number, ci: number): (terms: string) => boolean {
    const word = this.words[wi]!;
    const cls = this.classesOfWords[wi]![ci]!;
    if (cls.type === 'T' || cls.type === 'TP') {
      const terms = this.typoSet(wi, cls.typos * 2 + cls.prefix).terms;
      return (docTerms) => hasEntryIn(docTerms, cls.fc, terms);
    }
    return (docTerms) => termsInClass(docTerms, word, cls);
  }

  /** Pages of the documents of one kind in a class, with their current likes, in ranking order. */
  private loader(wi: number, ci: number, kind: number): LoadPage {
    const word = this.words[wi]!;
    const cls = this.classesOfWords[wi]![ci]!;
    const ks = this.st.kinds[kind]!;
    const withKeys = this.words.length > 1;
    let terms: string[] = [word.w];
    let e1 = 1;
    let e2 = 1;
    switch (cls.type) {
      case 'E':
        break;
      case 'EP':
        e2 = 0;
        break;
      case 'P':
        if (!isShort(word)) {
          const stmt = withKeys ? ks.rangeWithKeys : ks.range;
          const lo = word.w;
          const hi = prefixUpperBound(word.w);
          return (after, limit) => stmt.all({ lo, hi, fc: cls.fc, ...bound(after), limit }) as Row[];
        }
        e1 = 0;
        e2 = 0;
        break;
      case 'T':
      case 'TP':
        terms = [...this.typoSet(wi, cls.typos * 2 + cls.prefix).terms].filter((t) => this.vocabCounts(t)[slot(kind, cls.fc, 1)]! > 0);
        break;
    }
    const stmt = withKeys ? ks.termsWithKeys : ks.terms;
    const json = JSON.stringify(terms);
    return (after, limit) => stmt.all({ terms: json, e1, e2, fc: cls.fc, ...bound(after), limit }) as Row[];
  }

  /** The typo candidates of one word with one match code (typos * 2 + prefix, see query-words.ts). */
  private typoSet(wi: number, code: number): TypoSet {
    const key = `${wi}:${code}`;
    const cached = this.typoSets.get(key);
    if (cached) return cached;
    let cands = this.typoCands.get(wi);
    if (!cands) {
      cands = typoCandidates(this.vocabulary, this.words[wi]!);
      this.typoCands.set(wi, cands);
    }
    const terms = new Set<string>();
    const size = [0, 0, 0, 0];
    for (const [term, termCode] of cands) {
      if (termCode !== code) continue;
      terms.add(term);
      const c = this.vocabCounts(term);
      for (const kind of [KIND_STORY, KIND_USER]) {
        for (const fc of [0, 1]) size[kind * 2 + fc]! += c[slot(kind, fc, 1)]!;
      }
    }
    const set: TypoSet = { terms, size };
    this.typoSets.set(key, set);
    return set;
  }
}

/** The keyset of a page: the rows ranked after `after` (likes desc, username, id). */
function bound(after: Row | undefined): { likes: number; uname: string; id: number } {
  return after ? { likes: -after[0], uname: after[1], id: after[3] } : { likes: Number.MAX_SAFE_INTEGER, uname: '', id: 0 };
}
