// Drafts, revisions and versions (issue #11; docs/decisions/0012-drafts-revisions-and-versions.md).
// The API both the server and the client build against: /work/briefs/drafts-contract.md describes it in words.
import { z } from 'zod';
import { LIMITS } from './limits';
import { saveStoryInput, storyOutput } from './schemas';
import { cleanLine } from './visible-text';

export const DRAFT_CONFLICT = 'This draft was changed in another tab or on another device.';
export const STORY_CONFLICT = 'Your story was changed in another tab or on another device.';
export const NO_SUCH_REVISION = 'There is no such version of your story.';

const counter = (name: string) =>
  z
    .number({ required_error: `${name} is required.`, invalid_type_error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must be 0 or more.`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large.`);

/** A draft's title may be empty (a draft need not be ready to publish), cleaned as a story title is. */
export const draftTitleSchema = z.preprocess(
  (v) => (typeof v === 'string' ? cleanLine(v) : v),
  z
    .string({ invalid_type_error: 'The title must be text.' })
    .max(LIMITS.titleMax, `The title must be at most ${LIMITS.titleMax} characters.`),
);

// ---- drafts ----

export const draftOutput = z.object({
  /** The person's draft counter: +1 on every draft save, discard, restore and publish; never reused. */
  draft_version: z.number().int(),
  draft: z
    .object({
      title: z.string(),
      /** Sanitized HTML, safe to put in the editor. */
      text: z.string(),
      /** The story version the draft was started from (0: there was no story). */
      base_version: z.number().int(),
      /** ISO time of the last save. */
      saved_at: z.string(),
    })
    .nullable(),
});
export type DraftView = z.infer<typeof draftOutput>;

export const saveDraftInput = z.object({
  title: draftTitleSchema,
  text: saveStoryInput.shape.text,
  base_version: counter('base_version'),
  draft_version: counter('draft_version'),
  /** Save even though another tab or device saved since (the person chose "Keep this version"). */
  force: z.boolean({ invalid_type_error: 'force must be true or false.' }).optional(),
});
export type SaveDraftInput = z.output<typeof saveDraftInput>;

export const saveDraftOutput = z.object({ draft_version: z.number().int(), saved_at: z.string() });
export type SavedDraft = z.infer<typeof saveDraftOutput>;

export const discardDraftInput = z.object({ draft_version: counter('draft_version') });
export type DiscardDraftInput = z.output<typeof discardDraftInput>;

export const discardDraftOutput = z.object({ draft_version: z.number().int() });

// ---- publishing (stories.save over tRPC; /api/stories/save keeps saveStoryInput and its wire shape) ----

export const publishStoryInput = saveStoryInput.extend({
  /** The story version the editor started from; a stale one is refused (409) instead of overwriting. */
  base_version: counter('base_version').optional(),
  /** The draft counter the editor last saw; a stale one is refused (409). */
  draft_version: counter('draft_version').optional(),
});
export type PublishStoryInput = z.output<typeof publishStoryInput>;

export const publishStoryOutput = z.object({
  page_count: z.number().int(),
  version: z.number().int(),
  draft_version: z.number().int(),
});
export type Published = z.infer<typeof publishStoryOutput>;

/** stories.get: the story with its version (0 never appears here: no story is null). */
export const versionedStoryOutput = storyOutput.extend({ version: z.number().int() });
export type VersionedStory = z.infer<typeof versionedStoryOutput>;

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
