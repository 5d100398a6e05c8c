import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../http/request-context';

/** An hour, then a revalidation that the ETag answers with 304: the document changes only with a new release. */
const CACHE = 'public, max-age=3600';

interface Served {
  body: string;
  etag: string;
}

const tagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * GET /api/openapi.json and GET /api/docs: the OpenAPI document of /api and its page to read, each made once per
 * process on first use (docs/decisions/0040-openapi-for-the-rest-layer.md). The generator is loaded then too, not
 * at every process's start.
 */
export function referenceRoutes() {
  let json: Served | undefined;
  let page: Served | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', etag(), async (c) => {
      if (!json) {
        const body = (await import('../openapi-document')).openApiJson().json;
        json = { body, etag: tagOf(body) };
      }
      return c.body(json.body, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': CACHE, etag: json.etag });
    })
    .get('/docs', etag(), async (c) => {
      if (!page) {
        const [{ apiReferencePage }, { openApiJson }] = await Promise.all([import('../api-reference-page'), import('../openapi-document')]);
        const body = apiReferencePage(openApiJson().document);
        page = { body, etag: tagOf(body) };
      }
      return c.body(page.body, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHE, etag: page.etag });
    });
}
