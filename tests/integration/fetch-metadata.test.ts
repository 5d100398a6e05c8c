// Cross-site write refusal by Fetch Metadata (Sec-Fetch-Site), falling back to Origin, then Referer, without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, person, type TestApp } from '../support/test-app';

const REFUSED = 'This request came from another site and was refused.';
const OWN = 'http://localhost';
const DEV_PROXY = 'http://localhost:5173'; // the original client's Vite server, proxying /api to us with changeOrigin

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

/** Status of a registration (a write) and of a tRPC logout, both sent with these headers. */
async function writeWith(headers: Record<string, string>): Promise<[number, number]> {
  const rest = await t.client().post('/api/auth/register', person(), { headers });
  if (rest.status === 403) expect(rest.body).toEqual({ message: REFUSED, error: REFUSED });
  const trpc = await t.client().post('/trpc/accounts.logout', {}, { headers });
  return [rest.status, trpc.status];
}

describe('with Sec-Fetch-Site', () => {
  it('same-origin and none pass, whatever Origin says (a dev proxy keeps the page’s Origin)', async () => {
    for (const origin of [undefined, OWN, DEV_PROXY, 'http://127.0.0.1:5173', 'null']) {
      for (const site of ['same-origin', 'none']) {
        const headers: Record<string, string> = { 'sec-fetch-site': site, ...(origin ? { origin } : {}) };
        expect(await writeWith(headers), `${site} ${origin}`).toEqual([201, 200]);
      }
    }
  });

  it('cross-site and same-site are refused with 403, even with our own Origin; so is an unknown value', async () => {
    for (const site of ['cross-site', 'same-site', 'Same-Origin', 'bogus', '']) {
      for (const origin of [undefined, OWN]) {
        const headers: Record<string, string> = { 'sec-fetch-site': site, ...(origin ? { origin } : {}) };
        expect(await writeWith(headers), `${site} ${origin}`).toEqual([403, 403]);
      }
    }
  });

  it('never stops reads', async () => {
    for (const site of ['cross-site', 'same-site']) {
      expect(
        (await t.client().get('/api/searches/new/5', { headers: { 'sec-fetch-site': site, origin: 'https://evil.example' } })).status,
      ).toBe(200);
    }
  });
});

describe('without Sec-Fetch-Site (older browsers, scripts)', () => {
  it('Origin must be ours when it is sent', async () => {
    expect(await writeWith({ origin: OWN })).toEqual([201, 200]);
    for (const origin of ['https://evil.example', DEV_PROXY, 'https://localhost', 'null'])
      expect(await writeWith({ origin }), origin).toEqual([403, 403]);
  });

  it('without Origin, Referer must be ours when it is sent', async () => {
    expect(await writeWith({ referer: `${OWN}/story/write` })).toEqual([201, 200]);
    for (const referer of ['https://evil.example/page', `${DEV_PROXY}/explore`, 'not a url'])
      expect(await writeWith({ referer }), referer).toEqual([403, 403]);
  });

  it('with neither, passes (curl, the tests, server-to-server)', async () => {
    expect(await writeWith({})).toEqual([201, 200]);
  });
});
