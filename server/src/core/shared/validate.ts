import type { z } from 'zod';
import { AppError, type FieldErrors } from '../../contract/errors';

/** Parses input with a contract schema; failures become one BAD_INPUT error with a message per field. */
export function validate<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fieldErrors)) {
      fieldErrors[key] =
        issue.code === 'invalid_type' && issue.received === 'undefined' ? requiredMessage(key, issue.message) : issue.message;
    }
  }
  const first = Object.values(fieldErrors)[0] ?? 'The request is not valid.';
  throw new AppError('BAD_INPUT', first, fieldErrors);
}

function requiredMessage(key: string, message: string): string {
  return message === 'Required' ? `${key} is required.` : message;
}
