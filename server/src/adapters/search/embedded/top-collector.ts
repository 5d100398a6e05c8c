/**
 * The top-N collector of a search. Entries are kept sorted by ranking key, one per id ('all' keeps the better
 * of a story and a person hit with the same user id), and the worst entry is exposed so that the search can
 * stop a stream, or the whole query, as soon as nothing further can enter the result.
 */

/** [typos, prefix, names, nlikes, uname, kind, id] */
export type Key = [number, number, number, number, string, number, number];

export function cmpKey(a: Key, b: Key): number {
  for (let i = 0; i < 7; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export interface Entry {
  key: Key;
  /** The id the result is deduplicated on: the user id, for both kinds. */
  id: number;
}

export class Collector {
  readonly entries: Entry[] = [];
  private readonly byId = new Map<number, Entry>();
  constructor(private readonly limit: number) {}
  get full(): boolean {
    return this.entries.length >= this.limit;
  }
  get worst(): Key | undefined {
    return this.entries[this.entries.length - 1]?.key;
  }
  offer(key: Key): void {
    const id = key[6];
    const existing = this.byId.get(id);
    if (existing) {
      if (cmpKey(key, existing.key) >= 0) return;
      this.entries.splice(this.entries.indexOf(existing), 1);
      this.byId.delete(id);
    } else if (this.full) {
      if (cmpKey(key, this.worst!) >= 0) return;
      const out = this.entries.pop()!;
      this.byId.delete(out.id);
    }
    const entry: Entry = { key, id };
    let i = this.entries.length;
    while (i > 0 && cmpKey(this.entries[i - 1]!.key, key) > 0) i--;
    this.entries.splice(i, 0, entry);
    this.byId.set(id, entry);
  }
}
