// A seeded PRNG (sfc32, seeded through splitmix32) and the few draws the generator needs. Every random choice
// of the scale seed comes from one of these, so the same seed gives the same data.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
  /** Exponential with the given mean. */
  exp(mean: number): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * An independent stream per purpose ("users", "likes"...): changing how one part draws never shifts the
 * numbers another part sees.
 */
export function rngFor(seed: number, stream: string): Rng {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 16777619);
  const init = splitmix32(h);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = (): number => {
    // sfc32
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    exp: (mean) => -mean * Math.log(1 - next()),
  };
}

/** Zipf-like pick: index i is chosen with weight ~ 1 / (i + 1)^s, so early entries are much more frequent. */
export function zipfPicker<T>(xs: readonly T[], s: number): (rng: Rng) => T {
  const cum = new Float64Array(xs.length);
  let total = 0;
  for (let i = 0; i < xs.length; i++) {
    total += 1 / (i + 1) ** s;
    cum[i] = total;
  }
  return (rng) => xs[lowerBound(cum, rng.next() * total)]!;
}

/** First index whose value is >= x (values ascending); the length when none is. */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is > x (values ascending). */
export function upperBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A random permutation of 0..n-1 (Fisher-Yates). */
export function permutation(rng: Rng, n: number): Int32Array {
  const p = new Int32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}
