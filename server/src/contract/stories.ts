// Stories: one per person, read by page, published from the write screen (docs/decisions/0012-drafts-revisions-and-versions.md
// for versions). Field names follow the /api contract (snake_case); see README.md in this folder.
import { audienceSchema } from './access';
import { z } from 'zod';
import { LIMITS } from './limits';
import { cleanLine, hasVisibleText } from './visible-text';

export const STORY_CONFLICT = 'Your story was changed in another tab or on another device.';

function countOf(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** A version or draft counter the editor sends back. */
export const versionCounter = (name: string) =>
  z
    .number({ required_error: `${name} is required.`, invalid_type_error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must be 0 or more.`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large.`);

export const storyUsernameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ required_error: 'A story username is required.', invalid_type_error: 'The story username must be text.' })
    .min(1, 'A story username is required.')
    .max(64, 'No story has that username.'),
);

/** A story by its author's username, as the likes, bookmarks, comments and moderation calls name it. */
export const storyRefInput = z.object({ story_username: storyUsernameSchema });
export type StoryRefInput = z.output<typeof storyRefInput>;

/** Names a story by its author; any text is accepted and simply matches no one when it is not a username. */
export const storyOwnerInput = z.object({ username: storyUsernameSchema });
export type StoryOwnerInput = z.output<typeof storyOwnerInput>;

// ---- reading ----

export const storyOutput = z.object({
  username: z.string(),
  title: z.string(),
  story_image: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  dob: z.string().nullable(),
  age: z.number().int().nullable(),
  user_image: z.string().nullable(),
  is_private: z.boolean(),
  page_count: z.number().int(),
  /** The whole body, only for its author (the editor needs it). */
  text: z.string().nullable().describe('The whole story as HTML, for its author only; null for everyone else.'),
  like_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Story = z.infer<typeof storyOutput>;

/** stories.get: the story with its version (0 never appears here: no story is null). */
export const versionedStoryOutput = storyOutput.extend({
  version: z.number().int(),
  /** Who can read it: in the author's own answer only (tRPC; /api never has it). */
  audience: audienceSchema.optional(),
});
export type VersionedStory = z.infer<typeof versionedStoryOutput>;

/** A chapter of a story (docs/decisions/0029-chapters.md): its heading's text, the heading's id, the page it starts on. */
export const chapterSchema = z.object({ title: z.string(), slug: z.string(), page: z.number().int() });
export type Chapter = z.infer<typeof chapterSchema>;

/** stories.get over tRPC: the story and its chapters, for the reader's contents (/api's story has no chapters). */
export const readerStoryOutput = versionedStoryOutput.extend({ chapters: z.array(chapterSchema) });
export type ReaderStory = z.infer<typeof readerStoryOutput>;

export const pageInput = storyOwnerInput.extend({
  page_number: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ required_error: 'Invalid parameters.', invalid_type_error: 'Invalid parameters.' })
      .int('Invalid parameters.')
      .min(1, 'Invalid parameters.')
      .max(1_000_000, 'Invalid parameters.'),
  ),
});
export type PageInput = z.output<typeof pageInput>;

export const pageOutput = z.object({ html: z.string(), page_number: z.number(), page_count: z.number() });

// ---- publishing (the "Save Story" button; event story_saved) ----

/** A story's title and text: what POST /api/stories/save takes, and what stories.publish adds its versions to. */
export const storyContentInput = z.object({
  title: z.preprocess(
    (v) => (typeof v === 'string' ? cleanLine(v) : v),
    z
      .string({ required_error: 'Please give your story a title.', invalid_type_error: 'The title must be text.' })
      .min(1, 'Please give your story a title.')
      .max(LIMITS.titleMax, `The title must be at most ${LIMITS.titleMax} characters.`)
      .refine(hasVisibleText, 'The title must have visible characters, not only spaces or invisible ones.'),
  ),
  text: z
    .string({ invalid_type_error: 'The story text must be HTML text.' })
    .default('')
    .refine((s) => Buffer.byteLength(s, 'utf8') <= LIMITS.storyBytesMax, 'The story is longer than 5 MB.')
    .refine(
      (s) => countOf(s, '<') <= LIMITS.storyTagsMax,
      `The story has too much markup (more than ${LIMITS.storyTagsMax.toLocaleString('en-US')} tags).`,
    ),
});
export type StoryContentInput = z.output<typeof storyContentInput>;

/** stories.publish over tRPC; /api/stories/save keeps storyContentInput and its wire shape. */
export const publishStoryInput = storyContentInput.extend({
  /** The story version the editor started from; a stale one is refused (409) instead of overwriting. */
  base_version: versionCounter('base_version').optional(),
  /** The draft counter the editor last saw; a stale one is refused (409). */
  draft_version: versionCounter('draft_version').optional(),
  /** Who can read it (the write screen's choice); absent: unchanged (a new story: everyone). */
  audience: audienceSchema.optional(),
});
export type PublishStoryInput = z.output<typeof publishStoryInput>;

export const publishStoryOutput = z.object({
  page_count: z.number().int(),
  version: z.number().int(),
  draft_version: z.number().int(),
});
export type Published = z.infer<typeof publishStoryOutput>;

/** stories.preview: page 1 of a story not yet published, as its readers will see it (the first publish shows it). */
export const previewStoryOutput = z.object({
  title: z.string(),
  /** Page 1 in the reader's HTML, exactly as stories.page will serve it once published. */
  html: z.string(),
  page_count: z.number().int(),
});
export type StoryPreview = z.infer<typeof previewStoryOutput>;
