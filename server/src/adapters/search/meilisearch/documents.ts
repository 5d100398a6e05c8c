/**
 * Index documents. Stories and people share one index (one ranking across both, as kind 'all' needs), told
 * apart by `kind`; `pid` is the person's id, which both carry. A private account's document has no names at
 * all: the port already hands them over as null, and nothing of them is written.
 */
import type { StoryDoc, UserDoc } from '../../../ports/search-index';

export type DocKind = 'story' | 'user';

export interface MeiliDoc {
  /** `s-<id>` or `u-<id>`: Meilisearch ids are strings of letters, digits, - and _. */
  id: string;
  kind: DocKind;
  pid: number;
  /** Field class 0: [title] for a story, [username] for a person. */
  text: string[];
  /**
   * Field class 1: a story's [author username] (ranked below its title, ADR 0011); a public account's
   * [firstName, lastName] ('' for a missing one), absent when private.
   */
  names?: string[];
  /** The tie-break after likes: the username in lower case, as the embedded index orders it. */
  uname: string;
  likes: number;
  likes30d?: number;
  likes365d?: number;
  createdAt?: number;
}

export const storyDocId = (id: number): string => `s-${id}`;
export const userDocId = (id: number): string => `u-${id}`;

export function storyDocument(d: StoryDoc): MeiliDoc {
  return {
    id: storyDocId(d.id),
    kind: 'story',
    pid: d.id,
    text: [d.title],
    names: [d.username],
    uname: d.username.toLowerCase(),
    likes: d.likes,
    likes30d: d.likes30d,
    likes365d: d.likes365d,
    createdAt: d.createdAt,
  };
}

export function userDocument(d: UserDoc): MeiliDoc {
  const doc: MeiliDoc = {
    id: userDocId(d.id),
    kind: 'user',
    pid: d.id,
    text: [d.username],
    uname: d.username.toLowerCase(),
    likes: d.likes,
  };
  if (d.firstName !== null || d.lastName !== null) doc.names = [d.firstName ?? '', d.lastName ?? ''];
  return doc;
}

/** The last document of each id wins, as it would in a SQL upsert of the same batch. */
export function lastOfEachId<T extends { id: number }>(docs: T[]): T[] {
  return [...new Map(docs.map((d) => [d.id, d])).values()];
}
