/**
 * The one log entry for an unexpected error: where it happened, which request (its X-Request-Id, so a
 * report can be matched to the log), and the stack with its causes.
 */
export function errorLogEntry(where: string, requestId: string | undefined, err: unknown): string {
  return `${where} [request ${requestId ?? 'unknown'}]: ${describe(err, 0)}`;
}

const MAX_CAUSES = 5; // a cause chain can loop

function describe(err: unknown, depth: number): string {
  if (!(err instanceof Error)) return String(err);
  const own = err.stack ?? `${err.name}: ${err.message}`;
  if (err.cause === undefined || depth >= MAX_CAUSES) return own;
  return `${own}\nCaused by: ${describe(err.cause, depth + 1)}`;
}
