// createLifeStoryClient (docs/decisions/0041-typed-client-and-start-stack.md): tRPC's own client, typed by the
// site's router (a type-only import: nothing of the server is in this package's JavaScript), signed in with a
// developer token, with the retries of retry.ts.
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import type { AppRouter } from '../../../server/src/transport/trpc/app-router';
import { type RetryOptions, retryingFetch } from './retry.js';

export type { AppRouter };
export type LifeStoryClient = TRPCClient<AppRouter>;

/**
 * The server refuses a request of more calls than this (LIMITS.trpcBatchMax in server/src/contract/limits.ts;
 * a test checks they agree): the link splits a batch before that.
 */
export const MAX_BATCH_CALLS = 20;

export interface LifeStoryClientOptions {
  /** The site's address, e.g. https://stories.example.org (its procedures are under /trpc). */
  url: string;
  /** A developer token (lst_...), made under Profile, "Developer access". */
  token?: string;
  /** Headers of every request (a test's session cookie instead of a token, say). */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** Retries of 429 and 503 answers (retry.ts). `false`: none. */
  retry?: RetryOptions | false;
}

export function createLifeStoryClient(options: LifeStoryClientOptions): LifeStoryClient {
  const base = options.url.replace(/\/+$/, '');
  const url = base.endsWith('/trpc') ? base : `${base}/trpc`;
  const send = options.fetch ?? globalThis.fetch;
  const fetchWithRetries = options.retry === false ? send : retryingFetch(send, options.retry);
  const headers = {
    ...options.headers,
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url,
        maxURLLength: 2000,
        maxItems: MAX_BATCH_CALLS,
        headers: () => headers,
        fetch: (input, init) => fetchWithRetries(input as string, init as RequestInit),
      }),
    ],
  });
}
