// The OpenAPI document of /api (docs/decisions/0040-openapi-for-the-rest-layer.md): a valid OpenAPI 3.1 document, and
// the router's routes exactly, read from the router itself.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { CoreDeps } from '../../core/shared/core-deps';
import { apiReferencePage } from './api-reference-page';
import { openApiDocument, openApiJson } from './openapi-document';
import { restRouter } from './rest-router';

const doc = openApiDocument();

/** METHOD /api/path of every route the Hono router registers (not its middleware nor its catch-all). */
function routerRoutes(): string[] {
  const routes = restRouter({} as CoreDeps).routes.filter((r) => r.method !== 'ALL');
  return [...new Set(routes.map((r) => `${r.method} /api${r.path.replace(/\/$/, '')}`))].sort();
}

function documentedRoutes(): string[] {
  return Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the OpenAPI document of /api', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(openApiJson().json));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // and the validator does refuse a broken one
    const broken = JSON.parse(openApiJson().json);
    broken.paths['/api/auth/login'].post.responses = { 200: { content: 'none' } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every route of the REST router with its method, and no route the router does not have', () => {
    const inRouter = routerRoutes();
    expect(inRouter.length).toBeGreaterThan(40);
    expect(documentedRoutes()).toEqual(inRouter);
  });

  it('gives every route a success answer and the error body for its errors, and every schema compiles', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc as object, 'openapi');
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(
        item as Record<string, { responses: Record<string, { $ref?: string; content?: object }> }>,
      )) {
        const statuses = Object.keys(op.responses).map(Number);
        expect(
          statuses.some((s) => s >= 200 && s < 300),
          `${method} ${path}`,
        ).toBe(true);
        expect(statuses.filter((s) => s >= 400).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const s of statuses.filter((s) => s >= 400)) expect(op.responses[s]?.$ref).toBe(`#/components/responses/Error${s}`);
        for (const [status, res] of Object.entries(op.responses)) {
          for (const type of Object.keys(res.content ?? {})) {
            const ref = ['paths', path, method, 'responses', status, 'content', type, 'schema']
              .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
              .join('/');
            expect(() => ajv.compile({ $ref: `openapi#/${ref}` }), `${method} ${path} ${status}`).not.toThrow();
          }
        }
      }
    }
  });

  it('declares the session cookie and a bearer token', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
  });

  it('is made once per process', () => {
    expect(openApiJson()).toBe(openApiJson());
  });

  it('reads as a page listing every route', () => {
    const html = apiReferencePage(doc);
    for (const route of documentedRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      expect(html).toContain(`<span class="method">${method}</span><code>${path}</code>`);
    }
    expect(html).not.toMatch(/<script/i);
  });
});
