// When things happen: the data covers the two years before an anchor instant ("now" of the data set), so that
// This Month, This Year and All Time rank differently. Stories get most of their likes and comments soon after
// they appear (each with its own pace), some keep getting them for years.
import type { Rng } from './prng';

export const DAY = 24 * 60 * 60 * 1000;
export const SPAN = 730 * DAY;

/** The default anchor: the start of the current UTC day, so that runs on the same day give identical data. */
export function defaultAnchor(at = Date.now()): number {
  return Math.floor(at / DAY) * DAY;
}

/** A story is published minutes, days or months after its author registers (never after the anchor). */
export function storyDelay(rng: Rng): number {
  const u = rng.next();
  if (u < 0.6) return 5 * 60_000 + rng.int(115 * 60_000);
  if (u < 0.9) return DAY + rng.int(29 * DAY);
  return 30 * DAY + rng.int(270 * DAY);
}

/**
 * How a story's attention decays: mean delay (ms) of a like or comment after publication, or 0 for stories read
 * steadily ever since (uniform over [published, anchor]).
 */
export function attentionPace(rng: Rng): number {
  const u = rng.next();
  if (u < 0.35) return 10 * DAY;
  if (u < 0.65) return 60 * DAY;
  if (u < 0.85) return 200 * DAY;
  return 0;
}

/** An instant in [from, anchor] following a story's pace. */
export function reactionTime(rng: Rng, from: number, pace: number, anchor: number): number {
  if (pace > 0) {
    const t = from + Math.floor(rng.exp(pace));
    if (t <= anchor) return t;
  }
  return from + Math.floor(rng.next() * (anchor - from + 1));
}
