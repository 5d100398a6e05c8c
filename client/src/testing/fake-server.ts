// A stand-in for the server at the network boundary: `fetch` answers the app's own tRPC client (httpBatchLink,
// GET /trpc/a,b?batch=1&input={"0":...} and POST for mutations) from handlers, in tRPC's wire format. Hooks under
// test run with the app's real client and query client, so batching, error decoding and retry rules are the real ones.
// Handlers are typed per procedure from the router (inferRouterInputs/Outputs), so one that answers in the wrong
// shape, or for a procedure that does not exist, fails the type check instead of passing unnoticed.
import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { vi } from 'vitest';
import type { AppRouter } from '#app-router';

type RouterRecord = AppRouter['_def']['record'];

/** Every procedure's path as the client sends it: 'stories.get', 'social.like', ... */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type ProcedurePath = PathsOf<RouterRecord>;

/** The type at a dotted path of a nested object ('social.like' of { social: { like: T } } is T). */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

export type ProcedureInput<P extends ProcedurePath> = At<inferRouterInputs<AppRouter>, P>;
/** What the client receives (the output as JSON carries it: a Date becomes a string). */
export type ProcedureOutput<P extends ProcedurePath> = At<inferRouterOutputs<AppRouter>, P>;

/** Answers one procedure: its output, or a promise of it, or throws a ServerError. */
export type Handler<P extends ProcedurePath> = (input: ProcedureInput<P>) => ProcedureOutput<P> | Promise<ProcedureOutput<P>>;
export type Handlers = { [P in ProcedurePath]?: Handler<P> };

export interface Call {
  path: string;
  input: unknown;
}

/** A procedure error as the server sends it (a `code` of tRPC's, e.g. 'NOT_FOUND', 'UNAUTHORIZED'), with its field messages. */
export class ServerError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message = code,
    readonly fieldErrors: Record<string, string> | null = null,
  ) {
    super(message);
  }
}

export interface FakeServer {
  calls: Call[];
  /** The inputs of the calls to one procedure, in order. */
  callsTo: <P extends ProcedurePath>(path: P) => ProcedureInput<P>[];
  /** How many HTTP requests were made (a batch is one). */
  requests: () => number;
  handle: <P extends ProcedurePath>(path: P, handler: Handler<P>) => void;
}

/**
 * Replaces global fetch for the test; each procedure answers through its handler (which may return a promise,
 * or throw a ServerError). A procedure without a handler answers NOT_FOUND.
 */
export function fakeServer(handlers: Handlers = {}): FakeServer {
  const calls: Call[] = [];
  let requests = 0;
  // Untyped inside: the wire gives a path and JSON; the types above hold at the test's side.
  const table = new Map<string, (input: unknown) => unknown>(Object.entries(handlers) as [string, (input: unknown) => unknown][]);

  const answer = async (path: string, input: unknown) => {
    calls.push({ path, input });
    const handler = table.get(path);
    try {
      if (!handler) throw new ServerError('NOT_FOUND', 404, `No procedure ${path}`);
      return { result: { data: await handler(input) } };
    } catch (error) {
      const e = error instanceof ServerError ? error : new ServerError('INTERNAL_SERVER_ERROR', 500, String(error));
      return {
        error: { message: e.message, code: -32000, data: { code: e.code, httpStatus: e.httpStatus, path, fieldErrors: e.fieldErrors } },
      };
    }
  };

  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests++;
    const parsed = new URL(url, 'http://localhost');
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/trpc\//, '')).split(',');
    const raw = init?.method === 'POST' ? (init.body as string | undefined) : parsed.searchParams.get('input');
    const inputs = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const batched = parsed.searchParams.get('batch') === '1';
    const items = await Promise.all(paths.map((path, i) => answer(path, batched ? inputs[i] : inputs)));
    return new Response(JSON.stringify(batched ? items : items[0]), { status: 200, headers: { 'content-type': 'application/json' } });
  });

  return {
    calls,
    callsTo: <P extends ProcedurePath>(path: P) => calls.filter((c) => c.path === path).map((c) => c.input as ProcedureInput<P>),
    requests: () => requests,
    handle: (path, handler) => {
      table.set(path, handler as (input: unknown) => unknown);
    },
  };
}
