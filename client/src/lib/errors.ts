import { TRPCClientError } from '@trpc/react-query';

export const GENERIC_ERROR = 'An unexpected error occurred.';

/**
 * The message to show for a failed call: the server's own sentence when it sent one, else the generic one
 * (a network failure or a crash has no message meant for people).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string' && error.message) {
    return error.data.code === 'INTERNAL_SERVER_ERROR' ? GENERIC_ERROR : error.message;
  }
  if (error instanceof UploadError) return error.message;
  return GENERIC_ERROR;
}

/** Per-field messages the server attached to a bad-input error, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError && error.data?.fieldErrors) return error.data.fieldErrors as Record<string, string>;
  return {};
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data?.code as string | undefined) : undefined;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
