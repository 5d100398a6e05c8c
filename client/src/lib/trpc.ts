// The typed client for our own API: every call to /trpc goes through here (uploads are the one exception).
import { QueryCache, MutationCache, QueryClient } from '@tanstack/react-query';
import { createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { AppRouter } from '#app-router';
import { LIMITS } from '#contract/limits';
import { signedOut } from '../state/session';

export const trpc = createTRPCReact<AppRouter>();

/** The server says we are not signed in: the stored user is stale, so forget it instead of breaking screens. */
export function forgetStaleSession(error: unknown): void {
  if (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED') signedOut();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: forgetStaleSession }),
    mutationCache: new MutationCache({ onError: forgetStaleSession }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (bad input, not found, signed out) do not get better by asking again.
        retry: (count, error) => {
          const status = error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
          return (status === undefined || status >= 500) && count < 2;
        },
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    // The server refuses a request of more calls than LIMITS.trpcBatchMax: the link splits before that.
    links: [httpBatchLink({ url: '/trpc', maxURLLength: 2000, maxItems: LIMITS.trpcBatchMax })],
  });
}

export type { AppRouter };
