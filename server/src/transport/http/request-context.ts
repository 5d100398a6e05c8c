// Resolves who is asking (session cookie -> actor) once per request, for both transports.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppError } from '../../contract/errors';
import type { RequestIdVariables } from 'hono/request-id';
import { resolveSession } from '../../core/accounts/sessions';
import type { Actor, CoreDeps } from '../../core/shared/core-deps';
import { clientKeyOf } from './client-key';
import { requestCookie, requestHeader } from './request-header';
import { requestPassTokens } from './reader-pass-cookie';
import { clearedSessionCookie, SESSION_COOKIE } from './session-cookie';

export interface RequestVars {
  actor: Actor;
  /** A cookie came with the request but named no live session (expired, revoked, forged). */
  staleSession: boolean;
  secure: boolean;
  /** A refusal decided from the headers alone, before the body was read (refuse-before-body.ts); tRPC answers it. */
  refusedBeforeBody?: AppError;
  /** The site's own origin for links that leave the page (site-origin.ts): never the request's Host. */
  siteOrigin: string;
  /** A link pass made for this request by its `?key=` (share-link-route.ts): the page reads with it at once. */
  newPassToken?: string;
}

/** requestId: set for every request by hono's requestId middleware (app.ts), also sent as X-Request-Id. */
export type AppEnv = { Variables: RequestVars & RequestIdVariables };

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}

export function isSecure(c: Context, trustProxy: boolean): boolean {
  const forwardedProto = trustProxy ? requestHeader(c, 'x-forwarded-proto') : undefined;
  if (forwardedProto) return forwardedProto === 'https';
  return c.req.url.startsWith('https:'); // the adapter's absolute URL, scheme in lower case
}

export function requestContext(deps: CoreDeps, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secure = isSecure(c, trustProxy);
    const token = requestCookie(c, SESSION_COOKIE);
    const session = token ? await resolveSession(deps, token) : null;
    c.set('secure', secure);
    c.set('staleSession', !!token && !session);
    c.set('actor', {
      userId: session?.userId ?? null,
      sessionId: session?.sessionId ?? null,
      signedInAt: session?.signedInAt ?? null,
      clientKey: clientKeyOf(clientAddress(c, trustProxy)),
      readerPassTokens: requestPassTokens(c),
    });
    await next();
    if (token && !session && !c.res.headers.get('set-cookie')) {
      c.res.headers.append('set-cookie', clearedSessionCookie(secure));
    }
  };
}
