// Resolves who is asking (session cookie -> actor) once per request, for both transports; on /api and /trpc a
// developer token (`Authorization: Bearer`) instead (docs/decisions/0039-personal-access-tokens.md).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../contract/errors';
import type { RequestIdVariables } from 'hono/request-id';
import { resolveToken } from '../../core/accounts/developer-tokens';
import { resolveSession } from '../../core/accounts/sessions';
import type { Actor, CoreDeps } from '../../core/shared/core-deps';
import { clientKeyOf } from './client-key';
import { requestCookie, requestHeader } from './request-header';
import { requestPassTokens } from './reader-pass-cookie';
import { refuseTrpcBeforeBody } from './refuse-before-body';
import { clearedSessionCookie, SESSION_COOKIE } from './session-cookie';
import { errorBody } from './error-body';

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

/**
 * Whether the request is judged by a developer token: on /api and /trpc, any Authorization header. Such a request is
 * not a browser's cookie request, so same-origin.ts lets it through, and the cookie is then never read: the token
 * alone says who is asking, or the request is refused with a 401 (ADR 0039).
 */
export function byBearer(c: Context): boolean {
  const p = c.req.path;
  return (p.slice(0, 5).toLowerCase() === '/api/' || p.startsWith('/trpc/')) && requestHeader(c, 'authorization') !== undefined;
}

export function requestContext(deps: CoreDeps, trustProxy: boolean, options: { bearer?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secure = isSecure(c, trustProxy);
    if (options.bearer && byBearer(c)) {
      c.set('secure', secure);
      c.set('staleSession', false);
      const clientKey = clientKeyOf(clientAddress(c, trustProxy));
      const resolved = await resolveToken(deps, requestHeader(c, 'authorization') ?? '');
      if (resolved.ok) {
        c.set('actor', {
          userId: resolved.userId,
          sessionId: null,
          signedInAt: null,
          clientKey,
          token: { id: resolved.tokenId, scopes: resolved.scopes },
        });
        return next();
      }
      c.set('actor', { userId: null, sessionId: null, signedInAt: null, clientKey });
      if (!c.req.path.startsWith('/trpc/')) {
        c.header('www-authenticate', 'Bearer');
        return c.json(errorBody(resolved.message), 401);
      }
      refuseTrpcBeforeBody(c, new AppError('UNAUTHENTICATED', resolved.message));
      return next();
    }
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
