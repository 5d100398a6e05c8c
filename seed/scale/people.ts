// Scale users: names, usernames ("anna.kowalska", "m_otieno84"), emails, birth dates, privacy, and when each
// registered. Ids are given in registration order, as the product's INTEGER PRIMARY KEY would give them.
import { type Rng, rngFor, zipfPicker } from './prng';
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS } from './words';

export interface ScaleUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  dob: string;
  isPrivate: boolean;
  registeredAt: number;
  /** When a private account was made private (a profile edit after registering); null for public ones. */
  madePrivateAt: number | null;
}

/** Share of accounts that are private (their names never reach search). */
const PRIVATE_SHARE = 0.2;
const DOMAINS = ['example.com', 'example.org', 'example.net'];

/** ASCII letters and digits only, lower case: what a username may be built from. */
export function asciiFold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const firstName = zipfPicker(FIRST_NAMES, 0.6);
const lastName = zipfPicker(LAST_NAMES, 0.6);

function usernameFor(rng: Rng, first: string, last: string, birthYear: number): string {
  const f = asciiFold(first);
  const l = asciiFold(last);
  const yy = String(birthYear % 100).padStart(2, '0');
  const patterns = [
    () => `${f}.${l}`,
    () => `${f}_${l}`,
    () => `${f}${l}`,
    () => `${f[0]}_${l}${yy}`,
    () => `${f[0]}${l}`,
    () => `${f}${10 + rng.int(90)}`,
    () => `${l}${birthYear}`,
    () => `${f}.${l[0]}`,
    () => `${asciiFold(rng.pick(ADJECTIVES))}${rng.pick(['_', '.', ''])}${asciiFold(rng.pick(NOUNS))}`,
    () => `${f}_${asciiFold(rng.pick(NOUNS))}`,
  ];
  return rng.pick(patterns)().slice(0, 26);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * `count` registration instants in ascending order over [start, end], denser towards the end (a site
 * that grows): sorted uniforms from cumulated exponential gaps, then u -> sqrt(u) (linearly rising density).
 */
function registrationTimes(rng: Rng, count: number, start: number, end: number): Float64Array {
  const gaps = new Float64Array(count + 1);
  let total = 0;
  for (let i = 0; i <= count; i++) {
    gaps[i] = rng.exp(1);
    total += gaps[i]!;
  }
  const out = new Float64Array(count);
  let acc = 0;
  for (let i = 0; i < count; i++) {
    acc += gaps[i]!;
    out[i] = start + Math.floor((end - start) * Math.sqrt(acc / total));
  }
  return out;
}

export function makeUsers(seed: number, count: number, start: number, end: number): ScaleUser[] {
  const rng = rngFor(seed, 'users');
  const times = registrationTimes(rng, count, start, end);
  const taken = new Set<string>();
  const users: ScaleUser[] = [];
  for (let i = 0; i < count; i++) {
    const first = firstName(rng);
    const last = lastName(rng);
    const registeredAt = times[i]!;
    // Aged 16 to 95 when registering.
    const birth = registeredAt - (16 + rng.next() * 79) * 365.25 * 86_400_000;
    const birthYear = new Date(birth).getUTCFullYear();
    let username = usernameFor(rng, first, last, birthYear);
    if (username.length < 3) username = `${username}${asciiFold(last)}`.slice(0, 26);
    if (taken.has(username)) {
      const base = username.slice(0, 24);
      for (let n = 2 + rng.int(8); taken.has(username); n += 1 + rng.int(9)) username = `${base}${n}`;
    }
    taken.add(username);
    const isPrivate = rng.next() < PRIVATE_SHARE;
    users.push({
      id: i + 1,
      username,
      email: `${username}@${DOMAINS[i % DOMAINS.length]}`,
      firstName: first,
      lastName: last,
      dob: isoDate(birth),
      isPrivate,
      registeredAt,
      madePrivateAt: isPrivate ? Math.min(end, registeredAt + 60_000 + rng.int(3_600_000)) : null,
    });
  }
  return users;
}
