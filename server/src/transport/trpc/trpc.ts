// tRPC setup: context from the request, AppError -> tRPC codes from the one table, field errors to the client.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, ERROR_KINDS, GENERIC_ERROR_MESSAGE } from '../../contract/errors';
import type { Actor, CoreDeps } from '../../core/shared/core-deps';
import { signedIn } from '../../core/shared/require-user';
import { storageFullAsAppError } from '../../core/shared/storage-full';
import { badInput } from '../../core/shared/validate';
import { clearedSessionCookie, sessionCookie } from '../http/session-cookie';

export interface TrpcContext {
  deps: CoreDeps;
  actor: Actor;
  /** Response headers of the tRPC batch (cookies go here). */
  resHeaders: Headers;
  secure: boolean;
  /** The site's origin for links in emails: PUBLIC_ORIGIN, or the address the server listens on (site-origin.ts). */
  origin: string;
  /** Decided before the body was read (transport/http/refuse-before-body.ts): every call of the request gets it. */
  refusedBeforeBody?: AppError;
}

export function setSession(ctx: TrpcContext, token: string, expiresAt: number): void {
  ctx.resHeaders.append('set-cookie', sessionCookie(token, expiresAt, ctx.deps.clock.now(), ctx.secure));
}

export function clearSession(ctx: TrpcContext): void {
  ctx.resHeaders.append('set-cookie', clearedSessionCookie(ctx.secure));
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const fieldErrors = error.cause instanceof AppError ? error.cause.fieldErrors : undefined;
    return { ...shape, data: { ...shape.data, stack: undefined, fieldErrors: fieldErrors ?? null } };
  },
});

/**
 * Core errors keep their meaning: AppError kinds map to tRPC codes (and so HTTP statuses). `.input()` failures
 * go through the same zod mapping as /api's. Anything else is a 500 with a generic message, the original
 * kept as the cause for the log (app.ts).
 */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { error } = result;
  const cause =
    error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? badInput(error.cause) : storageFullAsAppError(error.cause);
  if (cause instanceof AppError) throw new TRPCError({ code: ERROR_KINDS[cause.kind].trpc, message: cause.message, cause });
  if (error.code === 'INTERNAL_SERVER_ERROR') throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: GENERIC_ERROR_MESSAGE, cause });
  return result;
});

/** tRPC's 429s carry Retry-After as /api's do: the longest wait among a batch's refused calls. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Headers } {
  const waits = errors.map((e) => (e.cause instanceof AppError ? (e.cause.retryAfterSec ?? 0) : 0));
  const longest = Math.max(0, ...waits);
  return longest > 0 ? { headers: new Headers({ 'retry-after': String(longest) }) } : {};
}

export const router = t.router;
/** Before a call's input is parsed: its body was never read (an empty one stands in for it). */
const refusedBeforeBody = t.middleware(({ ctx, next }) => {
  if (ctx.refusedBeforeBody) throw ctx.refusedBeforeBody;
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors).use(refusedBeforeBody);
/** Signed-in only (ctx.actor narrowed to SignedInActor); the identity always comes from the session. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: signedIn(ctx.actor) } }));
export const createCallerFactory = t.createCallerFactory;
