// Holds an /api answer to the OpenAPI document (server/src/transport/rest/openapi-document.ts): its status must be
// one the document lists for that route, and its body must match the schema listed for that status. TestClient
// (test-app.ts) calls it on every /api answer, so the integration suite keeps the document true
// (docs/decisions/0040-openapi-for-the-rest-layer.md).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../server/src/transport/rest/openapi-document';

type Json = Record<string, unknown>;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The schema at a JSON pointer into the document, compiled once. */
function validatorAt(ref: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(openApiDocument() as object, 'openapi');
  }
  let v = validators.get(ref);
  if (!v) {
    v = ajv.compile({ $ref: `openapi#/${ref}` });
    validators.set(ref, v);
  }
  return v;
}

/** The path as the router matches it: %-escapes decoded, /api paths in any case and with a trailing slash (app.ts). */
function routePath(url: string): string {
  const raw = new URL(url, 'http://localhost').pathname;
  let path = raw;
  try {
    path = decodeURI(raw);
  } catch {
    /* a broken escape: refused before routing (malformed-path.ts) */
  }
  return path.toLowerCase().replace(/\/+$/, '');
}

const UNROUTED = new Set([400, 403, 404, 413, 421]);

/** Throws, saying what differs, when an /api answer is not one the document describes. */
export function checkApiAnswer(method: string, url: string, status: number, headers: Headers, body: unknown): void {
  const path = routePath(url);
  if (!path.startsWith('/api/')) return;
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Json>>; components: Json };
  const m = method.toLowerCase();
  const op = doc.paths[path]?.[m] as { responses: Record<string, Json> } | undefined;
  const where = `${method} ${path} answered ${status}`;
  const contentType = headers.get('content-type') ?? '';
  if (!op) {
    // No such route: the catch-all's 404, or a refusal that came before routing. Always the error body.
    if (!UNROUTED.has(status)) throw new Error(`${where}, but the OpenAPI document has no ${method} ${path}`);
    validate(`${where} (no such route)`, 'components/schemas/ErrorBody', body);
    return;
  }
  let response: Json | undefined = op.responses[String(status)];
  if (!response) {
    throw new Error(`${where}, a status the OpenAPI document does not list for it (it lists ${Object.keys(op.responses).join(', ')})`);
  }
  let at = pointer('paths', path, m, 'responses', String(status));
  const ref = response.$ref;
  if (typeof ref === 'string') {
    at = ref.slice(2);
    response = (doc.components.responses as Record<string, Json>)[ref.split('/').pop()!];
  }
  const content = response?.content as Record<string, unknown> | undefined;
  if (!content) {
    if (body !== undefined && body !== '') throw new Error(`${where} with a body, where the document lists none`);
    return;
  }
  const [type] = Object.keys(content) as [string];
  if (!contentType.startsWith(type)) throw new Error(`${where} as ${contentType}, where the document says ${type}`);
  if (type === 'application/json') validate(where, `${at}/${pointer('content', type, 'schema')}`, body);
}

function validate(where: string, ref: string, body: unknown): void {
  const v = validatorAt(ref);
  if (v(body)) return;
  const problems = (v.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
  throw new Error(`${where}, a body that does not match the OpenAPI document (${ref}): ${problems}\n${JSON.stringify(body).slice(0, 500)}`);
}
