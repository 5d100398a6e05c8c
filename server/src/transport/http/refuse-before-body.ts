// An autosave (tRPC `drafts.autosave`, up to 5 MB) that the core would refuse whatever its body says (no session, the
// autosave budget spent, or the large-draft budget for a body that may be over 1 MB) is refused before the body is
// read: the request's body is swapped for an empty one, which tRPC then answers with the refusal in its own shape
// (trpc.ts `refusedBeforeBody`). An autosave storm past its budget then costs no reading, parsing or validating of
// megabytes (docs/decisions/0012-drafts-revisions-and-versions.md).
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../contract/errors';
import { refuseAutosaveBeforeBody } from '../../core/drafts/drafts';
import type { CoreDeps } from '../../core/shared/core-deps';
import type { AppEnv } from './request-context';
import { requestHeader } from './request-header';

/** The procedures of a tRPC request's path (`/trpc/a,b?batch=1`). */
function procedures(path: string): string[] {
  return decodeURIComponent(path.slice(path.indexOf('/trpc/') + '/trpc/'.length)).split(',');
}

/**
 * Answers a tRPC request with `err` for every call, without reading its body: the body is swapped for an empty one,
 * which tRPC then answers in its own shape (trpc.ts `refusedBeforeBody`). Also a developer token refused by
 * request-context.ts (docs/decisions/0039-personal-access-tokens.md).
 */
export function refuseTrpcBeforeBody(c: Context<AppEnv>, err: AppError): void {
  c.set('refusedBeforeBody', err);
  if (c.req.method !== 'POST') return;
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  c.req.raw = new Request(c.req.raw.url, { method: 'POST', headers, body: '{}' });
}

export function refuseAutosavesBeforeBody(deps: CoreDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || c.var.refusedBeforeBody) return next();
    const calls = procedures(c.req.path);
    // Only a request of autosaves alone: another call in the batch still needs its input.
    if (!calls.every((p) => p === 'drafts.autosave')) return next();
    try {
      const length = requestHeader(c, 'transfer-encoding') === undefined ? requestHeader(c, 'content-length') : undefined;
      await refuseAutosaveBeforeBody(deps, c.var.actor, length === undefined ? undefined : Number(length) || 0);
      return next();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refuseTrpcBeforeBody(c, err);
      return next();
    }
  };
}
