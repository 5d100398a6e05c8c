// The server's own tRPC reads for the pages it renders (docs/decisions/0017-server-rendering.md): each op is the
// procedure the browser would call (input parsing, middleware, privacy rules and output parsing, which also drops
// any field the contract does not name), run in this process with one context. tRPC's unstable_localLink does the
// same with an AbortController (and an AbortError DOMException when done) and a JSON copy of every answer, which
// cost about a tenth of a rendered page (docs/performance.md, "Server rendering"); the answers here are already
// fresh objects made by the output parsers, and the page sends them as JSON anyway.
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { type AnyTRPCRouter, callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape } from '@trpc/server';
import { observable } from '@trpc/server/observable';

export function inProcessLink<TRouter extends AnyTRPCRouter>(router: TRouter, ctx: unknown): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        let open = true;
        const fail = (cause: unknown) => {
          const error = getTRPCErrorFromUnknown(cause);
          const shape = getTRPCErrorShape({ config: router._def._config, ctx, error, input: op.input, path: op.path, type: op.type });
          observer.error(TRPCClientError.from({ error: shape }, { cause: error }));
        };
        if (op.type === 'subscription') fail(new Error('Subscriptions are not answered in-process.'));
        else
          callTRPCProcedure({
            router,
            path: op.path,
            getRawInput: async () => op.input,
            ctx,
            type: op.type,
            signal: op.signal ?? undefined,
            batchIndex: 0,
          }).then(
            (data) => {
              // Only the answer, never `complete`: the tRPC client's promise settles on the first value, and on
              // completion it aborts an AbortController of its own (an AbortError DOMException with a stack per
              // call). Nothing waits for the end: the client and its cache are one page's, garbage once rendered.
              if (open) observer.next({ result: { data } });
            },
            (cause: unknown) => {
              if (open) fail(cause);
            },
          );
        return () => {
          open = false;
        };
      });
}
