// A lean keep-alive HTTP client for the harness's own requests (cold start, typists, write probes), and the
// wire formats of the two transports: /api JSON bodies and tRPC's httpBatchLink (what the browser sends).
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function request(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(init.body));
    }
    const req = http.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(init.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${init.method ?? 'GET'} ${url}`)));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

export const cookieHeader = (cookie: string | null): Record<string, string> => (cookie ? { cookie } : {});

/** The query string httpBatchLink sends for one query: `?batch=1&input={"0":<input>}`. */
export function trpcQueryPath(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
}

/** The data of a one-call tRPC batch answer, or an error naming what came back. */
export function trpcData<T>(reply: Reply): T {
  if (reply.status !== 200) throw new Error(`tRPC answered ${reply.status}: ${reply.text.slice(0, 200)}`);
  const parsed = JSON.parse(reply.text) as Array<{ result?: { data: T } }>;
  const first = parsed[0];
  if (!first?.result) throw new Error(`tRPC answer without a result: ${reply.text.slice(0, 200)}`);
  return first.result.data;
}

export async function trpcQuery<T>(base: string, procedure: string, input: unknown, cookie: string | null = null): Promise<T> {
  return trpcData<T>(await request(base + trpcQueryPath(procedure, input), { headers: cookieHeader(cookie) }));
}

export async function trpcMutation<T>(base: string, procedure: string, input: unknown, cookie: string | null): Promise<T> {
  const reply = await request(`${base}/trpc/${procedure}?batch=1`, {
    method: 'POST',
    body: JSON.stringify({ 0: input }),
    headers: cookieHeader(cookie),
  });
  return trpcData<T>(reply);
}

/** Signs in through /api/auth/login and returns the `access_token=…` cookie pair. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const reply = await request(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email, password }) });
  const setCookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
  const pair = setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('access_token=') && c.length > 'access_token='.length);
  if (reply.status !== 200 || !pair) throw new Error(`Could not sign in as ${email}: ${reply.status} ${reply.text.slice(0, 200)}`);
  return pair;
}
