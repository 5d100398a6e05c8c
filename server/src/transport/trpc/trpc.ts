// tRPC setup: context from the request, AppError -> tRPC codes from the one table, field errors to the client.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, ERROR_KINDS, GENERIC_ERROR_MESSAGE } from '../../contract/errors';
import type { Actor, CoreDeps } from '../../core/shared/core-deps';
import { signedIn } from '../../core/shared/require-user';
import { storageFullAsAppError } from '../../core/shared/storage-full';
import { limitRate } from '../../core/shared/rate-limit';
import { badInput } from '../../core/shared/validate';
import { clearedSessionCookie, sessionCookie } from '../http/session-cookie';
import { checkToken } from '../http/token-scopes';
import { BUDGET_MESSAGES, type RequestBudget, TRPC_BATCH_TOO_LARGE } from './request-budget';
import type { Locale } from '../../contract/locale';

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
  /** The language the request asks for without the account's (?lang=, the `lang` cookie, Accept-Language; ADR 0042). */
  locale?: Locale;
  /** Over HTTP only: the request's read budget and answer bytes (request-budget.ts); the in-process caller has none. */
  budget?: RequestBudget;
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
    // A batch over maxBatchSize (app.ts): tRPC's own words name no number and no way out.
    const message = error.message === TRPC_BATCH_TOO_LARGE ? BUDGET_MESSAGES.batchTooLarge : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined, fieldErrors: fieldErrors ?? null } };
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

/**
 * Over HTTP (issue #23 §5): every query spends one point of the client's read budget, so a batch costs what its
 * calls cost, and an answer that would take the request's answers past their byte cap is refused with a 413.
 */
const spendRequestBudget = t.middleware(async ({ ctx, type, next }) => {
  if (!ctx.budget) return next();
  if (type === 'query') await limitRate(ctx.deps, [['readsPerClient', ctx.actor.clientKey]]);
  const result = await next();
  if (result.ok && !ctx.budget.admit(result.data)) throw new AppError('TOO_LARGE', BUDGET_MESSAGES.answersTooLarge);
  return result;
});

export const router = t.router;
/** Before a call's input is parsed: its body was never read (an empty one stands in for it). */
const refusedBeforeBody = t.middleware(({ ctx, next }) => {
  if (ctx.refusedBeforeBody) throw ctx.refusedBeforeBody;
  return next();
});

/** A call made with a developer token: what the token may do, and its budget (token-scopes.ts, ADR 0039). */
const tokenScope = t.middleware(async ({ ctx, path, next }) => {
  await checkToken(ctx.deps, ctx.actor, path);
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors).use(refusedBeforeBody).use(tokenScope).use(spendRequestBudget);
/** Signed-in only (ctx.actor narrowed to SignedInActor); the identity always comes from the session. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: signedIn(ctx.actor) } }));
export const createCallerFactory = t.createCallerFactory;
