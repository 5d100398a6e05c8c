// Reports, blocks and the moderation screen's calls (docs/decisions/0020-moderation.md). tRPC only: the original
// /api has no such calls. Shared with the client for its forms and labels.
import { z } from 'zod';
import { usernameSchema } from './accounts';
import { commentDeleteInput } from './social';
import { storyUsernameSchema } from './stories';
import { cleanMultiline, hasVisibleText } from './visible-text';

import { MODERATION_LIMITS, REPORT_REASONS, type ReportReason } from './moderation-report-reasons';

export { MODERATION_LIMITS, REPORT_REASONS, type ReportReason } from './moderation-report-reasons';
const reasonKeys = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

const commentId = commentDeleteInput.shape.comment_id;

/** A story (by its author's username) or a comment (by its id). */
export const moderationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('story'), story_username: storyUsernameSchema }),
  z.object({ kind: z.literal('comment'), comment_id: commentId }),
]);
export type ModerationTarget = z.output<typeof moderationTarget>;

/** Optional text, cleaned as a comment is; blank becomes null. */
const optionalNote = z
  .string({ invalid_type_error: 'The note must be text.' })
  .transform(cleanMultiline)
  .pipe(z.string().max(MODERATION_LIMITS.noteMax, `The note can be at most ${MODERATION_LIMITS.noteMax} characters.`))
  .transform((s) => (hasVisibleText(s) ? s : null))
  .nullish()
  .transform((v) => v ?? null);

export const reportInput = z.object({
  target: moderationTarget,
  reason: z.enum(reasonKeys, {
    errorMap: () => ({ message: 'Please choose a reason from the list.' }),
  }),
  note: optionalNote,
});
export type ReportInput = z.output<typeof reportInput>;

export const personRefInput = z.object({ username: usernameSchema });
export type PersonRefInput = z.output<typeof personRefInput>;

/** Every moderation action says why: the log keeps it. */
const actionReason = z
  .string({ required_error: 'Please say why.', invalid_type_error: 'The reason must be text.' })
  .transform(cleanMultiline)
  .pipe(
    z
      .string()
      .max(MODERATION_LIMITS.reasonMax, `The reason can be at most ${MODERATION_LIMITS.reasonMax} characters.`)
      .refine(hasVisibleText, 'Please say why.'),
  );

const reportId = z.number({ invalid_type_error: 'report_id must be a number.' }).int().positive();

export const contentActionInput = z.object({ target: moderationTarget, reason: actionReason, report_id: reportId.optional() });
export type ContentActionInput = z.output<typeof contentActionInput>;

export const accountActionInput = z.object({ username: usernameSchema, reason: actionReason, report_id: reportId.optional() });
export type AccountActionInput = z.output<typeof accountActionInput>;

export const dismissInput = z.object({ report_id: reportId, reason: actionReason });
export type DismissInput = z.output<typeof dismissInput>;

export const logPageInput = z.object({ page: z.number().int().min(1).max(10_000).default(1) });

export const accessOutput = z.object({ admin: z.boolean() });

export const reportOutput = z.object({ report_id: z.number().int() });

const reportEntry = z.object({
  report_id: z.number().int(),
  reason: z.enum(reasonKeys),
  note: z.string().nullable(),
  /** null when the reporter has since deleted their account. */
  reporter: z.string().nullable(),
  created_at: z.string(),
});

/** One reported item with every open report on it, and what it looks like now. */
export const queueItemOutput = z.object({
  target_key: z.string(),
  kind: z.enum(['story', 'comment']),
  story_username: z.string(),
  story_title: z.string().nullable(),
  comment_id: z.number().int().nullable(),
  /** The comment's text, or the beginning of the story's first page as plain text; null once it is gone. */
  text: z.string().nullable(),
  author: z.string(),
  author_suspended: z.boolean(),
  hidden: z.boolean(),
  gone: z.boolean(),
  reports: z.array(reportEntry),
});
export type QueueItem = z.infer<typeof queueItemOutput>;

export const logEntryOutput = z.object({
  id: z.number().int(),
  at: z.string(),
  /** null once the admin's account is deleted. */
  admin: z.string().nullable(),
  action: z.enum(['hide', 'restore', 'delete', 'dismiss', 'suspend', 'unsuspend']),
  target_kind: z.enum(['story', 'comment', 'account', 'report']),
  /** Whose story, comment or account it was (null once that account is deleted). */
  target_user: z.string().nullable(),
  target_id: z.number().int().nullable(),
  reason: z.string(),
});
export type LogEntry = z.infer<typeof logEntryOutput>;

export const withheldOutput = z.object({
  stories: z.array(z.object({ story_username: z.string(), title: z.string(), hidden_at: z.string() })),
  comments: z.array(
    z.object({ comment_id: z.number().int(), story_username: z.string(), author: z.string(), text: z.string(), hidden_at: z.string() }),
  ),
  accounts: z.array(z.object({ username: z.string(), suspended_at: z.string() })),
});
export type Withheld = z.infer<typeof withheldOutput>;

export const queueOutput = z.array(queueItemOutput);
export const logPageOutput = z.array(logEntryOutput);

export const blockedOutput = z.array(z.object({ username: z.string(), since: z.string() }));
export const blockStateOutput = z.object({ blocked: z.boolean() });

// ---- the one-time admin setup link printed at the start of a site with no admin ----
// Opening it while signed in makes that account the site's admin.

/** Hours a setup link works for: long enough to register an account and come back the next day. */
export const SETUP_LINK_HOURS = 24;

export const SETUP_LINK_INVALID =
  'This setup link does not work: it was used already, it expired, or part of it is missing. Whoever runs the site can print a new one with “npm run admin -- --setup-link”.';

export const claimSetupLinkInput = z.object({
  /** The token from the link: 32 random bytes, base64url. */
  token: z
    .string({ required_error: SETUP_LINK_INVALID, invalid_type_error: SETUP_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{43}$/, SETUP_LINK_INVALID),
});
export type ClaimSetupLinkInput = z.output<typeof claimSetupLinkInput>;

export const claimSetupLinkOutput = z.object({ admin: z.literal(true), username: z.string() });
