// One HTTP load figure at saturation: autocannon from this process against a server in another, after a
// warm-up, each connection sending its next request as soon as the last is answered.
// Latencies are the client-observed response times of every 2xx answer, kept raw (autocannon's own
// histogram has 1 ms buckets and no p95).
import autocannon, { type Request } from 'autocannon';
import { summarize, type Summary } from './stats';

export interface LoadSpec {
  base: string;
  /** Builds the next request; called once per request so that every request can name another story. */
  next: () => { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  rps: number;
  latency: Summary;
  requests: number;
  non2xx: number;
  errors: number;
}

function once(spec: LoadSpec, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const req: Request = {
    // autocannon passes its defaults (host, port, empty body) in `base`: keep them.
    setupRequest: (base) => {
      const r = spec.next();
      const headers = { ...base.headers, ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}), ...r.headers };
      return { ...base, method: r.method, path: r.path, headers, ...(r.body !== undefined ? { body: r.body } : {}) };
    },
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.base,
        connections: spec.connections,
        duration: seconds,
        timeout: 30,
        requests: [req],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: result['2xx'] / result.duration,
          latency: summarize(latencies),
          requests: result['2xx'] + result.non2xx,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSeconds > 0) await once(spec, spec.warmupSeconds);
  const result = await once(spec, spec.seconds);
  if (result.non2xx > 0 || result.errors > 0) {
    // A figure built on errors would flatter: say so loudly, keep the numbers for the record.
    console.warn(`  ! ${result.non2xx} non-2xx answers and ${result.errors} errors out of ${result.requests}`);
  }
  return result;
}
