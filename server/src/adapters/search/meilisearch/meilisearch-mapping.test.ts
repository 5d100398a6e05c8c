// The pure parts of the Meilisearch adapter: settings, documents, query text, top lists and highlight offsets.
import { describe, expect, it } from 'vitest';
import { lastOfEachId, storyDocument, userDocument } from './documents';
import { matchesOfHit, normaliseMatches, utf16OffsetOfUtf8 } from './highlights';
import { INDEX_SETTINGS } from './index-settings';
import { clampLimit, meiliQuery } from './query-text';
import { topListQuery } from './top-lists';

/** What Meilisearch reports for `part` inside `value`: UTF-8 byte offsets. */
const bytesOf = (value: string, part: string, from = 0) => {
  const at = value.indexOf(part, from);
  return { start: Buffer.byteLength(value.slice(0, at)), length: Buffer.byteLength(part) };
};

describe('index settings', () => {
  it('rank like the port: typos, field class, whole words before prefixes, then likes and username', () => {
    expect(INDEX_SETTINGS.rankingRules).toEqual(['words', 'typo', 'attributeRank', 'exactness', 'sort', 'likes:desc', 'uname:asc']);
    expect(INDEX_SETTINGS.rankingRules!.at(-2)).toBe('likes:desc');
    expect(INDEX_SETTINGS.searchableAttributes).toEqual(['text', 'names']);
    expect(INDEX_SETTINGS.typoTolerance).toMatchObject({ enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } });
  });

  it('can filter and sort on everything the adapter filters and sorts on', () => {
    for (const w of ['all', 'month', 'year'] as const) {
      const { filter, sort } = topListQuery(w);
      for (const field of filter.match(/[a-zA-Z0-9]+(?= (=|>))/g) ?? []) expect(INDEX_SETTINGS.filterableAttributes).toContain(field);
      for (const s of sort) expect(INDEX_SETTINGS.sortableAttributes).toContain(s.split(':')[0]);
    }
    expect(INDEX_SETTINGS.filterableAttributes).toEqual(expect.arrayContaining(['kind', 'pid']));
    for (const rule of INDEX_SETTINGS.rankingRules!.filter((r) => r.includes(':'))) {
      expect(INDEX_SETTINGS.sortableAttributes).toContain(rule.split(':')[0]);
    }
  });
});

describe('documents', () => {
  it('put a story under s-<id> with its counters; the author username ranks with the names, after the title', () => {
    expect(storyDocument({ id: 7, username: 'Anna_K', title: 'Winter', likes: 3, likes30d: 1, likes365d: 2, createdAt: 99 })).toEqual({
      id: 's-7',
      kind: 'story',
      pid: 7,
      text: ['Winter'],
      names: ['Anna_K'],
      uname: 'anna_k',
      likes: 3,
      likes30d: 1,
      likes365d: 2,
      createdAt: 99,
    });
  });

  it('give a public person names and a private person none at all', () => {
    expect(userDocument({ id: 3, username: 'zofia', firstName: 'Zofia', lastName: null, likes: 4 })).toEqual({
      id: 'u-3',
      kind: 'user',
      pid: 3,
      text: ['zofia'],
      names: ['Zofia', ''],
      uname: 'zofia',
      likes: 4,
    });
    const secret = userDocument({ id: 4, username: 'qwerty', firstName: null, lastName: null, likes: 0 });
    expect(secret).not.toHaveProperty('names');
    expect(JSON.stringify(secret)).toBe('{"id":"u-4","kind":"user","pid":4,"text":["qwerty"],"uname":"qwerty","likes":0}');
  });

  it('keep the last document of an id within one batch', () => {
    expect(
      lastOfEachId([
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
        { id: 1, v: 'c' },
      ]),
    ).toEqual([
      { id: 1, v: 'c' },
      { id: 2, v: 'b' },
    ]);
  });
});

describe('query text', () => {
  it('has no words without a letter or digit (an empty q would list everything)', () => {
    for (const t of ['', '   ', ' \t\n ', '!?', '"', '-']) expect(meiliQuery(t)).toBeNull();
  });

  it('turns phrase quotes and exclusion dashes into plain separators, keeping a trailing space', () => {
    expect(meiliQuery('"letters"')).toBe(' letters ');
    expect(meiliQuery('-winter tales')).toBe(' winter tales');
    expect(meiliQuery('old -mill')).toBe('old  mill');
    expect(meiliQuery('jean-luc')).toBe('jean-luc');
    expect(meiliQuery('anna ')).toBe('anna ');
  });

  it('clamps the limit to 1..50', () => {
    expect([clampLimit(0), clampLimit(-3), clampLimit(7.9), clampLimit(500), clampLimit(Number.NaN)]).toEqual([1, 1, 7, 50, 1]);
  });
});

describe('top lists', () => {
  it('filter stories (with a standing like in the window) and sort by the counter, newer, username', () => {
    expect(topListQuery('all')).toEqual({ filter: 'kind = "story"', sort: ['likes:desc', 'createdAt:desc', 'uname:asc'] });
    expect(topListQuery('month')).toEqual({
      filter: 'kind = "story" AND likes30d > 0',
      sort: ['likes30d:desc', 'createdAt:desc', 'uname:asc'],
    });
    expect(topListQuery('year')).toEqual({
      filter: 'kind = "story" AND likes365d > 0',
      sort: ['likes365d:desc', 'createdAt:desc', 'uname:asc'],
    });
  });
});

describe('highlights', () => {
  it('convert UTF-8 byte offsets to UTF-16 offsets', () => {
    const v = '🌊🌊 Señora Müller';
    expect(utf16OffsetOfUtf8(v, 0)).toBe(0);
    expect(utf16OffsetOfUtf8(v, 4)).toBe(2);
    expect(utf16OffsetOfUtf8(v, 8)).toBe(4);
    expect(utf16OffsetOfUtf8(v, Buffer.byteLength(v))).toBe(v.length);
    expect(utf16OffsetOfUtf8(v, 2)).toBe(2); // inside a code point: the whole of it
    expect(utf16OffsetOfUtf8(v, 1000)).toBe(v.length);
  });

  it('point at the original value of the right field, in UTF-16 code units', () => {
    const title = '🌊🌊 Señora Müller, São Paulo';
    const matches = matchesOfHit({
      kind: 'story',
      text: [title],
      names: ['someone'],
      _matchesPosition: {
        text: [
          { ...bytesOf(title, 'Müller'), indices: [0] },
          { ...bytesOf(title, 'São'), indices: [0] },
        ],
        names: [{ start: 0, length: 4, indices: [0] }],
      },
    });
    expect(matches).toEqual([
      { field: 'title', start: title.indexOf('Müller'), length: 6 },
      { field: 'title', start: title.indexOf('São'), length: 3 },
      { field: 'username', start: 0, length: 4 },
    ]);
  });

  it('cover decomposed letters and ligatures whole', () => {
    const title = 'Mu\u0308ller ﬁne';
    const [a, b] = matchesOfHit({
      kind: 'story',
      text: [title],
      names: ['aaa'],
      _matchesPosition: {
        text: [
          { ...bytesOf(title, 'Mu\u0308ller'), indices: [0] },
          { ...bytesOf(title, 'ﬁ'), indices: [0] },
        ],
      },
    });
    expect(title.slice(a!.start, a!.start + a!.length)).toBe('Mu\u0308ller');
    expect(title.slice(b!.start, b!.start + b!.length)).toBe('ﬁ');
  });

  it('map the names of a person to firstName and lastName', () => {
    const hit = {
      kind: 'user' as const,
      text: ['zofia_n'],
      names: ['Zofia', 'Nowakowska'],
      _matchesPosition: {
        text: [{ start: 0, length: 5 }],
        names: [
          { start: 0, length: 5, indices: [0] },
          { start: 0, length: 5, indices: [1] },
        ],
      },
    };
    expect(matchesOfHit(hit)).toEqual([
      { field: 'username', start: 0, length: 5 },
      { field: 'firstName', start: 0, length: 5 },
      { field: 'lastName', start: 0, length: 5 },
    ]);
  });

  it('drop a mark whose array element is unknown rather than guess', () => {
    expect(matchesOfHit({ kind: 'story', text: ['Winter', 'winter_fan'], _matchesPosition: { text: [{ start: 0, length: 6 }] } })).toEqual(
      [],
    );
    expect(matchesOfHit({ kind: 'story', text: ['Winter'], _matchesPosition: { text: [{ start: 0, length: 6, indices: [5] }] } })).toEqual(
      [],
    );
    expect(matchesOfHit({ kind: 'user', text: ['winter'] })).toEqual([]);
  });

  it('are ordered by field and position, without marks inside other marks', () => {
    expect(
      normaliseMatches([
        { field: 'username', start: 0, length: 3 },
        { field: 'title', start: 4, length: 2 },
        { field: 'title', start: 0, length: 6 },
        { field: 'username', start: 0, length: 5 },
      ]),
    ).toEqual([
      { field: 'title', start: 0, length: 6 },
      { field: 'username', start: 0, length: 5 },
    ]);
  });
});
