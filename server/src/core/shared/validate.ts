import type { z, ZodError } from 'zod';
import { AppError, type FieldErrors } from '../../contract/errors';

/**
 * Parses input with a contract schema at the edge (REST routes, seeds); failures become one BAD_INPUT error.
 * tRPC parses with the same schemas and maps its failures through `badInput` too.
 */
export function validate<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw badInput(result.error);
}

/** The one zod -> field errors mapping: a message per field (the first issue wins), the first one as the message. */
export function badInput(error: ZodError): AppError {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fieldErrors)) {
      fieldErrors[key] =
        issue.code === 'invalid_type' && issue.received === 'undefined' ? requiredMessage(key, issue.message) : issue.message;
    }
  }
  const first = Object.values(fieldErrors)[0] ?? 'The request is not valid.';
  return new AppError('BAD_INPUT', first, fieldErrors);
}

/** zod's bare 'Required' names no field; a missing whole input (key '_') keeps it. */
function requiredMessage(key: string, message: string): string {
  return message === 'Required' && key !== '_' ? `${key} is required.` : message;
}
