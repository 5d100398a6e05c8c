// Links in emails carry the site's own origin (PUBLIC_ORIGIN, else the address the server listens on), never the
// Host or scheme a request came with (issue #23 §3; server/src/transport/http/site-origin.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, settle } from '../support/outbox';
import { makeTestApp, person, type TestApp } from '../support/test-app';

/** A request under a Host of our own that is not the site's origin (a loopback address), over https by a trusted proxy's word. */
const FORGED = { base: 'http://127.0.0.1', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' } };

async function registerThere(t: TestApp, fields: ReturnType<typeof person>, transport: 'rest' | 'trpc') {
  const url = transport === 'rest' ? `${FORGED.base}/api/auth/register` : `${FORGED.base}/trpc/accounts.register`;
  const res = await t.app.request(url, { method: 'POST', headers: FORGED.headers, body: JSON.stringify(fields) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

async function askReset(t: TestApp, email: string) {
  const res = await t.app.request(`${FORGED.base}/trpc/accounts.requestPasswordReset`, {
    method: 'POST',
    headers: FORGED.headers,
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
}

const linksIn = (text: string | undefined) => [...(text ?? '').matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

describe.each<{ name: string; env: Record<string, string>; origin: string }>([
  { name: 'without PUBLIC_ORIGIN: the address it listens on', env: { HOST: '0.0.0.0', PORT: '3000' }, origin: 'http://localhost:3000' },
  { name: 'with PUBLIC_ORIGIN', env: { PUBLIC_ORIGIN: 'https://stories.example' }, origin: 'https://stories.example' },
])('links in emails, $name', ({ env, origin }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ...env, REQUIRE_EMAIL_VERIFICATION: 'true', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('verification links, asked for on either transport under another Host, point at the site', async () => {
    for (const transport of ['rest', 'trpc'] as const) {
      const f = person();
      await registerThere(t, f, transport);
      const [mail] = await settle(t, f.email, 1);
      expect(linksIn(mail?.text), transport).toEqual([expect.stringMatching(new RegExp(`^${origin}/verify-email#token=`))]);
    }
  });

  it('password reset links asked for under another Host point at the site', async () => {
    const f = person();
    await registerThere(t, f, 'rest');
    await askReset(t, f.email);
    const mails = await settle(t, f.email, 2);
    const reset = mails.find((m) => m.text?.includes('/reset-password#token='));
    expect(linksIn(reset?.text)).toEqual([expect.stringMatching(new RegExp(`^${origin}/reset-password#token=`))]);
    expect(await mailTo(t, f.email)).toHaveLength(2);
  });
});
