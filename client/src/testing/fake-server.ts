// A stand-in for the server at the network boundary: `fetch` answers the app's own tRPC client (httpBatchLink,
// GET /trpc/a,b?batch=1&input={"0":...} and POST for mutations) from handlers, in tRPC's wire format. Hooks under
// test run with the app's real client and query client, so batching, error decoding and retry rules are the real ones.
import { vi } from 'vitest';

export type Handler = (input: unknown) => unknown;

export interface Call {
  path: string;
  input: unknown;
}

/** A procedure error as the server sends it (a `code` of tRPC's, e.g. 'NOT_FOUND', 'UNAUTHORIZED'). */
export class ServerError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message = code,
  ) {
    super(message);
  }
}

export interface FakeServer {
  calls: Call[];
  /** The calls to one procedure, in order. */
  callsTo: (path: string) => unknown[];
  /** How many HTTP requests were made (a batch is one). */
  requests: () => number;
  handle: (path: string, handler: Handler) => void;
}

/**
 * Replaces global fetch for the test; each procedure answers through its handler (which may return a promise,
 * or throw a ServerError). A procedure without a handler answers NOT_FOUND.
 */
export function fakeServer(handlers: Record<string, Handler> = {}): FakeServer {
  const calls: Call[] = [];
  let requests = 0;
  const table = new Map(Object.entries(handlers));

  const answer = async (path: string, input: unknown) => {
    calls.push({ path, input });
    const handler = table.get(path);
    try {
      if (!handler) throw new ServerError('NOT_FOUND', 404, `No procedure ${path}`);
      return { result: { data: await handler(input) } };
    } catch (error) {
      const e = error instanceof ServerError ? error : new ServerError('INTERNAL_SERVER_ERROR', 500, String(error));
      return { error: { message: e.message, code: -32000, data: { code: e.code, httpStatus: e.httpStatus, path } } };
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
    callsTo: (path) => calls.filter((c) => c.path === path).map((c) => c.input),
    requests: () => requests,
    handle: (path, handler) => {
      table.set(path, handler);
    },
  };
}
