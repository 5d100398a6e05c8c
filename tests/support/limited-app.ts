// Helpers for rate-limit tests: an app with limits on (and X-Forwarded-For trusted, so each test picks
// its clients' addresses), people registered from their own addresses, and tRPC batches over HTTP.
import { makeTestApp, person, type TestApp, type TestClient, type TestResponse } from './test-app';

/** An app whose limits are the configured ones times `scale`. */
export function makeLimitedApp(scale = '1') {
  return makeTestApp({ env: { RATE_LIMIT_SCALE: scale, TRUST_PROXY: 'true' } });
}

/** Request options that make the request come from `ip`. */
export const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

let next = 0;
/** Registers and signs in a new person from an address of their own, so no test spends another's budget. */
export async function personFrom(t: TestApp, ip = `192.0.2.${++next}`) {
  const fields = person();
  const client = t.client();
  const reg = await client.post('/api/auth/register', fields, from(ip));
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const login = await client.post('/api/auth/login', { email: fields.email, password: fields.password }, from(ip));
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { client, ip, ...fields, id: await t.userId(fields.username) };
}

/** One tRPC HTTP batch (`/trpc/a,a,a?batch=1`) calling `path` once per input. */
export function trpcBatch(client: TestClient, path: string, inputs: unknown[], ip: string): Promise<TestResponse> {
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
  return client.post(`/trpc/${inputs.map(() => path).join(',')}?batch=1`, body, from(ip));
}

/** How many calls of a batch answered each tRPC code (or OK). */
export function codesOf(res: TestResponse): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of res.body as { error?: { data: { code: string } } }[]) {
    const code = item.error?.data.code ?? 'OK';
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}
