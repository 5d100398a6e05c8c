/**
 * Writes: a batch of upserts or deletes of one kind becomes posting inserts and deletes plus a delta of the
 * vocabulary counts, applied in one transaction by the caller. Postings are inserted sorted (B-tree order is
 * far cheaper to insert), and a document whose indexed text did not change only gets the likes of its
 * postings rewritten (point updates by primary key) and never touches the vocabulary. That is still one B-tree
 * entry moved per posting, because likes are part of every posting's key (the ranking order a class is read
 * in): ~19 postings for a story and ~13 for its author, each on its own page, so a like dirties ~30 pages of
 * search_terms. At 100k documents those pages are rarely cached or shared within a batch, which is most of
 * what a like costs there (docs/performance.md, "Likes").
 */
import type { StoryDoc, UserDoc } from '../../../ports/search-index';
import { FC_MAIN, FC_NAME, KIND_STORY, slot } from './index-layout';
import { firstCodePoint } from './normalize-text';
import { buildTerms, parseTerms } from './posting-keys';
import type { Statements } from './schema';

/** A document to write: its posting keys, and the upsert of its own row. */
export interface DocWrite {
  id: number;
  uname: string;
  likes: number;
  terms: string;
  put: () => void;
}

/** Posting count changes of a batch: term -> delta per (kind, field class, exact) slot. */
export type VocabDelta = Map<string, number[]>;

/** The vocabulary change of a committed batch, for the typo candidate cache. */
export interface VocabChange {
  version: number;
  present: string[];
  absent: string[];
}

type Posting = [string, number, number, number, number, string, number];

function cmpPosting(a: Posting, b: Posting): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  for (let i = 1; i < 7; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function countPosting(vocab: VocabDelta, term: string, i: number, delta: number): void {
  let d = vocab.get(term);
  if (!d) {
    d = [0, 0, 0, 0, 0, 0];
    vocab.set(term, d);
  }
  d[i]! += delta;
}

interface StoredDoc {
  uname: string;
  likes: number;
  terms: string;
}

/** One write per story (the last of a batch wins). */
export function storyWrites(st: Statements, docs: StoryDoc[]): DocWrite[] {
  return lastById(docs).map((d) =>
    docWrite(
      d,
      [
        [FC_MAIN, d.title],
        [FC_NAME, d.username],
      ],
      (uname, terms) => st.putStory.run(d.id, d.username, uname, d.title, d.likes, d.likes30d, d.likes365d, d.createdAt, terms),
    ),
  );
}

/** One write per person (the last of a batch wins). First and last name are null for private accounts. */
export function userWrites(st: Statements, docs: UserDoc[]): DocWrite[] {
  return lastById(docs).map((d) =>
    docWrite(
      d,
      [
        [FC_MAIN, d.username],
        [FC_NAME, d.firstName],
        [FC_NAME, d.lastName],
      ],
      (uname, terms) => st.putUser.run(d.id, d.username, uname, d.firstName, d.lastName, d.likes, terms),
    ),
  );
}

function lastById<T extends { id: number }>(docs: T[]): T[] {
  const last = new Map<number, T>();
  for (const d of docs) last.set(d.id, d);
  return [...last.values()];
}

function docWrite(
  d: { id: number; username: string; likes: number },
  fields: Array<[number, string | null]>,
  put: (uname: string, terms: string) => void,
): DocWrite {
  const uname = d.username.toLowerCase();
  const terms = buildTerms(fields);
  return { id: d.id, uname, likes: d.likes, terms, put: () => put(uname, terms) };
}

/**
 * Replaces the postings of documents of one kind. `docs` carry their new posting keys; when those are
 * unchanged only the likes of the existing postings are rewritten.
 */
export function writeDocs(st: Statements, kind: number, docs: DocWrite[]): VocabDelta {
  const get = kind === KIND_STORY ? st.getStory : st.getUser;
  const inserts: Posting[] = [];
  const vocab: VocabDelta = new Map();
  for (const doc of docs) {
    const old = get.get(doc.id) as StoredDoc | undefined;
    if (old && old.terms === doc.terms && old.uname === doc.uname) {
      if (old.likes !== doc.likes) {
        for (const r of parseTerms(old.terms)) {
          st.likesTerm.run(-doc.likes, r.term, kind, r.fc, r.exact, -old.likes, old.uname, doc.id);
        }
      }
    } else {
      if (old) deletePostings(st, kind, doc.id, old, vocab);
      for (const r of parseTerms(doc.terms)) {
        inserts.push([r.term, kind, r.fc, r.exact, -doc.likes, doc.uname, doc.id]);
        countPosting(vocab, r.term, slot(kind, r.fc, r.exact), 1);
      }
    }
    doc.put();
  }
  for (const p of sortPostings(inserts)) st.insTerm.run(...p);
  return vocab;
}

/**
 * Postings in primary-key order, which B-tree inserts are far cheaper in: grouped by term, the distinct terms
 * sorted as plain strings, each group by cmpPosting (~35% faster than one comparator sort of a 20k-document batch).
 */
function sortPostings(postings: Posting[]): Posting[] {
  const byTerm = new Map<string, Posting[]>();
  for (const p of postings) {
    const group = byTerm.get(p[0]);
    if (group) group.push(p);
    else byTerm.set(p[0], [p]);
  }
  const out: Posting[] = [];
  for (const term of [...byTerm.keys()].sort()) {
    const group = byTerm.get(term)!;
    if (group.length > 1) group.sort(cmpPosting);
    for (const p of group) out.push(p);
  }
  return out;
}

export function deleteDocs(st: Statements, kind: number, ids: number[]): VocabDelta {
  const get = kind === KIND_STORY ? st.getStory : st.getUser;
  const del = kind === KIND_STORY ? st.delStory : st.delUser;
  const vocab: VocabDelta = new Map();
  for (const id of new Set(ids)) {
    const old = get.get(id) as StoredDoc | undefined;
    if (!old) continue;
    deletePostings(st, kind, id, old, vocab);
    del.run(id);
  }
  return vocab;
}

function deletePostings(st: Statements, kind: number, id: number, old: StoredDoc, vocab: VocabDelta): void {
  for (const r of parseTerms(old.terms)) {
    st.delTerm.run(r.term, kind, r.fc, r.exact, -old.likes, old.uname, id);
    countPosting(vocab, r.term, slot(kind, r.fc, r.exact), -1);
  }
}

/**
 * Applies a batch's posting count changes to search_vocab (inside the batch's transaction), in term order.
 * Returns what the typo candidate cache must learn, or undefined when no term appeared or disappeared.
 */
export function applyVocabDelta(st: Statements, vocab: VocabDelta): VocabChange | undefined {
  const present: string[] = [];
  const absent: string[] = [];
  for (const term of [...vocab.keys()].sort()) {
    const d = vocab.get(term)!;
    if (d.every((x) => x === 0)) continue;
    const df = st.vocabAdd.get(term, firstCodePoint(term), term.length, d[1]! + d[3]! + d[5]!, ...d) as number;
    (df > 0 ? present : absent).push(term);
    if (d.some((x) => x < 0)) st.vocabDrop.run(term);
  }
  if (present.length || absent.length) {
    return { version: st.vocabBump.get() as number, present, absent };
  }
  return undefined;
}
