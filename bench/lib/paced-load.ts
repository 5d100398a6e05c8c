// Latency at a fixed offered rate: requests leave on an even schedule (one every 1000/rate ms), each on its own
// without waiting for earlier answers (open loop), so that the figure is the server's answer time plus only the
// queueing this rate causes. (autocannon's overallRate sends each connection's share in a burst at the start of
// every second instead, which measures queueing behind the burst.) Runs in a child process: see load-child.ts.
import { request } from './http-client';
import { nowMs, sleep, summarize, type Summary } from './stats';

export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface PacedResult {
  latency: Summary;
  sent: number;
  failed: number;
  /** How late, at worst, a request left against its schedule (the sender itself falling behind). */
  worstStartLagMs: number;
}

/** Sends `requests` at `rate` per second; the first `warmup` of them are not counted. */
export async function pacedRequests(base: string, requests: PlannedRequest[], rate: number, warmup: number): Promise<PacedResult> {
  const latencies: number[] = [];
  let failed = 0;
  let worstStartLagMs = 0;
  const inFlight: Array<Promise<void>> = [];
  const start = nowMs();
  for (let i = 0; i < requests.length; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - nowMs();
    if (wait > 0) await sleep(wait);
    const counted = i >= warmup;
    if (counted) worstStartLagMs = Math.max(worstStartLagMs, nowMs() - due);
    const r = requests[i]!;
    const sent = nowMs();
    inFlight.push(
      request(base + r.path, {
        method: r.method,
        ...(r.body !== undefined ? { body: r.body } : {}),
        ...(r.headers ? { headers: r.headers } : {}),
      })
        .then((reply) => {
          if (!counted) return;
          if (reply.status >= 200 && reply.status < 300) latencies.push(nowMs() - sent);
          else failed += 1;
        })
        .catch(() => {
          if (counted) failed += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return { latency: summarize(latencies), sent: requests.length - warmup, failed, worstStartLagMs };
}
