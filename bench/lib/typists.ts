// Search as you type: concurrent typists, each typing its share of the queries one keystroke at a time.
// Every keystroke sends what the search box holds (trimmed, as the client sends it) through tRPC's
// explore.search, and the next keystroke waits for the answer. With `keystrokeMs` a typist also keeps a
// typing pace: keys on average every keystrokeMs, each gap drawn from 0.5-1.5x that, the first after a random
// part of it, as independent people type (with one fixed gap, 20 typists stay in step and every key arrives in
// a burst of 20). With 0 a typist types as fast as the server answers.
import { request, trpcQueryPath } from './http-client';
import { nowMs, seededRandom, sleep, summarize, type Summary } from './stats';

export interface TypingResult {
  latency: Summary;
  requests: number;
  failures: number;
  seconds: number;
  rps: number;
}

/** Every prefix the box holds while a query is typed, as the client would send it (no blanks, no repeats). */
export function keystrokes(query: string): string[] {
  const out: string[] = [];
  for (let i = 1; i <= query.length; i++) {
    const text = query.slice(0, i).trim();
    if (text !== '' && text !== out[out.length - 1]) out.push(text);
  }
  return out;
}

export async function typeQueries(base: string, queries: string[], typists: number, keystrokeMs: number): Promise<TypingResult> {
  const latencies: number[] = [];
  let failures = 0;
  const rnd = seededRandom(17);
  const started = nowMs();
  await Promise.all(
    Array.from({ length: typists }, async (_, t) => {
      if (keystrokeMs > 0) await sleep(rnd() * keystrokeMs);
      for (let q = t; q < queries.length; q += typists) {
        for (const text of keystrokes(queries[q]!)) {
          const sent = nowMs();
          const reply = await request(base + trpcQueryPath('explore.search', { text, kind: 'all' })).catch(() => null);
          const took = nowMs() - sent;
          if (reply?.status === 200) latencies.push(took);
          else failures += 1;
          const gap = keystrokeMs * (0.5 + rnd());
          if (gap > took) await sleep(gap - took);
        }
      }
    }),
  );
  const seconds = (nowMs() - started) / 1000;
  return { latency: summarize(latencies), requests: latencies.length + failures, failures, seconds, rps: latencies.length / seconds };
}
