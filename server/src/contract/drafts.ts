// Drafts, revisions and versions (issue #11; docs/decisions/0012-drafts-revisions-and-versions.md).
// The API both the server and the client build against; ADR 0012 describes it in words.
import { z } from 'zod';
import { LIMITS } from './limits';
import { storyContentInput, versionCounter } from './stories';
import { cleanLine } from './visible-text';

export const DRAFT_CONFLICT = 'This draft was changed in another tab or on another device.';
export const NO_SUCH_REVISION = 'There is no such version of your story.';

/** A draft's title may be empty (a draft need not be ready to publish), cleaned as a story title is. */
export const draftTitleSchema = z.preprocess(
  (v) => (typeof v === 'string' ? cleanLine(v) : v),
  z
    .string({ invalid_type_error: 'The title must be text.' })
    .max(LIMITS.titleMax, `The title must be at most ${LIMITS.titleMax} characters.`),
);

// ---- drafts ----

export const draftOutput = z.object({
  /** The person's draft counter: +1 on every autosave, discard, restore and publish; never reused. */
  draft_version: z.number().int(),
  draft: z
    .object({
      title: z.string(),
      /** Sanitized HTML, safe to put in the editor. */
      text: z.string(),
      /** The story version the draft was started from (0: there was no story). */
      base_version: z.number().int(),
      /** ISO time of the last autosave (or restore). */
      saved_at: z.string(),
    })
    .nullable(),
});
export type DraftView = z.infer<typeof draftOutput>;

export const autosaveDraftInput = z.object({
  title: draftTitleSchema,
  text: storyContentInput.shape.text,
  base_version: versionCounter('base_version'),
  draft_version: versionCounter('draft_version'),
  /** Save even though another tab or device saved since (the person chose "Keep this version"). */
  force: z.boolean({ invalid_type_error: 'force must be true or false.' }).optional(),
});
export type AutosaveDraftInput = z.output<typeof autosaveDraftInput>;

/** After a write of the draft (an autosave or a restore): the new counter and its time. */
export const draftWrittenOutput = z.object({ draft_version: z.number().int(), saved_at: z.string() });
export type DraftWritten = z.infer<typeof draftWrittenOutput>;

export const discardDraftInput = z.object({ draft_version: versionCounter('draft_version') });
export type DiscardDraftInput = z.output<typeof discardDraftInput>;

export const discardDraftOutput = z.object({ draft_version: z.number().int() });

// ---- revisions: one per publish, private to the author ----

export const revisionSummaryOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  word_count: z.number().int(),
  /** ISO time of the publish. */
  published_at: z.string(),
  /** The revision whose text was restored into the draft that was then published, or null. */
  restored_from: z.number().int().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummaryOutput>;

export const revisionListOutput = z.array(revisionSummaryOutput);

export const revisionOutput = revisionSummaryOutput.extend({ text: z.string() });
export type Revision = z.infer<typeof revisionOutput>;

export const revisionIdInput = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ required_error: 'Say which version.', invalid_type_error: NO_SUCH_REVISION })
      .int(NO_SUCH_REVISION)
      .min(1, NO_SUCH_REVISION)
      .max(Number.MAX_SAFE_INTEGER, NO_SUCH_REVISION),
  ),
});
export type RevisionIdInput = z.output<typeof revisionIdInput>;
