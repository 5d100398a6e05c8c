// GET /api/docs: the OpenAPI document of /api as a page to read, written here from the document itself (no script,
// no outside resource: the CSP allows neither), in the look of the server's plain pages (docs/decisions/0040-openapi-for-the-rest-layer.md).
import { escapeHtml } from '../../core/shared/escape-html';
import { plainPage } from '../http/plain-page';
import type { OpenApiDocument } from './openapi-document';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema object from the document, read key by key.
type Schema = Record<string, any>;

const STYLE = `
main { max-width: 52rem; }
h2 { font: 700 1.35rem/1.3 Georgia, "DejaVu Serif", serif; margin: 2.25rem 0 0.5rem; padding-top: 1rem; border-top: 1px solid var(--border); }
h3 { font-size: 1.1rem; margin: 1.75rem 0 0.4rem; line-height: 1.4; }
code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.2rem; margin-right: 0.4rem; padding: 0 0.35rem; border: 1px solid var(--border); border-radius: 6px; text-align: center; font-weight: 700; }
.op { margin-top: 1.5rem; padding-top: 0.25rem; border-top: 1px solid var(--border); }
h2 + p + .op { border-top: 0; }
.answer { margin: 0.3rem 0 0.6rem; }
.errors a { display: inline-block; min-width: 44px; min-height: 44px; padding: 0.55rem 0.25rem; }
.op p, .op li { margin: 0.3rem 0; }
dl { margin: 0.5rem 0; }
dt { font-weight: 700; margin-top: 0.6rem; }
dd { margin: 0.2rem 0 0 0; }
ul.fields { margin: 0.2rem 0; padding-left: 1.2rem; }
.type { color: var(--muted); }
.toc { padding-left: 1.2rem; }
.toc li { margin: 0.15rem 0; }
.toc a { display: inline-block; min-height: 44px; padding: 0.55rem 0; }
`;

/** Inline `code` in the document's sentences; the rest escaped. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  const ref: unknown = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return (doc.components?.schemas?.[name] as Schema | undefined) ?? {};
}

function typeOf(schema: Schema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  const named = types.map((t) => (t === 'array' ? 'list' : t));
  return named.length ? named.join(' or ') : 'any';
}

function limits(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) parts.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength === 1) parts.push('not empty');
  else if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.format) parts.push(schema.format as string);
  if (schema.pattern) parts.push(`matching <code>${escapeHtml(schema.pattern as string)}</code>`);
  return parts.join(', ');
}

/** One schema as words: `kind` (its type, "list of ...", "one of") and `nested` (its fields, an item's, the alternatives). */
function shape(doc: OpenApiDocument, raw: Schema, depth = 0): { kind: string; nested: string } {
  const schema = resolve(doc, raw);
  if (depth > 6) return { kind: '…', nested: '' };
  if (schema.anyOf || schema.oneOf) {
    const options = ((schema.anyOf ?? schema.oneOf) as Schema[]).map((o) => {
      const option = shape(doc, o, depth + 1);
      const said = prose(resolve(doc, o).description);
      return `<li><span class="type">${escapeHtml(option.kind)}</span>${said ? ` — ${said}` : ''}${option.nested}</li>`;
    });
    return { kind: 'one of', nested: `<ul class="fields">${options.join('')}</ul>` };
  }
  if (schema.type === 'object' || schema.properties) {
    const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
    const required = new Set((schema.required ?? []) as string[]);
    const fields = props.map(([name, prop]) => {
      const p = resolve(doc, prop);
      const field = shape(doc, p, depth + 1);
      const facts = [field.kind, required.has(name) ? 'required' : 'optional', limits(p)].filter(Boolean).join(', ');
      const said = prose(p.description);
      return `<li><code>${escapeHtml(name)}</code> <span class="type">${facts}</span>${said ? ` — ${said}` : ''}${field.nested}</li>`;
    });
    return { kind: 'object', nested: fields.length ? `<ul class="fields">${fields.join('')}</ul>` : '' };
  }
  if (schema.type === 'array') {
    const item = shape(doc, (schema.items ?? {}) as Schema, depth + 1);
    return { kind: `list of ${item.kind === 'object' ? 'objects' : item.kind}`, nested: item.nested };
  }
  return { kind: typeOf(schema), nested: '' };
}

/** A body as words: its kind, then its fields. */
function describe(doc: OpenApiDocument, raw: Schema): string {
  const { kind, nested } = shape(doc, raw);
  return `<span class="type">${escapeHtml(kind)}</span>${nested}`;
}

const ACCESS_WORDS: Record<string, string> = {
  public: 'Anyone.',
  optional: 'Anyone; a signed-in person’s answer can differ (the cookie or a token).',
  'signed-in': 'Signed in: the session cookie or a bearer token.',
  'signed-in-cookie': 'Signed in with the session cookie (a token cannot change the account).',
};

function accessOf(security: Schema[] | undefined): string {
  if (!security || security.length === 0) return ACCESS_WORDS.public!;
  const optional = security.some((s) => Object.keys(s).length === 0);
  if (optional) return ACCESS_WORDS.optional!;
  return security.some((s) => 'bearerAuth' in s) ? ACCESS_WORDS['signed-in']! : ACCESS_WORDS['signed-in-cookie']!;
}

function operationHtml(doc: OpenApiDocument, method: string, path: string, op: Schema): string {
  const parts: string[] = [];
  parts.push(
    `<h3 id="${escapeHtml(op.operationId as string)}"><span class="method">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>`,
  );
  parts.push(`<p><strong>${prose(op.summary as string)}.</strong> ${prose(op.description as string | undefined)}</p>`);
  parts.push('<dl>');
  parts.push(`<dt>Who</dt><dd>${accessOf(op.security as Schema[] | undefined)}</dd>`);
  const body = op.requestBody as Schema | undefined;
  if (body) {
    const [type, media] = Object.entries(body.content as Record<string, Schema>)[0]!;
    const need = body.required ? '' : ' (may be left out)';
    parts.push(`<dt>Request body${need}</dt><dd><code>${escapeHtml(type)}</code>, ${describe(doc, media.schema as Schema)}</dd>`);
  } else {
    parts.push('<dt>Request body</dt><dd>None.</dd>');
  }
  const answers: string[] = [];
  const errors: string[] = [];
  for (const [status, res] of Object.entries(op.responses as Record<string, Schema>)) {
    if (res.$ref) {
      errors.push(status);
      continue;
    }
    const [type, media] = Object.entries((res.content ?? {}) as Record<string, Schema>)[0] ?? [];
    const said =
      type === 'application/json' && media
        ? ` Body: ${describe(doc, media.schema as Schema)}`
        : type
          ? ` <code>${escapeHtml(type)}</code>`
          : '';
    answers.push(`<div class="answer"><strong>${escapeHtml(status)}</strong> ${prose(res.description as string)}${said}</div>`);
  }
  parts.push(`<dt>Answers</dt><dd>${answers.join('')}</dd>`);
  parts.push(
    `<dt>Errors, each with the error body</dt><dd class="errors">${errors.map((s) => `<a href="#error-${s}">${s}</a>`).join(' ')}</dd>`,
  );
  parts.push('</dl>');
  return `<section class="op" aria-labelledby="${escapeHtml(op.operationId as string)}">${parts.join('\n')}</section>`;
}

/** The page. */
export function apiReferencePage(doc: OpenApiDocument): string {
  const groups = new Map<string, { method: string; path: string; op: Schema }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Schema>)) {
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0]!;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  const tags = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const errorBody = resolve(doc, { $ref: '#/components/schemas/ErrorBody' });
  const errorList = Object.entries(doc.components?.responses ?? {})
    .map(([name, res]) => {
      const status = name.replace('Error', '');
      return `<li id="error-${escapeHtml(status)}"><strong>${escapeHtml(status)}</strong> ${prose((res as Schema).description as string)}</li>`;
    })
    .join('');
  const intro = `
<p>The REST layer of this site, for developers: ${Object.keys(doc.paths ?? {}).length} routes under <code>/api</code>.
The same reference for tools is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<p>Requests are JSON unless a route says otherwise; unknown fields are ignored. A signed-in route takes the
<code>access_token</code> cookie that <code>POST /api/auth/login</code> sets, or a personal access token:
<code>Authorization: Bearer &lt;token&gt;</code>.</p>
<h2 id="errors">Errors</h2>
<p>Every error answers the error body, ${describe(doc, errorBody)}</p>
<ul class="fields">${errorList}</ul>
<h2 id="contents">Routes</h2>
<ul class="toc">${[...groups.entries()]
    .map(
      ([tag, ops]) =>
        `<li><a href="#group-${escapeHtml(tag)}">${escapeHtml(tag)}</a>: ${ops.length} route${ops.length === 1 ? '' : 's'}</li>`,
    )
    .join('')}</ul>`;
  const sections = [...groups.entries()].map(
    ([tag, ops]) =>
      `<h2 id="group-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n<p>${prose(tags.get(tag))}</p>\n${ops
        .map(({ method, path, op }) => operationHtml(doc, method, path, op))
        .join('\n')}`,
  );
  return plainPage('The /api reference', `${intro}\n${sections.join('\n')}`, STYLE);
}
