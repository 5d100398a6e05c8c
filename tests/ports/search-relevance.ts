/**
 * Relevance sets for search (docs/decisions/0011-search-ranking-and-paging.md), over the demo people and
 * stories (server/src/demo/people.ts). Each entry is a query and the author of the story that must be on its
 * first page (20 hits) in kind 'stories'. Run by the SearchIndex contract suite on every adapter, and by the
 * bench (`npm run bench`, search section), which reports recall.
 *
 * - TITLE_OVER_AUTHOR: a title word must not be crowded out by authors whose username holds the same word.
 *   `crowdOf` adds, for each query, 30 authors named after the word, with more likes and unrelated titles.
 * - TYPING_ERRORS: real typing errors, as people make them on a keyboard: a dropped letter, a doubled one,
 *   two neighbours swapped, a neighbouring key hit instead; in a word typed to its end, in a word still being
 *   typed (the prefix rule), and in an earlier word of the query.
 * - EVERY_LANGUAGE: stories and people in other languages and scripts (`worldDocuments`), found by what a person
 *   types: without the accents, harakat or niqqud, in another case, an Arabic spelling variant, and words of
 *   languages written without spaces (Chinese, Japanese, Thai), whole or being typed
 *   (docs/stories-in-every-language.md).
 */
import { DEMO_PEOPLE } from '../../server/src/demo/people';
import type { SearchIndex, StoryDoc, UserDoc } from '../../server/src/ports/search-index';

export interface RelevanceCase {
  query: string;
  /** The author's username of the story that must be on the first page. */
  author: string;
  /** What kind of typing error the query has (TYPING_ERRORS only). */
  error?: 'drop' | 'double' | 'swap' | 'neighbour';
  /** The title words the crowd of authors is named after (TITLE_OVER_AUTHOR only; the query's words if absent). */
  crowd?: string;
  /** The kind searched: 'stories' unless said (then `author` is the person found). */
  kind?: 'stories' | 'users';
}

export const FIRST_PAGE = 20;

/** The demo people with a story (ids 1..), as story and person documents; no likes, so usernames break ties. */
export function demoDocuments(): { stories: StoryDoc[]; users: UserDoc[] } {
  const stories: StoryDoc[] = [];
  const users: UserDoc[] = [];
  DEMO_PEOPLE.forEach((p, i) => {
    const id = i + 1;
    users.push({
      id,
      username: p.username,
      firstName: p.isPrivate ? null : p.firstName,
      lastName: p.isPrivate ? null : p.lastName,
      likes: 0,
    });
    if (p.story) {
      stories.push({
        id,
        username: p.username,
        title: p.story.text.title,
        likes: 0,
        likes30d: 0,
        likes365d: 0,
        createdAt: 1_700_000_000_000 + id,
      });
    }
  });
  return { stories, users };
}

export const TITLE_OVER_AUTHOR: RelevanceCase[] = [
  { query: 'kitchen', author: 'nonna.lucia' },
  { query: 'valley', author: 'gareth.pryce' },
  { query: 'harvests', author: 'ruth.ellingson' },
  { query: 'harv', author: 'ruth.ellingson', crowd: 'harvests' },
  { query: 'septembers', author: 'eleanor.abernathy' },
  { query: 'bears', author: 'bearcountry' },
  { query: 'dragon', author: 'meilin.chen' },
  { query: 'golden drag', author: 'meilin.chen', crowd: 'golden_dragon' },
  { query: 'septem', author: 'eleanor.abernathy', crowd: 'septembers' },
  { query: 'tulips', author: 'tulips.for.tom' },
  { query: 'salt', author: 'maren.holt' },
  { query: 'eleven', author: 'sam.rivera' },
  { query: 'eleven', author: 'eleven.schools' },
  { query: 'boat', author: 'paperlanterns' },
  { query: 'night ward', author: 'ada.okafor' },
  { query: 'trucker', author: 'gus.miles' },
];

/** Authors named after each query's words (30 per query, more liked than any demo story), titled otherwise. */
export function crowdOf(cases: RelevanceCase[], firstId: number): { stories: StoryDoc[]; users: UserDoc[] } {
  const stories: StoryDoc[] = [];
  const users: UserDoc[] = [];
  let id = firstId;
  const words = [...new Set(cases.map((c) => c.crowd ?? c.query.split(' ').join('_')))];
  for (const word of words) {
    for (let k = 0; k < 30; k++) {
      const username = `${word}.${String.fromCharCode(97 + (k % 26))}${k}`;
      stories.push({ id, username, title: `Notes ${k}`, likes: 100 + k, likes30d: 0, likes365d: 0, createdAt: 1_700_000_100_000 + id });
      users.push({ id, username, firstName: null, lastName: null, likes: 100 + k });
      id++;
    }
  }
  return { stories, users };
}

export const TYPING_ERRORS: RelevanceCase[] = [
  // The two from issue 17: a word being typed, one letter dropped.
  { query: 'harvst', author: 'ruth.ellingson', error: 'drop' },
  { query: 'septembr', author: 'eleanor.abernathy', error: 'drop' },
  { query: 'kitchn', author: 'nonna.lucia', error: 'drop' },
  { query: 'astronmer', author: 'amelie.vasseur', error: 'drop' },
  { query: 'suitcse', author: 'irena.nowak', error: 'drop' },
  { query: 'abernaty', author: 'eleanor.abernathy', error: 'drop' },
  { query: 'elenor', author: 'eleanor.abernathy', error: 'drop' },
  { query: 'harrvest', author: 'ruth.ellingson', error: 'double' },
  { query: 'truckker', author: 'gus.miles', error: 'double' },
  { query: 'konbinni', author: 'konbini.kenji', error: 'double' },
  { query: 'drumms', author: 'sticks.baptiste', error: 'double' },
  { query: 'septtem', author: 'eleanor.abernathy', error: 'double' },
  { query: 'draogn', author: 'meilin.chen', error: 'swap' },
  { query: 'breahts', author: 'bridget.dunne', error: 'swap' },
  { query: 'seaosns', author: 'sam.rivera', error: 'swap' },
  { query: 'colleir', author: 'gareth.pryce', error: 'swap' },
  { query: 'harevs', author: 'ruth.ellingson', error: 'swap' },
  { query: 'kreuzbreg', author: 'yusuf.terzi', error: 'swap' },
  { query: 'kitchem', author: 'nonna.lucia', error: 'neighbour' },
  { query: 'valleu', author: 'gareth.pryce', error: 'neighbour' },
  { query: 'tailir', author: 'yusuf.terzi', error: 'neighbour' },
  { query: 'tulipd', author: 'tulips.for.tom', error: 'neighbour' },
  { query: 'hollpw', author: 'ruth.ellingson', error: 'neighbour' },
  { query: 'astrom', author: 'amelie.vasseur', error: 'neighbour' },
  // Several words: the error in an earlier word (a whole word, one typo from 5 letters), or in the last.
  { query: 'forty harvst', author: 'ruth.ellingson', error: 'drop' },
  { query: 'nigth ward', author: 'ada.okafor', error: 'swap' },
  { query: 'golden dargon', author: 'meilin.chen', error: 'swap' },
  { query: 'kitchem knew', author: 'nonna.lucia', error: 'neighbour' },
  { query: 'darkset sky', author: 'amelie.vasseur', error: 'swap' },
  { query: 'thousannd first', author: 'bridget.dunne', error: 'double' },
  { query: 'forty-one septembr', author: 'eleanor.abernathy', error: 'drop' },
];

/** People writing in other languages (ids 1..): a story each, titled in their language, and a public name. */
const WORLD: Array<{ username: string; firstName: string; lastName: string; title: string }> = [
  { username: 'amal.haddad', firstName: 'أمل', lastName: 'حدّاد', title: 'حكايةُ جدّتي في القاهرة' },
  { username: 'noa.levi', firstName: 'נוֹעָה', lastName: 'לוי', title: 'ירושלים שלי' },
  { username: 'eleni.p', firstName: 'Ελένη', lastName: 'Παπαδάκη', title: 'Τα καλοκαίρια στη Σαντορίνη' },
  { username: 'olga.iv', firstName: 'Ольга', lastName: 'Иванова', title: 'Детство в Ленинграде' },
  { username: 'wang.fang', firstName: '芳', lastName: '王', title: '我在北京的童年' },
  { username: 'sato.yuki', firstName: '由紀', lastName: '佐藤', title: '東京で生まれた私の人生' },
  { username: 'somchai.k', firstName: 'สมชาย', lastName: 'ใจดี', title: 'ชีวิตของฉันที่เชียงใหม่' },
  { username: 'jean.morel', firstName: 'Jérôme', lastName: 'Lefèvre', title: 'Mémoires d’un cordonnier à Besançon' },
  { username: 'ayse.k', firstName: 'Ayşe', lastName: 'Öztürk', title: 'İstanbul’da Büyüdüm' },
];

export function worldDocuments(): { stories: StoryDoc[]; users: UserDoc[] } {
  const stories: StoryDoc[] = [];
  const users: UserDoc[] = [];
  WORLD.forEach((p, i) => {
    const id = i + 1;
    users.push({ id, username: p.username, firstName: p.firstName, lastName: p.lastName, likes: 0 });
    stories.push({ id, username: p.username, title: p.title, likes: 0, likes30d: 0, likes365d: 0, createdAt: 1_700_000_000_000 + id });
  });
  return { stories, users };
}

export const EVERY_LANGUAGE: RelevanceCase[] = [
  // Arabic: without the harakat and shadda, the teh marbuta typed as heh, a word being typed.
  { query: 'جدتي', author: 'amal.haddad' },
  { query: 'القاهره', author: 'amal.haddad' },
  { query: 'حكاية القا', author: 'amal.haddad' },
  { query: 'حداد', author: 'amal.haddad', kind: 'users' },
  // Hebrew: a name written with niqqud found without it; a word being typed.
  { query: 'נועה', author: 'noa.levi', kind: 'users' },
  { query: 'ירושל', author: 'noa.levi' },
  // Greek: no tonos, upper case (whose last sigma is not final), lower case.
  { query: 'σαντορινη', author: 'eleni.p' },
  { query: 'ΚΑΛΟΚΑΙΡΙΑ', author: 'eleni.p' },
  { query: 'ελενη παπαδακη', author: 'eleni.p', kind: 'users' },
  // Cyrillic: another case, a word being typed.
  { query: 'ДЕТСТВО', author: 'olga.iv' },
  { query: 'ленингр', author: 'olga.iv' },
  { query: 'ольга', author: 'olga.iv', kind: 'users' },
  // Chinese: a word inside a title with no spaces, whole and being typed.
  { query: '北京', author: 'wang.fang' },
  { query: '童年', author: 'wang.fang' },
  { query: '北', author: 'wang.fang' },
  // Japanese: kanji words between kana.
  { query: '東京', author: 'sato.yuki' },
  { query: '人生', author: 'sato.yuki' },
  // Thai: a word inside a title with no spaces.
  { query: 'เชียงใหม่', author: 'somchai.k' },
  { query: 'ชีวิต', author: 'somchai.k' },
  // Latin letters typed without their accents, and with them in another case.
  { query: 'memoires', author: 'jean.morel' },
  { query: 'besancon', author: 'jean.morel' },
  { query: 'CORDONNIER', author: 'jean.morel' },
  { query: 'jerome lefevre', author: 'jean.morel', kind: 'users' },
  { query: 'istanbul', author: 'ayse.k' },
  { query: 'ayse ozturk', author: 'ayse.k', kind: 'users' },
];

export interface RecallResult {
  found: number;
  total: number;
  /** The cases whose story was not on the first page. */
  missed: RelevanceCase[];
}

/** How many cases find their story on the first page of kind 'stories'. */
export async function recallOf(
  index: SearchIndex,
  cases: RelevanceCase[],
  usernameOf: (id: number) => string | undefined,
): Promise<RecallResult> {
  const missed: RelevanceCase[] = [];
  for (const c of cases) {
    const hits = await index.search({ text: c.query, kind: c.kind ?? 'stories', limit: FIRST_PAGE });
    if (!hits.some((h) => usernameOf(h.id) === c.author)) missed.push(c);
  }
  return { found: cases.length - missed.length, total: cases.length, missed };
}
