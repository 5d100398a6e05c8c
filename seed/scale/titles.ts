// Story titles from templates and word lists: "Winters on Lantern Street", "The Baker of Ostend". Varied
// enough that search-as-you-type over 100k titles has many distinct prefixes, as real titles would.
import { type Rng, zipfPicker } from './prng';
import { ADJECTIVES, NOUNS, PLACES, PROFESSIONS, RELATIVES, SEASONS, STREET_KINDS, STREET_WORDS, SYLLABLES } from './words';

const noun = zipfPicker(NOUNS, 0.5);
const adjective = zipfPicker(ADJECTIVES, 0.5);
const place = zipfPicker(PLACES, 0.4);

const street = (r: Rng) => `${r.pick(STREET_WORDS)} ${r.pick(STREET_KINDS)}`;
const year = (r: Rng) => 1935 + r.int(88);
const rare = (r: Rng) => {
  let w = '';
  for (let i = 2 + r.int(2); i > 0; i--) w += r.pick(SYLLABLES);
  return w.charAt(0).toUpperCase() + w.slice(1);
};
const article = (word: string) => (/^[AEIOU]/.test(word) ? 'an' : 'a');

const TEMPLATES: Array<(r: Rng, firstName: string) => string> = [
  (r) => `${r.pick(SEASONS)} on ${street(r)}`,
  (r) => `The ${r.pick(PROFESSIONS)} of ${place(r)}`,
  (r) => `The House on ${street(r)}`,
  (r) => `My Life in ${place(r)}`,
  (r) => `Growing Up in ${place(r)}`,
  (r) => `From ${place(r)} to ${place(r)}`,
  (r) => `Letters to My ${r.pick(RELATIVES)}`,
  (r) => `The ${adjective(r)} ${noun(r)}`,
  (r) => `${noun(r)} and ${noun(r)}`,
  (r) => {
    const p = r.pick(PROFESSIONS);
    return `How I Became ${article(p)} ${p}`;
  },
  (r) => `Summer of ${year(r)}`,
  (_, f) => `${f}'s Story`,
  (r) => `Notes of ${r.pick(['a', 'an Old', 'a Young', 'a Retired'])} ${r.pick(PROFESSIONS)}`,
  (r) => `Between ${noun(r)} and ${noun(r)}`,
  (r) => `What My ${r.pick(RELATIVES)} Knew`,
  (r) => `Fifty Years of ${noun(r)}`,
  (r) => `The ${noun(r)} Years`,
  (r) => `${adjective(r)} ${noun(r)} in ${place(r)}`,
  (r) => `The ${rare(r)} of ${place(r)}`,
  (r) => `${rare(r)} ${noun(r)}`,
  (r) => `${r.pick(SEASONS)} in ${place(r)}`,
  (r) => `A ${r.pick(PROFESSIONS)} in ${place(r)}, ${year(r)}`,
  (r) => `Everything I Learned About ${noun(r)}`,
  (r) => `My ${r.pick(RELATIVES)}'s ${noun(r)}`,
  (r) => `Stories from ${street(r)}`,
  (r) => `When We Lived in ${place(r)}`,
  (r) => `${adjective(r)} ${noun(r)} on ${street(r)}`,
  (r) => `The ${noun(r)} of ${street(r)}`,
  (r) => `The ${r.pick(PROFESSIONS)}'s ${r.pick(RELATIVES)}`,
  (r) => `${r.pick(SEASONS)} in ${place(r)} with My ${r.pick(RELATIVES)}`,
  (r) => `${rare(r)} and the ${noun(r)}`,
  (r) => `From ${street(r)} to ${place(r)}`,
  (r) => `${noun(r)}, ${noun(r)} and ${place(r)}`,
  (r, f) => `${f} of ${place(r)}`,
];

export function makeTitle(rng: Rng, firstName: string): string {
  return rng.pick(TEMPLATES)(rng, firstName);
}
