/**
 * The postings of the relevance classes of one query: how many each class has (to drive a combination from
 * its smallest class), the ordered stream of each (replayed from a tape when a later combination needs it
 * again), and the set of its ids (for membership checks once reading it whole is cheaper). Everything read is
 * cached for the length of the query, which is why this is an object per query rather than functions.
 */
import { FC_MAIN, FC_NAME, HEAVY_DF, KIND_STORY, KIND_USER, slot } from './index-layout';
import { prefixUpperBound } from './normalize-text';
import { classesFor, isShort, type QueryWord, type WordClass } from './query-words';
import {
  ArraySource,
  cmpRow,
  MergeSource,
  type PageStmt,
  RangeSource,
  type Row,
  type Source,
  SqlSource,
  Tape,
  TapeReader,
} from './row-streams';
import type { QueryStatements } from './schema';
import { typoCandidates, type VocabularyCache } from './typo-candidates';

/** Typo candidates of one word and distance: heavy tokens stream, light ones are loaded and sorted. */
interface TypoSet {
  heavy: string[];
  /** Light postings by kind * 2 + fc, sorted. */
  light: Row[][];
  /** Postings by kind * 2 + fc. */
  size: number[];
}

export class ClassPostings {
  private classesOfWords: WordClass[][];
  private readonly estimates = new Map<string, number>();
  private readonly vocab = new Map<string, number[]>();
  private readonly rangeCounts = new Map<number, number[]>();
  private readonly heavy = new Map<number, string[]>();
  private readonly typoSets = new Map<string, TypoSet>();
  private readonly typoCands = new Map<number, Array<[string, number]>>();
  private readonly tapes = new Map<string, Tape>();

  constructor(
    private readonly st: QueryStatements,
    private readonly vocabulary: VocabularyCache,
    private readonly words: QueryWord[],
    private readonly kinds: number[],
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
        const ts = this.typoSet(wi, cls.typos * 2 + cls.prefix);
        for (const h of ts.heavy) addTerm(h, 1);
        for (const kind of kinds) for (const row of ts.light[kind * 2 + cls.fc]!) set.add(row[3] * 2 + kind);
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
      c = (this.st.vocabCounts.get(term) as number[] | undefined) ?? [0, 0, 0, 0, 0, 0];
      this.vocab.set(term, c);
    }
    return c;
  }

  /** Number of postings of a class (exact for whole tokens and short prefixes). */
  estimate(wi: number, ci: number): number {
    const key = `${wi}:${ci}`;
    const cached = this.estimates.get(key);
    if (cached !== undefined) return cached;
    const word = this.words[wi]!;
    const cls = this.classesOfWords[wi]![ci]!;
    let est = 0;
    for (const kind of this.kindsFor(cls.fc)) {
      switch (cls.type) {
        case 'E':
          est += this.vocabCounts(word.w)[slot(kind, cls.fc, 1)]!;
          break;
        case 'EP': {
          const c = this.vocabCounts(word.w);
          est += c[slot(kind, cls.fc, 1)]! + c[slot(kind, cls.fc, 0)]!;
          break;
        }
        case 'P':
          if (isShort(word)) est += this.vocabCounts(word.w)[slot(kind, cls.fc, 0)]!;
          else {
            let c = this.rangeCounts.get(wi);
            if (!c) {
              c = this.st.vocabRangeCounts.get(word.w, prefixUpperBound(word.w)) as number[];
              this.rangeCounts.set(wi, c);
            }
            est += c[slot(kind, cls.fc, 1)]!;
          }
          break;
        case 'T':
        case 'TP':
          est += this.typoSet(wi, cls.typos * 2 + cls.prefix).size[kind * 2 + cls.fc]!;
          break;
      }
    }
    this.estimates.set(key, est);
    return est;
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

  private pageStmt(kind: number): PageStmt {
    return this.words.length > 1 ? this.st.pageWithTerms[kind]! : this.st.page;
  }

  private openSource(wi: number, ci: number): Source {
    const word = this.words[wi]!;
    const cls = this.classesOfWords[wi]![ci]!;
    const kinds = this.kindsFor(cls.fc);
    const sources: Source[] = [];
    switch (cls.type) {
      case 'E':
      case 'EP':
        for (const kind of kinds) {
          sources.push(new SqlSource(this.pageStmt(kind), word.w, kind, cls.fc, 1));
          if (cls.type === 'EP') sources.push(new SqlSource(this.pageStmt(kind), word.w, kind, cls.fc, 0));
        }
        break;
      case 'P':
        if (isShort(word)) {
          for (const kind of kinds) sources.push(new SqlSource(this.pageStmt(kind), word.w, kind, cls.fc, 0));
        } else {
          const hi = prefixUpperBound(word.w);
          let heavy = this.heavy.get(wi);
          if (!heavy) {
            heavy = this.st.heavyInRange.all(word.w, hi) as string[];
            this.heavy.set(wi, heavy);
          }
          let lo = word.w;
          for (const h of heavy) {
            for (const kind of kinds) sources.push(new SqlSource(this.pageStmt(kind), h, kind, cls.fc, 1));
            sources.push(new RangeSource(this.st.range, lo, h, cls.fc, kinds));
            lo = h;
          }
          sources.push(new RangeSource(this.st.range, lo, hi, cls.fc, kinds));
        }
        break;
      case 'T':
      case 'TP': {
        const ts = this.typoSet(wi, cls.typos * 2 + cls.prefix);
        for (const kind of kinds) {
          for (const h of ts.heavy) sources.push(new SqlSource(this.pageStmt(kind), h, kind, cls.fc, 1));
          const light = ts.light[kind * 2 + cls.fc]!;
          if (light.length) sources.push(new ArraySource(light));
        }
        break;
      }
    }
    return sources.length === 1 ? sources[0]! : new MergeSource(sources);
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
    const light: Row[][] = [[], [], [], []];
    const size = [0, 0, 0, 0];
    const heavy: string[] = [];
    for (const [term, termCode] of cands) {
      if (termCode !== code) continue;
      const c = this.vocabCounts(term);
      if (c[1]! + c[3]! + c[5]! > HEAVY_DF) {
        heavy.push(term);
        size[0] = size[0]! + c[slot(KIND_STORY, FC_MAIN, 1)]!;
        size[1] = size[1]! + c[slot(KIND_STORY, FC_NAME, 1)]!;
        size[2] = size[2]! + c[slot(KIND_USER, FC_MAIN, 1)]!;
        size[3] = size[3]! + c[slot(KIND_USER, FC_NAME, 1)]!;
      } else {
        for (const r of this.st.postingsOfTerm.all(term) as Array<[number, number, number, string, number]>) {
          light[r[0] * 2 + r[1]]!.push([r[2], r[3], r[0], r[4]]);
          size[r[0] * 2 + r[1]]!++;
        }
      }
    }
    for (const rows of light) rows.sort(cmpRow);
    const set: TypoSet = { heavy, light, size };
    this.typoSets.set(key, set);
    return set;
  }
}
