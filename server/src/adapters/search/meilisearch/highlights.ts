/**
 * Highlights from `_matchesPosition`. Meilisearch reports `start` and `length` in UTF-8 bytes of the original
 * value (milli's MatchBounds: the token's byte_start and the byte length of the matched characters), and, for
 * an array attribute, the element in `indices`. The port wants UTF-16 code units of the original value, which
 * is what JavaScript slices. Whole words and typo matches cover the whole word; a prefix covers only the
 * prefix typed, as in the embedded index.
 */
import type { Match, MatchField } from '../../../ports/search-index';
import type { DocKind } from './documents';

export interface MatchBounds {
  start: number;
  length: number;
  indices?: number[];
}

export interface MatchedHit {
  kind: DocKind;
  text?: string[];
  names?: string[];
  _matchesPosition?: Record<string, MatchBounds[] | undefined>;
}

const FIELDS: Record<DocKind, Record<'text' | 'names', MatchField[]>> = {
  story: { text: ['title'], names: ['username'] },
  user: { text: ['username'], names: ['firstName', 'lastName'] },
};

const FIELD_ORDER: Record<MatchField, number> = { title: 0, username: 1, firstName: 2, lastName: 3 };

/** The UTF-16 offset in `value` of a UTF-8 byte offset (rounded up to the next whole code point). */
export function utf16OffsetOfUtf8(value: string, byteOffset: number): number {
  let bytes = 0;
  let i = 0;
  while (i < value.length && bytes < byteOffset) {
    const cp = value.codePointAt(i)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** The matches of one document, as fields of the port with UTF-16 offsets. */
export function matchesOfHit(hit: MatchedHit): Match[] {
  const out: Match[] = [];
  for (const attribute of ['text', 'names'] as const) {
    const values = hit[attribute] ?? [];
    const fields = FIELDS[hit.kind][attribute];
    for (const bounds of hit._matchesPosition?.[attribute] ?? []) {
      // Without `indices` (an older engine) the element is only certain when there is just one.
      const element = bounds.indices?.[0] ?? (values.length === 1 ? 0 : -1);
      const value = values[element];
      const field = fields[element];
      if (value === undefined || field === undefined) continue;
      const start = utf16OffsetOfUtf8(value, bounds.start);
      const end = utf16OffsetOfUtf8(value, bounds.start + bounds.length);
      if (end > start) out.push({ field, start, length: end - start });
    }
  }
  return out;
}

/** Sorted by field and position; a mark inside another of the same field is dropped. */
export function normaliseMatches(ms: Match[]): Match[] {
  const sorted = [...ms].sort((a, b) => FIELD_ORDER[a.field] - FIELD_ORDER[b.field] || a.start - b.start || b.length - a.length);
  const out: Match[] = [];
  for (const m of sorted) {
    const prev = out[out.length - 1];
    if (prev && prev.field === m.field && m.start + m.length <= prev.start + prev.length) continue;
    out.push(m);
  }
  return out;
}
