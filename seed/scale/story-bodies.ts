// Story bodies: a few dozen memoir-like templates, each sanitized and split into pages ONCE by the product's
// own formatter (exactly what publishStory stores), then shared by many stories. Sanitizing 100k
// bodies would take minutes; search and the top lists never look at bodies, readers see a real one.
import { formatStory } from '../../server/src/core/stories/format-story';
import { type Rng, rngFor } from './prng';
import { FIRST_NAMES, NOUNS, PLACES, PROFESSIONS, RELATIVES, SENTENCES, STREET_KINDS, STREET_WORDS } from './words';

export interface StoryBody {
  bodyHtml: string;
  pages: string[];
  /** The reader's contents, as publishStory stores them (stories.chapters, JSON). */
  chapters: string;
  /** As the product counts it for a revision (formatStory). */
  wordCount: number;
}

/** How many templates of each length, and their word counts. Long ones span 2-6 pages of 900 words. */
const KINDS = [
  { templates: 40, share: 0.75, minWords: 80, maxWords: 400 },
  { templates: 16, share: 0.2, minWords: 400, maxWords: 880 },
  { templates: 8, share: 0.05, minWords: 1400, maxWords: 5000 },
] as const;

const ORDINALS = ['first', 'second', 'third', 'fourth', 'youngest', 'eldest'];

function sentence(rng: Rng): string {
  return rng.pick(SENTENCES).replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case 'place':
        return rng.pick(PLACES);
      case 'year':
        return String(1930 + rng.int(90));
      case 'ordinal':
        return rng.pick(ORDINALS);
      case 'count':
        return String(2 + rng.int(9));
      case 'relative':
        return rng.pick(RELATIVES).toLowerCase();
      case 'noun':
        return rng.pick(NOUNS).toLowerCase();
      case 'street':
        return `${rng.pick(STREET_WORDS)} ${rng.pick(STREET_KINDS)}`;
      case 'profession':
        return rng.pick(PROFESSIONS).toLowerCase();
      default:
        return key;
    }
  });
}

/** Raw HTML as an editor would send it: paragraphs, now and then a heading, a quote, a list, emphasis. */
function rawBody(rng: Rng, words: number): string {
  const parts: string[] = [];
  let count = 0;
  let chapter = 1;
  while (count < words) {
    const roll = rng.next();
    if (roll < 0.06 && count > 0) {
      parts.push(`<h2>${chapter++}. ${rng.pick(PLACES)}, ${1930 + rng.int(90)}</h2>`);
      continue;
    }
    if (roll < 0.1) {
      const s = sentence(rng);
      parts.push(`<blockquote><p><em>${s}</em> My ${rng.pick(RELATIVES).toLowerCase()} said that.</p></blockquote>`);
      count += s.split(' ').length + 4;
      continue;
    }
    if (roll < 0.13) {
      const items = Array.from({ length: 3 + rng.int(3) }, () => `<li>${rng.pick(NOUNS)} from ${rng.pick(PLACES)}</li>`);
      parts.push(`<p>What we carried:</p><ul>${items.join('')}</ul>`);
      count += 3 + items.length * 3;
      continue;
    }
    const sentences = Array.from({ length: 3 + rng.int(5) }, () => sentence(rng));
    if (rng.next() < 0.3) sentences[0] = `<strong>${rng.pick(FIRST_NAMES)}.</strong> ${sentences[0]}`;
    const text = sentences.join(' ');
    parts.push(`<p>${text}</p>`);
    count += text.split(' ').length;
  }
  return parts.join('\n');
}

export interface StoryBodies {
  bodies: StoryBody[];
  /** A body for one story, by the story's own draw. */
  pick(rng: Rng): number;
}

export function makeStoryBodies(seed: number): StoryBodies {
  const rng = rngFor(seed, 'bodies');
  const bodies: StoryBody[] = [];
  const ranges: Array<[number, number]> = [];
  for (const kind of KINDS) {
    const from = bodies.length;
    for (let i = 0; i < kind.templates; i++) {
      const words = kind.minWords + rng.int(kind.maxWords - kind.minWords);
      // What a save stores: the same function the product's formatter runs.
      const { body, pages, word_count, chapters } = formatStory(rawBody(rng, words));
      bodies.push({ bodyHtml: body, pages, chapters: JSON.stringify(chapters), wordCount: word_count });
    }
    ranges.push([from, bodies.length]);
  }
  return {
    bodies,
    pick(r) {
      let u = r.next();
      for (let k = 0; k < KINDS.length; k++) {
        u -= KINDS[k]!.share;
        if (u < 0 || k === KINDS.length - 1) {
          const [from, to] = ranges[k]!;
          return from + r.int(to - from);
        }
      }
      return 0;
    },
  };
}
