// Social: likes, bookmarks ("Save" for later) and comments on a story. Field names follow the /api contract (snake_case); see
// README.md in this folder.
import { z } from 'zod';
import { LIMITS } from './limits';
import { pagingSchema } from './paging';
import { storyRefInput, storyUsernameSchema } from './stories';
import { cleanMultiline, hasVisibleText } from './visible-text';

// ---- likes and bookmarks ----

/** Like or bookmark (on) a story, or take it back; asking for the state that already holds changes nothing. */
export const markInput = storyRefInput.extend({
  on: z.boolean({ required_error: 'Say whether to add or remove it.', invalid_type_error: 'Say whether to add or remove it.' }),
});
export type MarkInput = z.output<typeof markInput>;

/** The state after the call, and whether the call changed it. */
export const markOutput = z.object({ on: z.boolean(), changed: z.boolean() });

export const storyFlagsOutput = z.object({ liked: z.boolean(), bookmarked: z.boolean() });

// ---- comments ----

export const commentCreateInput = z.object({
  story_username: storyUsernameSchema,
  text: z
    .string({ required_error: 'A comment needs some text.', invalid_type_error: 'A comment must be text.' })
    .transform(cleanMultiline)
    .pipe(
      z
        .string()
        .min(1, 'A comment needs some text.')
        .max(LIMITS.commentMax, `Comment exceeds the limit of ${LIMITS.commentMax} characters.`)
        .refine(hasVisibleText, 'A comment needs some visible text.'),
    ),
});
export type CommentCreateInput = z.output<typeof commentCreateInput>;

export const commentDeleteInput = z.object({
  comment_id: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ required_error: 'comment_id is required.', invalid_type_error: 'comment_id must be a number.' })
      .int('comment_id must be a whole number.')
      .min(1, 'Comment not found.')
      // No id is larger; PostgreSQL refuses numbers beyond BIGINT where SQLite compared them (ADR 0021).
      .max(Number.MAX_SAFE_INTEGER, 'Comment not found.'),
  ),
});
export type CommentDeleteInput = z.output<typeof commentDeleteInput>;

export const commentListInput = storyRefInput.merge(pagingSchema);
export type CommentListInput = z.output<typeof commentListInput>;

export const commentOutput = z.object({
  comment_id: z.number().int(),
  username: z.string(),
  /** Never sent: comments show the username only. */
  first_name: z.null(),
  last_name: z.null(),
  text: z.string(),
  timestamp: z.string(),
  image: z.string().nullable(),
});
export type Comment = z.infer<typeof commentOutput>;

export const commentListOutput = z.array(commentOutput);
