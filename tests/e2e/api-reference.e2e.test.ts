// The /api reference for developers (docs/decisions/0040-openapi-for-the-rest-layer.md): GET /api/docs is a page the
// server writes from the OpenAPI document, readable at phone and desktop width with nothing off-screen, no script
// and no CSP refusal; it passes axe-core in light and dark. GET /api/openapi.json is the document, cacheable.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { type E2eServer, hasText, openPage, SCREENSHOTS, type ViewportName, visible, withServerAndBrowser } from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** What is on the screen now (not the whole, very long page). */
async function shot(page: Page, name: string, viewport: ViewportName): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport}.png`) });
}

for (const viewport of ['phone', 'desktop'] as const) {
  it(`reads at ${viewport} width: every route with its method, what it takes and answers; axe clean`, async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
    try {
      const res = await page.goto('/api/docs');
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-type']).toMatch(/^text\/html/);
      await hasText(page.getByRole('heading', { level: 1 }), 'The /api reference');
      await visible(page.getByRole('link', { name: '/api/openapi.json' }));
      // One heading per route, in the document's order; the styles applied (the CSP let the inline style in).
      const routes = page.locator('section.op h3');
      expect(await routes.count()).toBeGreaterThan(40);
      await hasText(routes.first(), /POST\s*\/api\/auth\/register/);
      expect(
        await page
          .locator('.method')
          .first()
          .evaluate((el) => getComputedStyle(el).fontWeight),
      ).toBe('700');
      expect(await page.locator('script').count()).toBe(0);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, 'api-reference-top', viewport);
      const login = page.locator('#postAuthLogin');
      await login.scrollIntoViewIfNeeded();
      await page.evaluate(() => document.getElementById('postAuthLogin')?.scrollIntoView());
      await hasText(page.locator('section.op', { has: login }), /Request body[\s\S]*email[\s\S]*Answers[\s\S]*200/);
      await shot(page, 'api-reference-login', viewport);
      await page.evaluate(() => document.getElementById('postUsersLike')?.scrollIntoView());
      await shot(page, 'api-reference-like', viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, `the /api reference (${viewport})`, { dark: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

it('serves the OpenAPI document as JSON, cacheable, answering a revalidation with 304', async () => {
  const res = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toContain('/api/stories/save');
  const etag = res.headers.get('etag');
  expect(etag).toBeTruthy();
  const again = await fetch(`${server.baseUrl}/api/openapi.json`, { headers: { 'if-none-match': etag! } });
  expect(again.status).toBe(304);
});
