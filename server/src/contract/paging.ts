// Paging shared by every list (stories, comments, search): `page` and `limit` as the /api lists take them, and the
// count a list's pager needs.
import { z } from 'zod';
import { LIMITS } from './limits';

/** A whole number from 1 to `max`; absent, empty or 0 is `fallback` (the old client sends 0 for "the default"). */
export const positiveInt = (name: string, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ invalid_type_error: `${name} must be a whole number.` })
      .int(`${name} must be a whole number.`)
      .min(1, `${name} must be at least 1.`)
      .max(max, `${name} must be at most ${max}.`),
  );

export const pagingSchema = z.object({
  page: positiveInt('page', 1_000_000, 1),
  limit: positiveInt('limit', LIMITS.pageSizeMax, LIMITS.pageSizeMax),
});
export type Paging = z.output<typeof pagingSchema>;

/** How many items a list holds, for its pager. */
export const countOutput = z.object({ count: z.number().int() });
