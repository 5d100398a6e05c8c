/**
 * The numbers that the table layout, the writes and the queries must agree on: the document kinds and field
 * classes stored in every posting, how long a prefix gets postings of its own, and where a (kind, field class,
 * exact) counter sits in search_vocab. Changing any of them needs a reindex.
 */

/** Longest proper prefix (in code points) stored as a posting of its own. */
export const PREFIX_ROWS = 3;

export const KIND_STORY = 0;
export const KIND_USER = 1;
export const FC_MAIN = 0;
export const FC_NAME = 1;

/**
 * Index of the per-(kind, field class, exact) posting counter in search_vocab (n0..n7). A story's field class 1
 * (its author, ADR 0011) has its own since ADR 0015: the counts decide whether a class is walked or loaded.
 */
export function slot(kind: number, fc: number, exact: number): number {
  return (kind * 2 + fc) * 2 + exact;
}
