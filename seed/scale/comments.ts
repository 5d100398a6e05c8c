// Comments: short, realistic texts on stories drawn by popularity (liked stories get talked about), each by
// someone registered by then, at a time following the story's pace. Ids are given in time order, as the
// product's AUTOINCREMENT would give them.
import { type Rng, rngFor, upperBound } from './prng';
import { type StoryTimes, apportion } from './likes';
import { reactionTime } from './timeline';
import { COMMENT_CLOSERS, COMMENT_MIDDLES, COMMENT_OPENERS } from './words';

export interface CommentsPlan {
  /** Parallel arrays in id order (comment id = index + 1), ascending time. */
  user: Int32Array;
  story: Int32Array;
  at: Float64Array;
  text: string[];
}

export function commentText(rng: Rng): string {
  const opener = rng.pick(COMMENT_OPENERS);
  const parts = [opener];
  if (!/[.!?]$/.test(opener)) parts.push(`${rng.pick(COMMENT_MIDDLES)}.`);
  else if (rng.next() < 0.4) parts.push(`I loved the part about ${rng.pick(COMMENT_MIDDLES)}.`);
  const closer = rng.pick(COMMENT_CLOSERS);
  if (closer) parts.push(closer);
  return parts.join(' ');
}

export function planComments(seed: number, times: StoryTimes, weights: Float64Array, total: number, anchor: number): CommentsPlan {
  const rng = rngFor(seed, 'comments');
  const n = times.registeredAt.length;
  // Flatter than likes, and every story may get some: popular stories are talked about, not exclusively.
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = Math.sqrt(weights[i]!) + 0.002;
  const perStory = apportion(rng, w, total, Math.max(1, total));
  const user = new Int32Array(total);
  const story = new Int32Array(total);
  const at = new Float64Array(total);
  const text: string[] = new Array(total);
  let k = 0;
  for (let s = 1; s <= n; s++) {
    const published = times.publishedAt[s - 1]!;
    const pace = times.pace[s - 1]!;
    for (let j = perStory[s - 1]!; j > 0; j--) {
      const t = reactionTime(rng, published, pace, anchor);
      // Anyone registered by then, the author included (authors answer their readers).
      user[k] = 1 + rng.int(upperBound(times.registeredAt, t));
      story[k] = s;
      at[k] = t;
      text[k] = commentText(rng);
      k++;
    }
  }
  // Ids follow time, as AUTOINCREMENT would have given them.
  const order = Array.from({ length: total }, (_, i) => i).sort((a, b) => at[a]! - at[b]! || a - b);
  const out: CommentsPlan = {
    user: new Int32Array(total),
    story: new Int32Array(total),
    at: new Float64Array(total),
    text: new Array(total),
  };
  order.forEach((from, to) => {
    out.user[to] = user[from]!;
    out.story[to] = story[from]!;
    out.at[to] = at[from]!;
    out.text[to] = text[from]!;
  });
  return out;
}
