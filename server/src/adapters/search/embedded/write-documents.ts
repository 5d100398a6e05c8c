/**
 * Writes: a batch of upserts or deletes of one kind becomes posting inserts and deletes plus a delta of the
 * vocabulary counts, applied in one transaction by the caller. Postings are inserted sorted (B-tree order is
 * far cheaper to insert). A document whose indexed text did not change (a like, an unlike) only has its own
 * row rewritten: postings carry no likes, so a like moves no posting, only the document's entries in its
 * likes indexes (docs/decisions/0015-likes-out-of-posting-keys.md; before, ~30 postings per like, a cost that
 * grew with the index: docs/performance.md, "Likes").
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

/** [term, kind, fc, exact, id]: a primary key of search_terms. */
type Posting = [string, number, number, number, number];

function cmpPosting(a: Posting, b: Posting): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  for (let i = 1; i < 5; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function countPosting(vocab: VocabDelta, term: string, i: number, delta: number): void {
  let d = vocab.get(term);
  if (!d) {
    d = [0, 0, 0, 0, 0, 0, 0, 0];
    vocab.set(term, d);
  }
  d[i]! += delta;
}

interface StoredDoc {
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
  d: { id: number; username: string },
  fields: Array<[number, string | null]>,
  put: (uname: string, terms: string) => void,
): DocWrite {
  const uname = d.username.toLowerCase();
  const terms = buildTerms(fields);
  return { id: d.id, uname, terms, put: () => put(uname, terms) };
}

/**
 * Writes documents of one kind and replaces their postings. `docs` carry their new posting keys; when those
 * are unchanged (a likes-only change) the postings are left alone.
 */
export function writeDocs(st: Statements, kind: number, docs: DocWrite[]): VocabDelta {
  const get = kind === KIND_STORY ? st.getStory : st.getUser;
  const inserts: Posting[] = [];
  const vocab: VocabDelta = new Map();
  let added = 0;
  for (const doc of docs) {
    const old = get.get(doc.id) as StoredDoc | undefined;
    if (!old) added++;
    if (!old || old.terms !== doc.terms) {
      if (old) deletePostings(st, kind, doc.id, old, vocab);
      for (const r of parseTerms(doc.terms)) {
        inserts.push([r.term, kind, r.fc, r.exact, doc.id]);
        countPosting(vocab, r.term, slot(kind, r.fc, r.exact), 1);
      }
    }
    doc.put();
  }
  for (const p of sortPostings(inserts)) st.insTerm.run(...p);
  if (added) st.docCountAdd.run(added, tableOf(kind));
  return vocab;
}

/** The documents' table of a kind, also the key of its document count in search_meta. */
function tableOf(kind: number): string {
  return kind === KIND_STORY ? 'search_stories' : 'search_users';
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
  let removed = 0;
  for (const id of new Set(ids)) {
    const old = get.get(id) as StoredDoc | undefined;
    if (!old) continue;
    deletePostings(st, kind, id, old, vocab);
    del.run(id);
    removed++;
  }
  if (removed) st.docCountAdd.run(-removed, tableOf(kind));
  return vocab;
}

function deletePostings(st: Statements, kind: number, id: number, old: StoredDoc, vocab: VocabDelta): void {
  for (const r of parseTerms(old.terms)) {
    st.delTerm.run(r.term, kind, r.fc, r.exact, id);
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
    const df = st.vocabAdd.get(term, firstCodePoint(term), term.length, d[1]! + d[3]! + d[5]! + d[7]!, ...d) as number;
    (df > 0 ? present : absent).push(term);
    if (d.some((x) => x < 0)) st.vocabDrop.run(term);
  }
  if (present.length || absent.length) {
    return { version: st.vocabBump.get() as number, present, absent };
  }
  return undefined;
}
