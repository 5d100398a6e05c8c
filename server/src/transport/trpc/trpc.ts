// tRPC setup: context from the request, AppError -> tRPC codes from the one table, field errors to the client.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, ERROR_KINDS, type FieldErrors } from '../../contract/errors';
import type { Actor, CoreDeps } from '../../core/shared/core-deps';
import { requireUser } from '../../core/shared/require-user';
import { clearedSessionCookie, sessionCookie } from '../http/session-cookie';

export interface TrpcContext {
  deps: CoreDeps;
  actor: Actor;
  /** Response headers of the tRPC batch (cookies go here). */
  resHeaders: Headers;
  secure: boolean;
}

export function setSession(ctx: TrpcContext, token: string, expiresAt: number): void {
  ctx.resHeaders.append('set-cookie', sessionCookie(token, expiresAt, ctx.deps.clock.now(), ctx.secure));
}

export function clearSession(ctx: TrpcContext): void {
  ctx.resHeaders.append('set-cookie', clearedSessionCookie(ctx.secure));
}

function fieldErrorsOf(cause: unknown): FieldErrors | undefined {
  if (cause instanceof AppError) return cause.fieldErrors;
  if (cause instanceof ZodError) {
    const out: FieldErrors = {};
    for (const issue of cause.issues) out[issue.path.join('.') || '_'] ??= issue.message;
    return out;
  }
  return undefined;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const fieldErrors = fieldErrorsOf(error.cause);
    // A zod failure's default message is a JSON dump; show the first field's sentence instead.
    const message = error.cause instanceof ZodError ? (Object.values(fieldErrors ?? {})[0] ?? 'The request is not valid.') : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined, fieldErrors: fieldErrors ?? null } };
  },
});

/** Core errors keep their meaning: AppError kinds map to tRPC codes (and so HTTP statuses). */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_KINDS[cause.kind].trpc, message: cause.message, cause });
  }
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    console.error(result.error.cause ?? result.error);
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred.' });
  }
  return result;
});

/** tRPC's 429s carry Retry-After as /api's do: the longest wait among a batch's refused calls. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Headers } {
  const waits = errors.map((e) => (e.cause instanceof AppError ? (e.cause.retryAfterSec ?? 0) : 0));
  const longest = Math.max(0, ...waits);
  return longest > 0 ? { headers: new Headers({ 'retry-after': String(longest) }) } : {};
}

export const router = t.router;
export const publicProcedure = t.procedure.use(mapAppErrors);
/** Signed-in only; the identity always comes from the session. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  requireUser(ctx.actor);
  return next();
});
export const createCallerFactory = t.createCallerFactory;
