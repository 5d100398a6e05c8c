// @life-story/client: packages/client/README.md.
export { type AppRouter, createLifeStoryClient, type LifeStoryClient, type LifeStoryClientOptions, MAX_BATCH_CALLS } from './client.js';
export { RETRY_STATUSES, type RetryOptions, retryAfterMs, retryingFetch } from './retry.js';
export { TRPCClientError } from '@trpc/client';
