// Explore: search, and the top, new and bookmarked ("Saved") lists. Field names follow the /api contract (snake_case); see
// README.md in this folder.
import { z } from 'zod';
import { LIMITS } from './limits';
import { pagingSchema, positiveInt } from './paging';

export const searchKindSchema = z.enum(['all', 'stories', 'users']);
export type SearchKind = z.output<typeof searchKindSchema>;

export const searchInput = z.object({
  text: z
    .string({ invalid_type_error: 'The search term must be text.' })
    .max(LIMITS.searchTextMax, `The search term must be at most ${LIMITS.searchTextMax} characters.`)
    .default(''),
  kind: searchKindSchema.default('all'),
});
export type SearchInput = z.output<typeof searchInput>;

/** `/api` search paging: `page` and `limit` as the other lists, 20 a page unless asked (ADR 0011). */
export const searchPagingSchema = z.object({
  page: positiveInt('page', 1_000_000, 1),
  limit: positiveInt('limit', LIMITS.pageSizeMax, LIMITS.searchResultsMax),
});

/** tRPC search paging: `cursor` is the number of hits above the page (the `nextCursor` of the page before). */
export const searchPageInput = searchInput.extend({
  cursor: z
    .number({ invalid_type_error: 'The cursor must be a whole number.' })
    .int('The cursor must be a whole number.')
    .min(0, 'The cursor must be at least 0.')
    .max(LIMITS.searchDepth, `The cursor must be at most ${LIMITS.searchDepth}.`)
    .nullish()
    .transform((v) => v ?? 0),
  limit: positiveInt('limit', LIMITS.pageSizeMax, LIMITS.searchResultsMax),
});
export type SearchPageInput = z.output<typeof searchPageInput>;

export const highlightOutput = z.object({
  field: z.enum(['title', 'username', 'first_name', 'last_name']),
  start: z.number().int(),
  length: z.number().int(),
});

export const listItemOutput = z.object({
  username: z.string(),
  /** Empty when the person has not written a story yet (people search only). */
  title: z.string().describe('Empty when the person has not written a story yet (people search).'),
  image: z.string().nullable(),
  timestamp: z.string().nullable(),
  like_count: z.number().int(),
  /** Public names, present only in people search results of public accounts. */
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  highlights: z.array(highlightOutput).optional(),
});
export type ListItem = z.infer<typeof listItemOutput>;

/** One page of a list (search, top, new, bookmarks). */
export const listOutput = z.array(listItemOutput);

export const searchPageOutput = z.object({
  items: z.array(listItemOutput),
  /** The cursor of the next page, or null when no further match can be reached. */
  nextCursor: z.number().int().nullable(),
});
export type SearchPage = z.infer<typeof searchPageOutput>;

export const topWindowSchema = z.enum(['all', 'month', 'year']);
export type TopWindowName = z.infer<typeof topWindowSchema>;

export const topListInput = pagingSchema.extend({ window: topWindowSchema.default('all') });
export type TopListInput = z.output<typeof topListInput>;

export const topCountInput = z.object({ window: topWindowSchema });
