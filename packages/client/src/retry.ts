// Retries of the client (docs/decisions/0041-typed-client-and-start-stack.md): a 429 (a rate limit) or a 503 (the
// server is busy or starting) is asked again after the wait its Retry-After names, at most `tries` times in all;
// every other answer is handed back at once. A call that got no answer (the connection failed) is asked again only
// when it is a read (GET: a tRPC query): a write may have been done before the connection broke.

export interface RetryOptions {
  /** How many times a call is sent at most, the first one included (default 4). */
  tries?: number;
  /** The wait when a 429/503 names none, doubled for each later try (default 1000 ms). */
  baseDelayMs?: number;
  /** A longer Retry-After than this is not waited for: the answer is handed back (default 60 s). */
  maxDelayMs?: number;
  /** How to wait (tests pass one that records the waits). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** What "now" is, for a Retry-After given as an HTTP date. */
  now?: () => number;
}

/** The statuses that mean "not done: ask again later". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * The wait a Retry-After header asks for, in milliseconds: delay-seconds ("120") or an HTTP date
 * ("Fri, 27 Nov 2026 21:00:00 GMT"); a date in the past is 0. undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month ("-5" or "2026" would parse as years).
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** `fetch` with the retries above. The request's body must be one that can be sent again (tRPC's is a string). */
export function retryingFetch(fetchImpl: Fetch, options: RetryOptions = {}): Fetch {
  const tries = Math.max(1, options.tries ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const wait = options.sleep ?? sleep;
  const now = options.now ?? Date.now;
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const idempotent = method === 'GET' || method === 'HEAD';
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= tries;
      let response: Response;
      try {
        response = await fetchImpl(input instanceof Request ? input.clone() : input, init);
      } catch (err) {
        if (last || !idempotent || signal?.aborted) throw err;
        await wait(baseDelayMs * 2 ** (attempt - 1), signal ?? undefined);
        continue;
      }
      if (last || !RETRY_STATUSES.has(response.status)) return response;
      const delay = retryAfterMs(response.headers.get('retry-after'), now()) ?? baseDelayMs * 2 ** (attempt - 1);
      if (delay > maxDelayMs) return response;
      // The refused answer is read to its end, so that its connection can serve the next try.
      await response.arrayBuffer().catch(() => undefined);
      await wait(delay, signal ?? undefined);
    }
  };
}
