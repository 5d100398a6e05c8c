// The OpenAPI 3.1 document of /api, made by @asteasolutions/zod-to-openapi from the schemas the routes parse and answer
// with (api-operations.ts), once per process (docs/decisions/0040-openapi-for-the-rest-layer.md).
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { profileOutput, sessionUserOutput } from '../../contract/accounts';
import { listItemOutput } from '../../contract/explore';
import { countOutput } from '../../contract/paging';
import { restErrorBody, restMessage } from '../../contract/rest-api';
import { commentOutput } from '../../contract/social';
import { storyOutput } from '../../contract/stories';
import { API_OPERATIONS, type ApiOperation, COMMON_ERRORS, WRITE_ERRORS } from './api-operations';

// Adds `.openapi()` to zod's types, which the registry uses to name components; it changes no parsing.
extendZodWithOpenApi(z);

/** What each error status means at /api; the body is always `ErrorBody`. */
export const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad input: malformed JSON, a wrong field (named in `fields`) or a malformed path.',
  401: 'Not signed in (`Access denied, no token provided.`), or a developer token that is unknown, revoked or expired.',
  403: 'Refused: sent from another site’s page, not yours to do, or a token without the scope for it.',
  404: 'No such thing (a story, a comment, an upload).',
  409: 'Conflicts with what is stored (a taken username or email, a story changed elsewhere).',
  413: 'The body is larger than the limit.',
  415: 'Not a kind of file taken here.',
  421: 'Not for this site: the Host names another (see ALLOWED_HOSTS).',
  422: 'Understood but refused by a rule (age, a picture that cannot be read, too many photos).',
  429: 'Too many tries: wait for the seconds in `Retry-After`.',
  500: 'A failure of ours; the sentence says nothing more.',
  503: 'Something it needs is away or busy for a moment (its database, the search index, mail, the picture line): try again, after `Retry-After` when given.',
  507: 'The site’s disk is full: nothing can be saved.',
};

/** The error statuses an operation documents, in order. */
export function errorStatuses(op: ApiOperation): number[] {
  const all = new Set<number>([...COMMON_ERRORS, ...(op.method === 'get' ? [] : WRITE_ERRORS), ...(op.errors ?? [])]);
  // Any route sent a developer token (`Authorization`, ADR 0039): 401 for one that is not (or no longer) a token,
  // 403 for one without the scope the route needs, on a GET and a public route too.
  all.add(401);
  all.add(403);
  return [...all].sort((a, b) => a - b);
}

const SECURITY: Record<ApiOperation['access'], RouteConfig['security']> = {
  public: [],
  // `{}`: no credentials is fine too.
  optional: [{}, { cookieAuth: [] }, { bearerAuth: [] }],
  'signed-in': [{ cookieAuth: [] }, { bearerAuth: [] }],
  // A token never changes the account (issue #29): the session cookie only.
  'signed-in-cookie': [{ cookieAuth: [] }],
};

function requestBody(op: ApiOperation): RouteConfig['request'] {
  if (op.form) {
    return { body: { required: true, content: { 'multipart/form-data': { schema: op.form } } } };
  }
  if (!op.body) return undefined;
  const { schema, wrapped, optional } = op.body;
  const wire = wrapped
    ? z.union([schema, z.object({ data: schema }).describe('The old client’s shape: the same fields under `data`.')])
    : schema;
  return { body: { required: !optional, content: { 'application/json': { schema: wire } } } };
}

function routeOf(op: ApiOperation): RouteConfig {
  const contentType = op.successType ?? 'application/json';
  const responses: RouteConfig['responses'] = {
    [op.success.status]: { description: op.success.description, content: { [contentType]: { schema: op.success.schema } } },
  };
  if (op.success.also) {
    responses[op.success.also.status] = {
      description: op.success.also.description,
      content: { [contentType]: { schema: op.success.schema } },
    };
  }
  if (op.revalidated) responses[304] = { description: 'Not modified: the copy named by `If-None-Match` is current.' };
  for (const status of errorStatuses(op)) responses[status] = { $ref: `#/components/responses/Error${status}` };
  return {
    method: op.method,
    path: `/api${op.path}`,
    operationId: `${op.method}${op.path.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()).replace(/\W/g, '')}`,
    tags: [op.group],
    summary: op.summary,
    description: op.description,
    security: SECURITY[op.access],
    request: requestBody(op),
    responses,
  };
}

function build() {
  const registry = new OpenAPIRegistry();
  // Named once, so the document refers to them instead of repeating them.
  registry.register('ErrorBody', restErrorBody);
  registry.register('Message', restMessage);
  registry.register('Profile', profileOutput);
  registry.register('SessionUser', sessionUserOutput);
  registry.register('Story', storyOutput);
  registry.register('ListItem', listItemOutput);
  registry.register('Comment', commentOutput);
  registry.register('Count', countOutput);
  registry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'access_token',
    description: 'The session cookie `POST /api/auth/login` sets (HttpOnly, SameSite=Lax).',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token from "Developer access" in the profile: `Authorization: Bearer <token>`.',
  });
  for (const [status, meaning] of Object.entries(ERROR_MEANINGS)) {
    registry.registerComponent('responses', `Error${status}`, {
      description: meaning,
      ...(status === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
  }
  for (const op of API_OPERATIONS) registry.registerPath(routeOf(op));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Life Story /api',
      version: '1',
      description:
        'The REST layer: the original app’s paths, bodies and envelopes (docs/rest-contract.md). Requests are JSON unless said; unknown keys are ignored; paths match case-insensitively. Every error answers `ErrorBody`.',
    },
    tags: [
      { name: 'auth', description: 'Accounts: register, sign in, sign out.' },
      { name: 'upload', description: 'Pictures.' },
      { name: 'users', description: 'Your profile, likes and saved stories.' },
      { name: 'stories', description: 'Reading and publishing stories.' },
      { name: 'comments', description: 'Comments on stories.' },
      { name: 'searches', description: 'Search and the lists of stories.' },
      { name: 'reference', description: 'This document.' },
    ],
  });
}

export type OpenApiDocument = ReturnType<typeof build>;

let built: { document: OpenApiDocument; json: string } | undefined;

/** The document, made on first use and kept: the schemas do not change while the process runs. */
export function openApiDocument(): OpenApiDocument {
  return openApiJson().document;
}

/** The document as served, and the string it is served as (made once). */
export function openApiJson(): { document: OpenApiDocument; json: string } {
  built ??= (() => {
    const document = build();
    return { document, json: JSON.stringify(document) };
  })();
  return built;
}
