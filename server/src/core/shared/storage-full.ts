// A write refused because the disk is full (docs/decisions/0001-sqlite-durability.md, "A full disk"): SQLite's
// SQLITE_FULL, a file's ENOSPC, PostgreSQL's disk_full (53100). Nothing was stored; reads go on, and writes work
// again as soon as there is space: no restart needed.
import { AppError } from '../../contract/errors';

export const STORAGE_FULL =
  'The server has run out of disk space, so nothing can be saved just now. What you just sent was not saved; please try again later.';

/** Seconds a client is told to wait: someone has to free space first. */
const RETRY_AFTER_SEC = 60;

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', '53100']);

/** The error in `err`'s cause chain that says the disk is full, if any. */
function fullError(err: unknown): (Error & { code: string }) | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return e as Error & { code: string };
  }
  return undefined;
}

/** Whether `err`, or an error it was caused by, says the disk is full. */
export function isStorageFull(err: unknown): boolean {
  return fullError(err) !== undefined;
}

/** The error people are shown for a full disk (the original kept as its cause); other errors pass unchanged. */
export function storageFullAsAppError(err: unknown): unknown {
  if (err instanceof AppError || !isStorageFull(err)) return err;
  const refused = new AppError('STORAGE_FULL', STORAGE_FULL, undefined, RETRY_AFTER_SEC);
  refused.cause = err;
  return refused;
}

/**
 * One log line for a full disk, at most once a minute however many writes it refuses (each would say the same):
 * the real cause, e.g. `SQLITE_FULL: database or disk is full`.
 */
export function storageFullLogger(log: (message: string) => void, everyMs = 60_000): (err: unknown) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (err) => {
    const cause = fullError(err);
    if (!cause || Date.now() - last < everyMs) return;
    last = Date.now();
    log(`The disk is full (${cause.code}: ${cause.message}): writes are refused until space is freed; reads go on.`);
  };
}
