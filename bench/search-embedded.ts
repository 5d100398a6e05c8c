/**
 * Benchmark of the embedded SearchIndex at 100k stories + 100k people.
 *
 *   npx tsx bench/search-embedded.ts [--docs 100000] [--keep] [--reuse FILE]
 *
 * --keep leaves the index file in place; --reuse FILE searches such a file instead of loading the documents
 * again (the same --docs; quicker when only the queries changed).
 *
 * Builds deterministic, realistic documents (seeded PRNG, word lists, Zipf-like name and word frequencies,
 * power-law likes, 30% private accounts), times the bulk load, then runs every prefix of ~200 realistic
 * queries (names, usernames, title phrases, single words, queries with typos) as search-as-you-type would,
 * and prints latency percentiles of search(), of its further pages (See more: offsets 20, 40, 100 and 480), of
 * top()/countTop() and of a likes-only story upsert. Then adds the demo stories (with a crowd of authors named
 * after title words, and stories in other scripts) and prints the recall of the relevance sets of tests/ports/search-relevance.ts among
 * all these documents (ADR 0011). Not a test: nothing here asserts timings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedSearchIndex } from '../server/src/adapters/search/embedded/embedded-search-index';
import type { SearchKind, StoryDoc, TopWindow, UserDoc } from '../server/src/ports/search-index';
import {
  crowdOf,
  demoDocuments,
  EVERY_LANGUAGE,
  recallOf,
  TITLE_OVER_AUTHOR,
  TYPING_ERRORS,
  worldDocuments,
} from '../tests/ports/search-relevance';
import { seededRandom } from './lib/stats';

const args = process.argv.slice(2);
const argValue = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const N = Number(argValue('--docs') ?? 100_000);
const KEEP = args.includes('--keep');
const REUSE = argValue('--reuse');

// ----------------------------------------------------------------------------------------------- PRNG

const rnd = seededRandom(20240611);
const int = (n: number): number => Math.floor(rnd() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
/** Zipf-like pick: early entries are much more frequent. */
const zipf = <T>(xs: readonly T[], s = 1.0): T => {
  const u = rnd();
  const i = Math.floor((xs.length + 1) ** (u ** (1 / s))) - 1;
  return xs[Math.min(xs.length - 1, Math.max(0, i))]!;
};

// ----------------------------------------------------------------------------------------------- Word lists

const FIRST = `Anna Maria Katarzyna Małgorzata Agnieszka Krystyna Barbara Ewa Elżbieta Zofia Janina Teresa Joanna Magdalena
Monika Jadwiga Danuta Irena Halina Helena Beata Aleksandra Marta Dorota Marianna Grażyna Jolanta Stanisława Iwona
Piotr Krzysztof Andrzej Tomasz Paweł Jan Michał Marcin Stanisław Jakub Adam Marek Łukasz Grzegorz Mateusz Wojciech
Mariusz Dariusz Zbigniew Jerzy Maciej Rafał Robert Kamil Józef Szymon Ryszard Tadeusz Bartosz Sebastian John Mary
James Emma Olivia Liam Noah Sophia Isabella Mia Charlotte Amelia Harper Evelyn Abigail Emily Elizabeth Sofia Ella
Madison Scarlett Victoria Grace Chloe Camila Penelope Riley Layla Lily Nora Zoë Hannah Eleanor Natalie Luna Leah
Stella Hazel Ellie Audrey Violet Claire Lucy William Benjamin Lucas Henry Alexander Mason Michael Ethan Daniel Jacob
Logan Jackson Levi Mateo Jack Owen Theodore Samuel Joseph David Matthew Luke Julian Leo Gabriel Isaac Anthony Ezra
Thomas Charles Christopher Andrew Elias Joshua Nathan Caleb Ryan Adrian Miles Eli Aaron José Søren Ingrid Astrid
Björn Åsa Émile Hélène François Zoé Jürgen Günther Renée Inês João Łucja Ignacy Bożena Żaneta Ślimak Oskar Annabel
Annika Marianne Mariusz Marika Marina Marius Mark Martin Martyna Mariola`.split(/\s+/);

const LAST = `Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski
Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Piotrowski Grabowski Nowakowski Pawłowski Michalski Nowicki Adamczyk
Dudek Zając Wieczorek Jabłoński Król Majewski Olszewski Jaworski Wróbel Malinowski Pawlak Witkowski Walczak Stępień
Górski Rutkowski Michalak Sikora Ostrowski Baran Duda Szewczyk Tomaszewski Pietrzak Marciniak Wróblewski Zalewski
Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson
Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young
Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter
Roberts Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Dubois Durand Lefèvre Moreau
Laurent Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Jensen Nielsen Hansen Pedersen
Andersen Larsen Sørensen Novák Svoboda Dvořák Černý Procházka Kučera Horváth Kovács Szabó Tóth Nagy García Fernández
González Rodríguez López Martínez Sánchez Pérez Gómez Jiménez Ruiz Díaz Moreno Álvarez Muñoz Romero Alonso Gutiérrez
Navarro Domínguez Vázquez Ramos Serrano Blanco Kowalewski Kowalik Kowal Nowacki Nowaczyk Marek Markowski Annanowski`.split(/\s+/);

const PLACES = [
  ...`Kraków Warsaw Łódź Gdańsk Wrocław Poznań Lublin Szczecin Katowice Zakopane Toruń Białystok London Paris Berlin
Vienna Prague Budapest Rome Madrid Lisbon Dublin Edinburgh Amsterdam Brussels Copenhagen Stockholm Oslo Helsinki
Chicago Boston Toronto Montreal Sydney Melbourne Lima Tokyo Kyoto Seoul Mumbai Cairo Nairobi Silesia Mazury Podhale
Bavaria Provence Tuscany Andalusia Normandy Brittany Galicia Bohemia Moravia Lapland Siberia`.split(/\s+/),
  'New York',
  'Buenos Aires',
  'the mountains',
  'the sea',
  'the village',
  'the city',
  'the countryside',
  'the river',
  'the lake',
  'the farm',
  'the factory',
  'the harbour',
];

const RELATIVES = `mother father grandmother grandfather sister brother daughter son aunt uncle wife husband children
family ancestors neighbours friends teacher granddaughter grandson cousin godmother`.split(/\s+/);

const ADJ = `long short quiet loud hidden forgotten secret lost found golden silver bright dark happy sad wild gentle
brave strange simple ordinary extraordinary last first early late unexpected beautiful difficult good bad old young
little great small big red blue green white black cold warm distant familiar endless broken healing open closed
restless patient stubborn lucky unlucky humble proud honest curious careful`.split(/\s+/);

const NOUNS = `life story journey years summer winter spring autumn war peace love home house garden kitchen
road letters memories dreams war childhood youth school work factory farm harbour ship train bridge river mountain
forest field village city street window door table bread music song dance book words silence light shadow
time morning evening night day week season century decade family friendship marriage wedding funeral birth
faith hope courage fear loss grief joy laughter tears promise secret truth lies choice chance luck fortune
trade craft business shop market money debt work career exile return escape freedom prison camp border
island coast desert snow rain storm sun moon stars sky garden orchard vineyard horses dogs cats birds
photographs recipes songs stories poems diaries journals postcards maps keys clocks`.split(/\s+/);

const PROFESSIONS = `teacher doctor nurse engineer miner farmer baker tailor sailor soldier pilot writer painter
musician carpenter builder shopkeeper midwife priest lawyer judge journalist photographer programmer scientist
mechanic electrician driver cook chef librarian gardener fisherman blacksmith potter weaver architect`.split(/\s+/);

// Rare words: pronounceable pseudo-words, Zipf-distributed, so that titles have a long tail vocabulary.
const SYL = `ka lo mi ra ne to su vi de ba po li sa me ro na te zu fi go ha je ku la mo ni pe ri so ta ve wy za
bri cla dro fle gri klo pla pre sta stro tra vel mar len dor kin ston ber wal mor tan sel`.split(/\s+/);
const RARE: string[] = [];
{
  const seen = new Set<string>();
  while (RARE.length < 6000) {
    let w = '';
    const n = 2 + int(3);
    for (let i = 0; i < n; i++) w += pick(SYL);
    if (!seen.has(w)) {
      seen.add(w);
      RARE.push(w);
    }
  }
}

const strip = (s: string): string =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').replace(/ø/g, 'o').replace(/ß/g, 'ss').toLowerCase();
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const feminine = (last: string, first: string): string =>
  /a$/.test(first) && /ski$|cki$|dzki$/.test(last) ? last.replace(/i$/, 'a') : last;

const TEMPLATES: Array<(f: string) => string> = [
  () => `My Life in ${pick(PLACES)}`,
  () => `Growing Up in ${zipf(PLACES)}`,
  () => `The ${cap(zipf(ADJ))} ${cap(zipf(NOUNS))}`,
  () => `${cap(zipf(NOUNS))} and ${cap(zipf(NOUNS))}`,
  () => `Letters to My ${cap(zipf(RELATIVES))}`,
  () => `How I Became a ${cap(pick(PROFESSIONS))}`,
  () => `From ${zipf(PLACES)} to ${zipf(PLACES)}`,
  () => `Memories of ${zipf(PLACES)}`,
  () => `A ${cap(zipf(ADJ))} Journey`,
  () => `Summer of ${1940 + int(80)}`,
  (f) => `${f}'s Story`,
  () => `Notes of a ${cap(pick(PROFESSIONS))}`,
  () => `Between ${cap(zipf(NOUNS))} and ${cap(zipf(NOUNS))}`,
  () => `When I Was ${5 + int(80)}`,
  () => `Fifty Years of ${cap(zipf(NOUNS))}`,
  () => `The ${cap(pick(PROFESSIONS))} Who Loved ${cap(zipf(NOUNS))}`,
  () => `${cap(zipf(RARE, 0.7))} ${cap(zipf(NOUNS))}`,
  () => `The ${cap(zipf(RARE, 0.7))} of ${zipf(PLACES)}`,
  () => `${cap(zipf(ADJ))} ${cap(zipf(RARE, 0.7))}`,
  () => `My ${cap(zipf(RELATIVES))}'s ${cap(zipf(NOUNS))}`,
  () => `Stories from ${zipf(PLACES)}`,
  () => `${cap(zipf(ADJ))} ${cap(zipf(NOUNS))} in ${zipf(PLACES)}`,
  () => `Everything I Learned About ${cap(zipf(NOUNS))}`,
  () => `Life`,
  () => `The ${cap(zipf(NOUNS))} Years`,
  () => `${cap(zipf(RARE, 0.7))}`,
];

// ----------------------------------------------------------------------------------------------- Documents

interface Person {
  id: number;
  first: string;
  last: string;
  username: string;
  priv: boolean;
  title: string;
  likes: number;
}

function makePeople(n: number): Person[] {
  const used = new Set<string>();
  const people: Person[] = [];
  for (let id = 1; id <= n; id++) {
    const first = zipf(FIRST, 0.9);
    const last = feminine(zipf(LAST, 0.9), first);
    const f = strip(first);
    const l = strip(last);
    const nick = `${zipf(ADJ)}${pick(['_', '', '.'])}${zipf(NOUNS)}`;
    const patterns = [
      () => `${f}${l}`,
      () => `${f}.${l}`,
      () => `${f}_${l}`,
      () => `${f[0]}${l}`,
      () => `${f}${10 + int(90)}`,
      () => `${f}_${l[0]}`,
      () => `${l}${int(1000)}`,
      () => nick,
      () => `${f}${l}${int(100)}`,
      () => `${f}.${l[0]}${1950 + int(60)}`,
    ];
    let username = pick(patterns)();
    while (used.has(username)) username = `${username}${int(10)}`;
    used.add(username);
    const u = rnd();
    const likes = u < 0.4 ? 0 : Math.floor((1 / (1 - rnd())) ** 1.3) - 1 + (u > 0.999 ? int(20_000) : 0);
    people.push({ id, first, last, username, priv: rnd() < 0.3, title: pick(TEMPLATES)(first), likes });
  }
  return people;
}

function storyDoc(p: Person): StoryDoc {
  const likes30d = Math.floor(p.likes * rnd() * 0.3);
  const likes365d = Math.max(likes30d, Math.floor(p.likes * rnd() * 0.8));
  return {
    id: p.id,
    username: p.username,
    title: p.title,
    likes: p.likes,
    likes30d,
    likes365d,
    createdAt: 1_600_000_000_000 + int(120_000_000_000),
  };
}

function userDoc(p: Person): UserDoc {
  return {
    id: p.id,
    username: p.username,
    firstName: p.priv ? null : p.first,
    lastName: p.priv ? null : p.last,
    likes: p.likes,
  };
}

// ----------------------------------------------------------------------------------------------- Queries

function typo(w: string): string {
  if (w.length < 5) return w;
  const i = 1 + int(w.length - 2);
  const k = int(3);
  if (k === 0) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // transposition
  if (k === 1) return w.slice(0, i) + w.slice(i + 1); // deletion
  return w.slice(0, i) + pick('aeioustrnl'.split('')) + w.slice(i + 1); // substitution
}

function makeQueries(people: Person[]): string[] {
  const qs: string[] = [];
  const pub = people.filter((p) => !p.priv);
  for (let i = 0; i < 50; i++) {
    const p = pick(pub);
    qs.push(rnd() < 0.5 ? `${p.first} ${p.last}`.toLowerCase() : strip(`${p.first} ${p.last}`));
  }
  for (let i = 0; i < 10; i++) qs.push(strip(pick(pub).last));
  for (let i = 0; i < 40; i++) qs.push(pick(people).username);
  for (let i = 0; i < 50; i++) {
    const words = pick(people).title.split(' ');
    qs.push(
      words
        .slice(0, Math.min(words.length, 2 + int(3)))
        .join(' ')
        .toLowerCase(),
    );
  }
  for (let i = 0; i < 20; i++) qs.push(strip(pick([...PLACES, ...NOUNS, ...PROFESSIONS])));
  for (let i = 0; i < 30; i++) {
    const p = pick(pub);
    const src = pick([`${strip(p.first)} ${strip(p.last)}`, strip(p.title)]).replace(/[^a-z0-9 ]/g, '');
    qs.push(
      src
        .split(' ')
        .map((w) => (w.length >= 5 && rnd() < 0.6 ? typo(w) : w))
        .join(' '),
    );
  }
  return qs;
}

function asYouType(q: string): string[] {
  const out: string[] = [];
  for (let i = 1; i <= q.length; i++) {
    const s = q.slice(0, i);
    if (s.trim()) out.push(s);
  }
  return out;
}

// ----------------------------------------------------------------------------------------------- Stats

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const fmt = (ms: number): string => `${ms.toFixed(2)}`.padStart(7);
function summary(label: string, xs: number[]): string {
  return `${label.padEnd(34)} n=${String(xs.length).padStart(5)}  p50 ${fmt(pct(xs, 50))}  p95 ${fmt(pct(xs, 95))}  p99 ${fmt(
    pct(xs, 99),
  )}  max ${fmt(Math.max(...xs))} ms`;
}
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

// ----------------------------------------------------------------------------------------------- Main

async function main(): Promise<void> {
  const dir = REUSE ? path.dirname(REUSE) : fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  const file = REUSE ?? path.join(dir, 'bench.sqlite');
  console.log(`Embedded search benchmark: ${N} stories + ${N} people, file ${file}`);
  const people = makePeople(N);
  const stories = people.map(storyDoc);
  const users = people.map(userDoc);

  const index = new EmbeddedSearchIndex(file);
  await index.init();
  const batch = 2000;
  if (!REUSE) {
    let t0 = now();
    for (let i = 0; i < stories.length; i += batch) await index.upsertStories(stories.slice(i, i + batch));
    const tStories = now() - t0;
    t0 = now();
    for (let i = 0; i < users.length; i += batch) await index.upsertUsers(users.slice(i, i + batch));
    const tUsers = now() - t0;
    const size = ['', '-wal'].reduce((s, x) => s + (fs.existsSync(file + x) ? fs.statSync(file + x).size : 0), 0);
    console.log(
      `bulk load: stories ${(tStories / 1000).toFixed(1)} s, people ${(tUsers / 1000).toFixed(1)} s, file ${(size / 1e6).toFixed(0)} MB`,
    );
    t0 = now();
    await index.upsertStories(stories.slice(0, batch));
    console.log(`re-upsert of ${batch} unchanged stories: ${(now() - t0).toFixed(0)} ms`);
  }

  const queries = makeQueries(people);
  const states = queries.flatMap(asYouType);
  console.log(
    `${queries.length} queries, ${states.length} as-you-type states; e.g. ${queries.slice(0, 3).join(' | ')} | ${queries[60]} | ${queries[110]} | ${queries[190]}`,
  );

  const run = async (
    kind: SearchKind,
    limit: number,
    offset = 0,
    texts = states,
  ): Promise<{ all: number[]; worst: Array<[number, string]> }> => {
    const all: number[] = [];
    const worst: Array<[number, string]> = [];
    for (const text of texts) {
      const s = now();
      await index.search({ text, kind, limit, offset });
      const d = now() - s;
      all.push(d);
      worst.push([d, text]);
    }
    worst.sort((a, b) => b[0] - a[0]);
    return { all, worst: worst.slice(0, 8) };
  };

  // First pass: typo candidates are loaded per first letter on first use (the file itself is in the OS cache
  // after the load). Reported separately; the passes below are warm.
  console.log(summary('first pass, kind=all limit=20', (await run('all', 20)).all));
  for (const [kind, limit] of [
    ['all', 20],
    ['all', 50],
    ['stories', 20],
    ['users', 20],
  ] as Array<[SearchKind, number]>) {
    const { all, worst } = await run(kind, limit);
    console.log(summary(`search kind=${kind} limit=${limit}`, all));
    if (kind === 'stories') console.log(`  slowest: ${worst.map(([d, t]) => `${JSON.stringify(t)} ${d.toFixed(1)}`).join(', ')}`);
    if (kind === 'all' && limit === 20) {
      console.log(`  slowest: ${worst.map(([d, t]) => `${JSON.stringify(t)} ${d.toFixed(1)}`).join(', ')}`);
      const byLen = new Map<number, number[]>();
      states.forEach((t, i) => {
        const k = Math.min(t.trim().split(/\s+/).length, 3) * 10 + Math.min(t.trim().split(/\s+/).pop()!.length, 5);
        byLen.set(k, [...(byLen.get(k) ?? []), all[i]!]);
      });
      for (const k of [...byLen.keys()].sort((a, b) => a - b)) {
        const w = Math.floor(k / 10);
        const l = k % 10;
        console.log(`  ${summary(`${w}${w === 3 ? '+' : ''} word(s), last word ${l}${l === 5 ? '+' : ''} chars`, byLen.get(k)!)}`);
      }
    }
  }

  // See more: the pages after the first, for every as-you-type state and for the whole queries.
  for (const [kind, offset] of [
    ['all', 20],
    ['stories', 20],
    ['stories', 40],
    ['stories', 100],
  ] as Array<[SearchKind, number]>) {
    console.log(summary(`search kind=${kind} limit=20 offset=${offset}`, (await run(kind, 20, offset)).all));
  }
  for (const offset of [20, 100, 480]) {
    const { all, worst } = await run('stories', 20, offset, queries);
    console.log(summary(`whole queries, stories, offset=${offset}`, all));
    if (offset === 480) console.log(`  slowest: ${worst.map(([d, t]) => `${JSON.stringify(t)} ${d.toFixed(1)}`).join(', ')}`);
  }

  for (const window of ['all', 'month', 'year'] as TopWindow[]) {
    for (const offset of [0, 5000]) {
      const xs: number[] = [];
      for (let i = 0; i < 200; i++) {
        const s = now();
        await index.top(window, offset + (i % 4) * 50, 50);
        xs.push(now() - s);
      }
      console.log(summary(`top(${window}, ${offset}, 50)`, xs));
    }
    const xs: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = now();
      await index.countTop(window);
      xs.push(now() - s);
    }
    console.log(summary(`countTop(${window}) = ${await index.countTop(window)}`, xs));
  }

  const xs: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const d = stories[int(stories.length)]!;
    d.likes += 1;
    d.likes30d += 1;
    d.likes365d += 1;
    const s = now();
    await index.upsertStories([d]);
    xs.push(now() - s);
  }
  console.log(summary('upsertStories([likes changed])', xs));

  // Relevance (ADR 0011): the demo stories among all the documents above, with 30 more liked authors named
  // after each title word of TITLE_OVER_AUTHOR; the story meant must be on the first page (20, kind stories).
  const demo = demoDocuments();
  const shift = (d: { id: number }) => ({ ...d, id: d.id + N });
  const crowd = crowdOf(TITLE_OVER_AUTHOR, 2 * N + 1);
  await index.upsertStories([...demo.stories.map(shift), ...crowd.stories] as StoryDoc[]);
  await index.upsertUsers([...demo.users.map(shift), ...crowd.users] as UserDoc[]);
  // And stories and people in other languages and scripts (docs/stories-in-every-language.md).
  const world = worldDocuments();
  const far = <D extends { id: number }>(d: D): D => ({ ...d, id: d.id + 3 * N });
  await index.upsertStories(world.stories.map(far));
  await index.upsertUsers(world.users.map(far));
  const names = new Map(
    [...demo.stories.map((d) => ({ ...d, id: d.id + N })), ...crowd.stories, ...world.users.map(far)].map(
      (d) => [d.id, d.username] as const,
    ),
  );
  const usernameOf = (id: number) => names.get(id);
  for (const [label, set] of [
    ['title over author', TITLE_OVER_AUTHOR],
    ['typing errors', TYPING_ERRORS],
    ['every language', EVERY_LANGUAGE],
  ] as const) {
    const r = await recallOf(index, set, usernameOf);
    // Where a missed story is, and how many of the stories above it match only by their author's username.
    const where = async (query: string, author: string): Promise<string> => {
      let authorOnly = 0;
      for (let offset = 0; offset < 1000; offset += 50) {
        const hits = await index.search({ text: query, kind: 'stories', limit: 50, offset });
        for (const [i, h] of hits.entries()) {
          if (usernameOf(h.id) === author) return `rank ${offset + i + 1}, ${authorOnly} above by author only`;
          if (!h.matches.some((m) => m.field === 'title')) authorOnly++;
        }
        if (hits.length < 50) break;
      }
      return 'not found';
    };
    const missed = (await Promise.all(r.missed.map(async (c) => `${JSON.stringify(c.query)} (${await where(c.query, c.author)})`))).join(
      ', ',
    );
    console.log(`recall, ${label}: ${r.found}/${r.total} on the first page${missed ? `; missed: ${missed}` : ''}`);
  }

  await index.close();
  if (!KEEP && !REUSE) fs.rmSync(dir, { recursive: true, force: true });
}

await main();
