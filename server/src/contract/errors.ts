// One table of error kinds, shared by the core, both transports and the client.
export const ERROR_KINDS = {
  BAD_INPUT: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHENTICATED: { http: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  TOO_LARGE: { http: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA: { http: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  UNPROCESSABLE: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  RATE_LIMITED: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  /** A service the answer needs (Meilisearch) is away for a while; trying again later helps. */
  UNAVAILABLE: { http: 503, trpc: 'SERVICE_UNAVAILABLE' },
  /** The disk is full: nothing can be written until space is freed (tRPC has no 507: 503 there). */
  STORAGE_FULL: { http: 507, trpc: 'SERVICE_UNAVAILABLE' },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** Per-field messages, keyed by input field name. */
export type FieldErrors = Record<string, string>;

/** The one error type the core throws; its message is shown to people as it is. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Seconds until a rate-limited action may be tried again. */
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred.';
