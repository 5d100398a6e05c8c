// What one tRPC request over HTTP may cost (issue #23 §5; docs/decisions/0007-client-shape.md): at most
// LIMITS.trpcBatchMax calls (tRPC's maxBatchSize), each query spending one point of the client's read budget, and
// answers that together fit in ANSWER_BYTES_MAX. tRPC writes a batch's answers as one JSON string: 120 answers of
// 5 MB passed V8's longest string and answered 500 (RangeError: Invalid string length), 60 stalled the event loop 8 s.
import { LIMITS } from '../../contract/limits';

/** Bytes of answers one request may carry: several of the largest answers (a 5 MB story) and far below V8's limit. */
export const ANSWER_BYTES_MAX = 24 * 1024 * 1024;

export const BUDGET_MESSAGES = {
  batchTooLarge: `A request may hold at most ${LIMITS.trpcBatchMax} calls. Please send fewer at a time.`,
  answersTooLarge: `These answers together are larger than ${ANSWER_BYTES_MAX / 1024 / 1024} MB. Please ask for fewer at a time.`,
} as const;

/** tRPC's own message for a batch over maxBatchSize (resolveResponse), replaced by ours in the error formatter. */
export const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

/** One HTTP request's answers so far; the in-process caller (server rendering) has none and is not limited. */
export class RequestBudget {
  private bytes = 0;
  private answers = 0;

  /** Counts an answer; false when it would take the request past ANSWER_BYTES_MAX (the first answer always fits). */
  admit(answer: unknown): boolean {
    const size = jsonSize(answer, ANSWER_BYTES_MAX - this.bytes + 1);
    if (this.answers > 0 && this.bytes + size > ANSWER_BYTES_MAX) return false;
    this.answers++;
    this.bytes += size;
    return true;
  }
}

/**
 * About the length of `value` as JSON (strings count their characters, plus quotes and separators), without
 * building it; stops counting once past `stopAt`. Escapes are not counted: the cap is far below where they matter.
 */
export function jsonSize(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= stopAt) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') total += String(v).length;
    else if (v === null || v === undefined) total += 4;
    else if (Array.isArray(v)) {
      total += 2 + v.length;
      for (const item of v) stack.push(item);
    } else if (v instanceof Date) total += 26;
    else if (typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        total += key.length + 4;
        stack.push(item);
      }
      total += 2;
    }
  }
  return total;
}
