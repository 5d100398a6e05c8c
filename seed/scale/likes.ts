// One million likes with Zipf-like popularity: a story's share of likes falls with its (random) popularity
// rank, a quarter of stories get none, no story gets more than a third of the people. No (user, story) pair
// twice, nobody likes their own story, and a like comes after both the story and its giver's registration.
import { type Rng, permutation, rngFor, upperBound } from './prng';
import { reactionTime } from './timeline';

export interface LikesPlan {
  /** Parallel arrays, one entry per like, grouped by story. */
  user: Int32Array;
  story: Int32Array;
  at: Float64Array;
}

export interface StoryTimes {
  /** Registration instant of user id i + 1, ascending. */
  registeredAt: Float64Array;
  /** Publication instant of the story of user id i + 1. */
  publishedAt: Float64Array;
  /** Each story's attention pace (see timeline.ts). */
  pace: Float64Array;
}

const ZIPF_S = 0.9;
const UNLIKED_SHARE = 0.25;
const MAX_SHARE_OF_PEOPLE = 1 / 3;

/** Story popularity weights: 1 / rank^s over a random ranking, 0 for the unliked quarter. */
export function popularity(seed: number, n: number): Float64Array {
  const rank = permutation(rngFor(seed, 'popularity'), n);
  const liked = Math.max(1, Math.round(n * (1 - UNLIKED_SHARE)));
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = rank[i]! < liked ? 1 / (rank[i]! + 1) ** ZIPF_S : 0;
  return w;
}

/** Splits `total` over stories in proportion to `weights`, at most `cap` each; exact sum. */
export function apportion(rng: Rng, weights: Float64Array, total: number, cap: number): Int32Array {
  const n = weights.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i]!;
  const out = new Int32Array(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    out[i] = Math.min(cap, Math.floor((total * weights[i]!) / sum));
    given += out[i]!;
  }
  // The remainder goes one at a time to stories drawn by weight (below the cap).
  const cum = new Float64Array(n);
  let acc = 0;
  for (let i = 0; i < n; i++) cum[i] = acc += weights[i]!;
  let guard = 0;
  while (given < total) {
    const i = Math.min(n - 1, upperBound(cum, rng.next() * acc));
    if (out[i]! < cap) {
      out[i]! += 1;
      given += 1;
    } else if (++guard > 100 * total) {
      throw new Error(`Cannot place ${total} items over ${n} stories with at most ${cap} each.`);
    }
  }
  return out;
}

export function maxLikesPerStory(users: number): number {
  return Math.max(1, Math.floor((users - 1) * MAX_SHARE_OF_PEOPLE));
}

export function planLikes(seed: number, times: StoryTimes, weights: Float64Array, total: number, anchor: number): LikesPlan {
  const rng = rngFor(seed, 'likes');
  const n = times.registeredAt.length;
  const perStory = apportion(rng, weights, total, maxLikesPerStory(n));
  const plan: LikesPlan = { user: new Int32Array(total), story: new Int32Array(total), at: new Float64Array(total) };
  let k = 0;
  const given = new Set<number>();
  for (let s = 1; s <= n; s++) {
    const count = perStory[s - 1]!;
    if (count === 0) continue;
    given.clear();
    const published = times.publishedAt[s - 1]!;
    const pace = times.pace[s - 1]!;
    for (let j = 0; j < count; j++) {
      let at = reactionTime(rng, published, pace, anchor);
      let user = 0;
      // Someone registered by then; after a few misses (an early like on a popular story), anyone at all.
      const registered = upperBound(times.registeredAt, at);
      for (let attempt = 0; attempt < 16 && user === 0; attempt++) {
        const u = 1 + rng.int(registered);
        if (u !== s && !given.has(u)) user = u;
      }
      while (user === 0) {
        const u = 1 + rng.int(n);
        if (u === s || given.has(u)) continue;
        user = u;
        const from = Math.max(published, times.registeredAt[u - 1]!);
        at = reactionTime(rng, from, pace, anchor);
      }
      given.add(user);
      plan.user[k] = user;
      plan.story[k] = s;
      plan.at[k] = at;
      k++;
    }
  }
  return plan;
}
