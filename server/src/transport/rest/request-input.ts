// /api validates at the edge, with the contract's schemas and the one zod mapping (validate.ts), so the
// core is called with typed input. The order of refusals is the old server's: malformed JSON (400),
// then no session (401), then bad fields (400).
import type { Context } from 'hono';
import type { z } from 'zod';
import type { SignedInActor } from '../../core/shared/core-deps';
import { signedIn as signedInActor } from '../../core/shared/require-user';
import { validate } from '../../core/shared/validate';
import type { AppEnv } from '../http/request-context';
import { readBody, unwrapData } from './respond';

type Ctx = Context<AppEnv>;

interface BodyOptions {
  /** Accept the old client's {data: {...}} wrapper too. */
  unwrap?: boolean;
}

async function bodyOf(c: Ctx, options: BodyOptions): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  return options.unwrap ? unwrapData(body) : body;
}

/** The signed-in person asking, or the same 401 the core used to answer. */
export function signedIn(c: Ctx): SignedInActor {
  return signedInActor(c.var.actor);
}

/** Parses a value the route assembled (from the body, the path or constants); bad fields are a 400. */
export const parseInput = validate;

/** The JSON body parsed with a contract schema. */
export async function parseBody<S extends z.ZodTypeAny>(c: Ctx, schema: S, options: BodyOptions = {}): Promise<z.output<S>> {
  return validate(schema, await bodyOf(c, options));
}

/** A signed-in person's request: the body is read first (malformed JSON answers 400 before 401), parsed last. */
export async function signedInBody<S extends z.ZodTypeAny>(
  c: Ctx,
  schema: S,
  options: BodyOptions = {},
): Promise<{ actor: SignedInActor; input: z.output<S> }> {
  const body = await bodyOf(c, options);
  const actor = signedIn(c);
  return { actor, input: validate(schema, body) };
}
