/**
 * The behaviour every SearchIndex adapter must show (embedded SQLite, Meilisearch, ...).
 *
 * Assertions are about observable results only: which ids are found, their relative order where the port's
 * ranking rules decide it unambiguously (documents that differ in exactly one ranking criterion), and which
 * substrings are highlighted. Exact scores and the order of `matches` are not part of the contract.
 *
 * Ranking that adapters must agree on:
 * - all words must match (every word but the last as a whole word, the last one may be a prefix);
 * - fewer typos first; a whole-word match before a prefix-only match of the same word (from 3 letters);
 *   a match in title/username before a match in first/last name; in a story, a word found in the title before
 *   one found only in the author's username (ADR 0011); then likes desc, then username asc.
 * - the word being typed may also be within its typos of a prefix of a word (the prefix rule, ADR 0011).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Match, SearchHit, SearchIndex, SearchKind, StoryDoc, UserDoc } from '../../server/src/ports/search-index';
import { crowdOf, demoDocuments, EVERY_LANGUAGE, recallOf, TITLE_OVER_AUTHOR, TYPING_ERRORS, worldDocuments } from './search-relevance';

export type MakeSearchIndex = () => Promise<{ index: SearchIndex; cleanup: () => Promise<void> }>;

let clock = 1_700_000_000_000;

export function story(id: number, username: string, title: string, extra: Partial<StoryDoc> = {}): StoryDoc {
  clock += 1000;
  return { id, username, title, likes: 0, likes30d: 0, likes365d: 0, createdAt: clock, ...extra };
}

export function user(id: number, username: string, firstName: string | null = null, lastName: string | null = null, likes = 0): UserDoc {
  return { id, username, firstName, lastName, likes };
}

export function runSearchIndexContract(adapterName: string, make: MakeSearchIndex): void {
  describe(`SearchIndex contract: ${adapterName}`, () => {
    let index: SearchIndex;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ index, cleanup } = await make());
      await index.init();
    });

    afterEach(async () => {
      await cleanup();
    });

    const search = (text: string, kind: SearchKind = 'all', limit = 20): Promise<SearchHit[]> => index.search({ text, kind, limit });
    const ids = async (text: string, kind: SearchKind = 'all', limit = 20): Promise<number[]> =>
      (await search(text, kind, limit)).map((h) => h.id);
    const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

    /** The highlighted substrings of a hit, as "field:text". */
    const highlighted = (hit: SearchHit | undefined, values: Record<string, string>): string[] =>
      (hit?.matches ?? []).map((m: Match) => `${m.field}:${(values[m.field] ?? '').slice(m.start, m.start + m.length)}`);

    describe('query words', () => {
      beforeEach(async () => {
        await index.upsertStories([
          story(1, 'marta', 'Growing up in Kraków'),
          story(2, 'piotr', 'The harbour of Gdańsk'),
          story(3, 'ewa', 'Letters to my grandmother'),
        ]);
      });

      it('gives no hits for empty or blank text', async () => {
        expect(await search('')).toEqual([]);
        expect(await search('   ')).toEqual([]);
        expect(await search(' \t\n ')).toEqual([]);
      });

      it('matches the last word as a prefix', async () => {
        expect(await ids('gro')).toEqual([1]);
        expect(await ids('growing u')).toEqual([1]);
        expect(await ids('growing up in kra')).toEqual([1]);
        expect(await ids('harb')).toEqual([2]);
        expect(await ids('h', 'stories')).toEqual([2]);
      });

      it('needs every word but the last to be a whole word', async () => {
        expect(await ids('gro up')).toEqual([]);
        expect(await ids('kra growing')).toEqual([]);
        expect(await ids('growing kraków')).toEqual([1]);
      });

      it('needs every word to match', async () => {
        expect(await ids('growing gdańsk')).toEqual([]);
        expect(await ids('harbour zebra')).toEqual([]);
        expect(await ids('the harbour of gdańsk')).toEqual([2]);
      });

      it('ignores case and diacritics, both in documents and in queries', async () => {
        expect(await ids('KRAKOW')).toEqual([1]);
        expect(await ids('gdansk')).toEqual([2]);
        expect(await ids('GDAŃSK')).toEqual([2]);
        await index.upsertStories([story(4, 'zoe', 'Summer in Sao Paulo')]);
        expect(await ids('são paulo')).toEqual([4]);
        expect(await ids('krakow growing')).toEqual([1]);
      });

      it('ignores punctuation around words', async () => {
        expect(await ids('growing, up!')).toEqual([1]);
        expect(await ids('"letters"')).toEqual([3]);
      });
    });

    describe('typo tolerance', () => {
      beforeEach(async () => {
        await index.upsertStories([
          story(1, 'marta', 'Happy garden'),
          story(2, 'piotr', 'Letters to my grandmother'),
          story(3, 'ewa', 'A long life'),
        ]);
      });

      it('allows no typo in words shorter than 5 letters', async () => {
        expect(await ids('lofe long')).toEqual([]);
        expect(await ids('long lofe')).toEqual([]);
        expect(await ids('life long')).toEqual([3]);
      });

      it('allows 1 typo from 5 letters', async () => {
        expect(await ids('garten happy')).toEqual([1]);
        expect(await ids('happy garten')).toEqual([1]);
        expect(await ids('happy garden')).toEqual([1]);
      });

      it('does not allow 2 typos below 9 letters', async () => {
        expect(await ids('gartem happy')).toEqual([]);
        expect(await ids('happy gartem')).toEqual([]);
      });

      it('allows 2 typos from 9 letters, not 3', async () => {
        expect(await ids('grendmother letters')).toEqual([2]);
        expect(await ids('grendmothar letters')).toEqual([2]);
        expect(await ids('letters grendmothar')).toEqual([2]);
        expect(await ids('grendmothaw letters')).toEqual([]);
        expect(await ids('letters grendmothaw')).toEqual([]);
      });
    });

    describe('typos in the word being typed', () => {
      beforeEach(async () => {
        await index.upsertStories([
          story(1, 'ruth', 'Forty Harvests at Hollow Creek'),
          story(2, 'eleanor', 'Forty-One Septembers'),
          story(3, 'gus', 'Grandmothers and their gardens'),
        ]);
      });

      it('allows 1 typo from 5 letters against any prefix of a word', async () => {
        expect(await ids('harvst')).toEqual([1]);
        expect(await ids('septembr')).toEqual([2]);
        expect(await ids('harevs')).toEqual([1]);
        expect(await ids('forty harrves')).toEqual([1]);
        expect(await ids('forty-one septme')).toEqual([2]);
      });

      it('allows 2 typos from 9 letters against a prefix, not 3', async () => {
        expect(await ids('grnadmtoh')).toEqual([3]);
        expect(await ids('grnadmtoj')).toEqual([]);
      });

      it('allows no typo below 5 letters, and none against a prefix once the word is complete', async () => {
        expect(await ids('havr')).toEqual([]);
        expect(await ids('harvst ')).toEqual([]);
        expect(await ids('harvst creek')).toEqual([]);
      });

      it('ranks a prefix with a typo below a prefix without one', async () => {
        await index.upsertStories([
          story(4, 'zed', 'Harvesters', { likes: 0 }),
          story(5, 'amy', 'Harbour lights', { likes: 9 }),
          story(6, 'bob', 'Harbest moon', { likes: 9 }),
        ]);
        expect(await ids('harve', 'stories')).toEqual([1, 4, 6]);
        expect(await ids('harbe', 'stories')).toEqual([6, 5, 1, 4]);
      });
    });

    describe('paging', () => {
      it('pages through every match with offset, in ranking order, each once', async () => {
        await index.upsertStories(
          Array.from({ length: 30 }, (_, i) => story(i + 1, `writer${String(i + 1).padStart(2, '0')}`, 'Winter tales', { likes: i })),
        );
        await index.upsertUsers(
          Array.from({ length: 30 }, (_, i) => user(i + 1, `writer${String(i + 1).padStart(2, '0')}`, 'Winter', null, i)),
        );
        for (const kind of ['stories', 'all'] as const) {
          const seen: number[] = [];
          for (let offset = 0; offset < 40; offset += 7) {
            seen.push(...(await index.search({ text: 'wint', kind, limit: 7, offset })).map((h) => h.id));
          }
          expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
        }
        expect(await index.search({ text: 'winter', kind: 'stories', limit: 5, offset: 30 })).toEqual([]);
      });
    });

    describe('relevance sets (tests/ports/search-relevance.ts)', () => {
      const loadDemo = async (extra?: { stories: StoryDoc[]; users: UserDoc[] }) => {
        const demo = demoDocuments();
        const stories = [...demo.stories, ...(extra?.stories ?? [])];
        const users = [...demo.users, ...(extra?.users ?? [])];
        await index.upsertStories(stories);
        await index.upsertUsers(users);
        const names = new Map(stories.map((d) => [d.id, d.username]));
        return (id: number) => names.get(id);
      };

      it('puts a title match on the first page, however many more liked authors bear the word', async () => {
        const usernameOf = await loadDemo(crowdOf(TITLE_OVER_AUTHOR, 1000));
        expect((await recallOf(index, TITLE_OVER_AUTHOR, usernameOf)).missed).toEqual([]);
      });

      it('finds the story meant despite real typing errors', async () => {
        const usernameOf = await loadDemo();
        expect((await recallOf(index, TYPING_ERRORS, usernameOf)).missed).toEqual([]);
      });

      it('finds stories and people in every language and script by what a person types', async () => {
        const world = worldDocuments();
        await index.upsertStories(world.stories);
        await index.upsertUsers(world.users);
        const names = new Map(world.users.map((d) => [d.id, d.username]));
        expect((await recallOf(index, EVERY_LANGUAGE, (id) => names.get(id))).missed).toEqual([]);
      });

      it('ranks a title match above a more liked match of the author only (kind stories)', async () => {
        await index.upsertStories([
          story(1, 'otieno_k', 'A life by the lake', { likes: 50 }),
          story(2, 'j.otieno', 'Notes', { likes: 40 }),
          story(3, 'amina', "Otieno's Story", { likes: 0 }),
          story(4, 'otieno', 'Otieno remembers', { likes: 1 }),
        ]);
        expect(await ids('otieno', 'stories')).toEqual([4, 3, 1, 2]);
        expect(await ids('otie', 'stories')).toEqual([4, 3, 1, 2]);
      });
    });

    describe('people and usernames', () => {
      it('finds people by username, first and last name', async () => {
        await index.upsertUsers([user(1, 'kowal77', 'Zofia', 'Nowak'), user(2, 'bartek', 'Bartosz', 'Wiśniewski')]);
        expect(await ids('kowal', 'users')).toEqual([1]);
        expect(await ids('zofia', 'users')).toEqual([1]);
        expect(await ids('nowak', 'users')).toEqual([1]);
        expect(await ids('zofia nowak', 'users')).toEqual([1]);
        expect(await ids('nowak zof', 'users')).toEqual([1]);
        expect(await ids('wisniewski', 'users')).toEqual([2]);
        expect(await ids('zofia wisniewski', 'users')).toEqual([]);
      });

      it('finds a username with _ or . by its parts and as a whole', async () => {
        await index.upsertUsers([user(1, 'anna_k'), user(2, 'jan.nowak'), user(3, 'zenon')]);
        expect(await ids('anna', 'users')).toEqual([1]);
        expect(await ids('anna_k', 'users')).toEqual([1]);
        expect(await ids('anna k', 'users')).toEqual([1]);
        expect(await ids('jan.nowak', 'users')).toEqual([2]);
        expect(await ids('nowak', 'users')).toEqual([2]);
        expect(await ids('jan', 'users')).toEqual([2]);
      });

      it('finds stories by their author username too', async () => {
        await index.upsertStories([story(1, 'kasia_m', 'Summer of 1985'), story(2, 'tomek', 'Kasia and me')]);
        expect(sorted(await ids('kasia', 'stories'))).toEqual([1, 2]);
        expect(await ids('kasia_m', 'stories')).toContain(1);
        expect(await ids('tomek summer', 'stories')).toEqual([]);
        expect(await ids('kasia_m summer', 'stories')).toEqual([1]);
      });

      it('never matches the names of a private account', async () => {
        await index.upsertUsers([user(1, 'qwerty', 'Zenobia', 'Quill'), user(2, 'asdf', null, null)]);
        expect(await ids('zenobia', 'users')).toEqual([1]);
        // The account becomes private: its names arrive as null and must stop matching.
        await index.upsertUsers([user(1, 'qwerty', null, null)]);
        expect(await ids('zenobia')).toEqual([]);
        expect(await ids('quill')).toEqual([]);
        const hits = await search('qwerty', 'users');
        expect(hits.map((h) => h.id)).toEqual([1]);
        expect(hits[0]!.matches.every((m) => m.field === 'username')).toBe(true);
        expect(await ids('asdf', 'users')).toEqual([2]);
      });
    });

    describe('ranking', () => {
      it('ranks a typo-free match above a more liked match with a typo', async () => {
        await index.upsertStories([story(1, 'aaa', 'Garden diaries', { likes: 1 }), story(2, 'bbb', 'Garten diaries', { likes: 500 })]);
        expect(await ids('garden', 'stories')).toEqual([1, 2]);
        expect(await ids('garten', 'stories')).toEqual([2, 1]);
      });

      it('ranks 1 typo above 2 typos', async () => {
        await index.upsertStories([story(1, 'aaa', 'Grandmothar', { likes: 1 }), story(2, 'bbb', 'Grendmothar', { likes: 500 })]);
        expect(await ids('grandmother', 'stories')).toEqual([1, 2]);
      });

      it('ranks a whole-word match above a more liked prefix match', async () => {
        await index.upsertUsers([user(1, 'annabel', null, null, 500), user(2, 'ann', null, null, 1)]);
        expect(await ids('ann', 'users')).toEqual([2, 1]);
        await index.upsertStories([story(3, 'ccc', 'Rivers of gold', { likes: 900 }), story(4, 'ddd', 'River of gold', { likes: 2 })]);
        expect(await ids('gold river', 'stories')).toEqual([4, 3]);
      });

      it('ranks a username match above a more liked name match', async () => {
        await index.upsertUsers([user(1, 'bee123', 'Rose', 'Smith', 900), user(2, 'rose', null, null, 3)]);
        expect(await ids('rose', 'users')).toEqual([2, 1]);
      });

      it('ranks a title match above a more liked name match in kind all', async () => {
        await index.upsertUsers([user(1, 'bee123', 'Harbour', 'Smith', 900)]);
        await index.upsertStories([story(2, 'someone', 'Harbour days', { likes: 3 })]);
        expect(await ids('harbour')).toEqual([2, 1]);
      });

      it('orders equally relevant hits by likes, then username', async () => {
        await index.upsertStories([
          story(1, 'carol', 'The river', { likes: 5 }),
          story(2, 'bob', 'The river', { likes: 10 }),
          story(3, 'alice', 'The river', { likes: 10 }),
          story(4, 'dave', 'The river', { likes: 0 }),
        ]);
        expect(await ids('river', 'stories')).toEqual([3, 2, 1, 4]);
        expect(await ids('the riv', 'stories')).toEqual([3, 2, 1, 4]);
        await index.upsertUsers([
          user(11, 'zed_river', null, null, 7),
          user(12, 'amy_river', null, null, 7),
          user(13, 'kim_river', null, null, 70),
        ]);
        expect(await ids('river', 'users')).toEqual([13, 12, 11]);
      });

      it('re-ranks when likes change', async () => {
        await index.upsertStories([story(1, 'aaa', 'Morning song', { likes: 10 }), story(2, 'bbb', 'Morning song', { likes: 20 })]);
        expect(await ids('morning', 'stories')).toEqual([2, 1]);
        await index.upsertStories([story(1, 'aaa', 'Morning song', { likes: 30 })]);
        expect(await ids('morning', 'stories')).toEqual([1, 2]);
        await index.upsertUsers([user(1, 'morning_a', null, null, 1), user(2, 'morning_b', null, null, 2)]);
        expect(await ids('morning', 'users')).toEqual([2, 1]);
        await index.upsertUsers([user(1, 'morning_a', null, null, 3)]);
        expect(await ids('morning', 'users')).toEqual([1, 2]);
      });
    });

    describe('kinds', () => {
      beforeEach(async () => {
        await index.upsertUsers([user(1, 'alice', 'Alice', 'Stone'), user(2, 'mountaineer_bob', 'Bob', 'Hill')]);
        await index.upsertStories([story(1, 'alice', 'Mountain diary')]);
      });

      it('filters by kind', async () => {
        expect(await ids('mountain', 'stories')).toEqual([1]);
        expect(await ids('mountain', 'users')).toEqual([2]);
        expect(sorted(await ids('mountain', 'all'))).toEqual([1, 2]);
        expect(await ids('stone', 'stories')).toEqual([]);
        expect(await ids('stone', 'users')).toEqual([1]);
      });

      it('gives one hit per id in kind all, with the matches of both documents', async () => {
        const hits = await search('alice', 'all');
        expect(hits.map((h) => h.id)).toEqual([1]);
        const fields = new Set(hits[0]!.matches.map((m) => m.field));
        expect(fields.has('username')).toBe(true);
        expect(fields.has('firstName')).toBe(true);
        // The story matches "mountain", the person does not: a hit for the story only.
        const both = await search('alice mountain', 'all');
        expect(both.map((h) => h.id)).toEqual([1]);
        expect(both[0]!.matches.some((m) => m.field === 'title')).toBe(true);
      });

      it('merges story and person of the same id when both match', async () => {
        await index.upsertUsers([user(3, 'anna_k', 'Anna', 'Kowalska', 4)]);
        await index.upsertStories([story(3, 'anna_k', "Anna's garden", { likes: 4 })]);
        const hits = await search('anna', 'all');
        expect(hits.map((h) => h.id)).toEqual([3]);
        const text = highlighted(hits[0], { title: "Anna's garden", username: 'anna_k', firstName: 'Anna' });
        expect(text).toContain('title:Anna');
        expect(text).toContain('username:anna');
        expect(text).toContain('firstName:Anna');
      });
    });

    describe('highlights', () => {
      it('points at whole words, prefixes and typo matches in the original text', async () => {
        const title = 'The Old Mill in Kraków';
        await index.upsertStories([story(1, 'miller', title)]);
        const values = { title, username: 'miller' };
        expect(highlighted((await search('krakow', 'stories'))[0], values)).toContain('title:Kraków');
        expect(highlighted((await search('old mill', 'stories'))[0], values)).toEqual(
          expect.arrayContaining(['title:Old', 'title:Mill', 'username:mill']),
        );
        const prefix = highlighted((await search('mil', 'stories'))[0], values);
        expect(prefix).toEqual(expect.arrayContaining(['title:Mil', 'username:mil']));
        expect(highlighted((await search('krakuw', 'stories'))[0], values)).toContain('title:Kraków');
      });

      it('counts offsets in UTF-16 code units of the original value', async () => {
        const title = '🌊🌊 Señora Müller, São Paulo';
        await index.upsertStories([story(1, 'someone', title)]);
        const hit = (await search('muller sao', 'stories'))[0];
        const values = { title, username: 'someone' };
        expect(highlighted(hit, values)).toEqual(expect.arrayContaining(['title:Müller', 'title:São']));
        const m = hit!.matches.find((x) => x.field === 'title' && title.slice(x.start, x.start + x.length) === 'Müller');
        expect(m).toEqual({ field: 'title', start: title.indexOf('Müller'), length: 6 });
      });

      it('points at a word inside a text without spaces, and at a word with its harakat', async () => {
        const zh = '我在北京的童年';
        const ar = 'حكايةُ جدّتي في القاهرة';
        await index.upsertStories([story(1, 'wang', zh), story(2, 'amal', ar)]);
        expect(highlighted((await search('北京', 'stories'))[0], { title: zh, username: 'wang' })).toEqual(['title:北京']);
        expect(highlighted((await search('جدتي', 'stories'))[0], { title: ar, username: 'amal' })).toEqual(['title:جدّتي']);
      });

      it('highlights names and usernames of people', async () => {
        await index.upsertUsers([user(1, 'zofia_n', 'Zofia', 'Nowakowska')]);
        const hit = (await search('zofia nowak', 'users'))[0];
        const text = highlighted(hit, { username: 'zofia_n', firstName: 'Zofia', lastName: 'Nowakowska' });
        expect(text).toEqual(expect.arrayContaining(['username:zofia', 'firstName:Zofia', 'lastName:Nowak']));
        expect(text.every((t) => !t.endsWith(':'))).toBe(true);
      });
    });

    describe('limits', () => {
      it('returns at most `limit` hits, the best ones', async () => {
        const docs = Array.from({ length: 30 }, (_, i) =>
          story(i + 1, `writer${String(i + 1).padStart(2, '0')}`, 'Winter tales', { likes: i }),
        );
        await index.upsertStories(docs);
        expect(await ids('winter', 'stories', 5)).toEqual([30, 29, 28, 27, 26]);
        expect(await ids('winter', 'stories', 1)).toEqual([30]);
        expect((await ids('winter', 'stories', 50)).length).toBe(30);
        expect((await ids('wint', 'all', 50)).length).toBe(30);
      });
    });

    describe('updates and deletes', () => {
      it('is idempotent: the same document twice is indexed once', async () => {
        const doc = story(1, 'marta', 'Growing up in Kraków', { likes: 3, likes30d: 1, likes365d: 2 });
        await index.upsertStories([doc]);
        await index.upsertStories([doc]);
        await index.upsertStories([doc, doc]);
        expect(await ids('growing')).toEqual([1]);
        expect(await index.countTop('all')).toBe(1);
        expect(await index.top('all', 0, 10)).toEqual([1]);
        const u = user(1, 'marta', 'Marta', 'Nowak');
        await index.upsertUsers([u, u]);
        await index.upsertUsers([u]);
        expect(await ids('marta', 'users')).toEqual([1]);
        expect(await ids('marta', 'all')).toEqual([1]);
      });

      it('re-indexes a changed title and username', async () => {
        await index.upsertStories([story(1, 'marta', 'Growing up in Kraków')]);
        await index.upsertStories([story(1, 'marta_w', 'Summer in Gdańsk')]);
        expect(await ids('growing')).toEqual([]);
        expect(await ids('krakow')).toEqual([]);
        expect(await ids('summer gdansk')).toEqual([1]);
        expect(await ids('marta_w')).toEqual([1]);
        await index.upsertUsers([user(2, 'old_name', 'Jan', 'Kowal')]);
        await index.upsertUsers([user(2, 'new_name', 'Jan', 'Kowal')]);
        expect(await ids('old_name', 'users')).toEqual([]);
        expect(await ids('new_name', 'users')).toEqual([2]);
      });

      it('deletes documents, and ignores ids that are not there', async () => {
        await index.upsertStories([story(1, 'aaa', 'Winter tales'), story(2, 'bbb', 'Winter nights', { likes: 1 })]);
        await index.upsertUsers([user(1, 'aaa', 'Winter', 'Smith'), user(3, 'winter_fan')]);
        await index.deleteStories([1, 999]);
        expect(await ids('winter', 'stories')).toEqual([2]);
        expect(sorted(await ids('winter', 'users'))).toEqual([1, 3]);
        await index.deleteUsers([1, 3, 12345]);
        expect(await ids('winter', 'users')).toEqual([]);
        expect(await ids('winter', 'all')).toEqual([2]);
        expect(await index.top('all', 0, 10)).toEqual([2]);
        await index.deleteStories([]);
        await index.deleteUsers([]);
        await index.deleteStories([2, 2]);
        expect(await ids('winter')).toEqual([]);
        expect(await index.countTop('all')).toBe(0);
      });

      it('clears everything', async () => {
        await index.upsertStories([story(1, 'aaa', 'Winter tales', { likes: 2, likes30d: 1, likes365d: 1 })]);
        await index.upsertUsers([user(1, 'aaa', 'Ann', 'Winter')]);
        await index.clear();
        expect(await ids('winter')).toEqual([]);
        expect(await ids('ann')).toEqual([]);
        for (const w of ['all', 'month', 'year'] as const) {
          expect(await index.top(w, 0, 10)).toEqual([]);
          expect(await index.countTop(w)).toBe(0);
        }
        await index.upsertStories([story(1, 'aaa', 'Winter tales')]);
        expect(await ids('winter')).toEqual([1]);
      });
    });

    describe('rebuild', () => {
      it('replaces every document with those the fill writes, and the index stays writable', async () => {
        await index.upsertStories([
          story(1, 'aaa', 'Winter tales', { likes: 2, likes30d: 1, likes365d: 1 }),
          story(2, 'bbb', 'Summer days'),
        ]);
        await index.upsertUsers([user(1, 'aaa', 'Ann', 'Winter')]);
        await index.rebuild(async (writer) => {
          await writer.upsertStories([story(2, 'bbb', 'Summer nights', { likes: 1 }), story(3, 'ccc', 'Winter again')]);
          await writer.upsertUsers([user(3, 'ccc', 'Cora', null)]);
        });
        expect(await ids('winter')).toEqual([3]);
        expect(await ids('summer nights')).toEqual([2]);
        expect(await ids('summer days')).toEqual([]);
        expect(await ids('ann')).toEqual([]);
        expect(await ids('cora', 'users')).toEqual([3]);
        expect(await index.top('all', 0, 10)).toEqual([2, 3]);
        expect(await index.countTop('month')).toBe(0);
        await index.upsertStories([story(4, 'ddd', 'Winter light')]);
        expect(sorted(await ids('winter'))).toEqual([3, 4]);
      });

      it('can be repeated, also with nothing to write', async () => {
        await index.upsertStories([story(1, 'aaa', 'Winter tales')]);
        await index.rebuild(async (writer) => writer.upsertStories([story(2, 'bbb', 'Winter nights')]));
        await index.rebuild(async (writer) => writer.upsertStories([story(2, 'bbb', 'Winter nights')]));
        expect(await ids('winter')).toEqual([2]);
        await index.rebuild(async () => undefined);
        expect(await ids('winter')).toEqual([]);
        expect(await index.countTop('all')).toBe(0);
      });
    });

    describe('top lists', () => {
      const t0 = 1_700_000_000_000;
      beforeEach(async () => {
        await index.upsertStories([
          story(1, 'amy', 'One', { likes: 10, likes30d: 0, likes365d: 4, createdAt: t0 + 1 }),
          story(2, 'ben', 'Two', { likes: 50, likes30d: 5, likes365d: 9, createdAt: t0 + 2 }),
          story(3, 'cat', 'Three', { likes: 10, likes30d: 2, likes365d: 4, createdAt: t0 + 3 }),
          story(4, 'dan', 'Four', { likes: 0, likes30d: 0, likes365d: 0, createdAt: t0 + 4 }),
          story(5, 'eve', 'Five', { likes: 10, likes30d: 2, likes365d: 0, createdAt: t0 + 3 }),
          story(6, 'fay', 'Six', { likes: 7, likes30d: 7, likes365d: 7, createdAt: t0 + 0 }),
        ]);
        // A person without a story never appears in top lists.
        await index.upsertUsers([user(7, 'gus', 'Gus', 'Top', 1000)]);
      });

      it('all time: every story by likes, ties newer first, then username', async () => {
        expect(await index.top('all', 0, 50)).toEqual([2, 3, 5, 1, 6, 4]);
        expect(await index.countTop('all')).toBe(6);
      });

      it('this month: stories with likes30d > 0 by likes30d', async () => {
        expect(await index.top('month', 0, 50)).toEqual([6, 2, 3, 5]);
        expect(await index.countTop('month')).toBe(4);
      });

      it('this year: stories with likes365d > 0 by likes365d', async () => {
        expect(await index.top('year', 0, 50)).toEqual([2, 6, 3, 1]);
        expect(await index.countTop('year')).toBe(4);
      });

      it('pages with offset and limit', async () => {
        const all = await index.top('all', 0, 50);
        const pages: number[] = [];
        for (let off = 0; off < 6; off += 4) pages.push(...(await index.top('all', off, 4)));
        expect(pages).toEqual(all);
        expect(await index.top('all', 2, 2)).toEqual(all.slice(2, 4));
        expect(await index.top('month', 3, 10)).toEqual([5]);
        expect(await index.top('year', 4, 10)).toEqual([]);
        expect(await index.top('all', 100, 10)).toEqual([]);
      });

      it('follows likes changes and deletes', async () => {
        await index.upsertStories([story(4, 'dan', 'Four', { likes: 60, likes30d: 1, likes365d: 1, createdAt: t0 + 4 })]);
        expect(await index.top('all', 0, 2)).toEqual([4, 2]);
        expect(await index.countTop('month')).toBe(5);
        expect(await index.top('month', 0, 50)).toEqual([6, 2, 3, 5, 4]);
        await index.upsertStories([story(6, 'fay', 'Six', { likes: 7, likes30d: 0, likes365d: 7, createdAt: t0 })]);
        expect(await index.top('month', 0, 50)).toEqual([2, 3, 5, 4]);
        await index.deleteStories([2]);
        expect(await index.top('all', 0, 50)).toEqual([4, 3, 5, 1, 6]);
        expect(await index.countTop('all')).toBe(5);
        expect(await index.countTop('year')).toBe(4);
      });
    });
  });
}
