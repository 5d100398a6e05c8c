// The shape of "Download my data": one zod schema per JSON file in the zip. docs/data-export.md documents the same
// fields for people; tests/integration/data-export.test.ts checks every export against these.
import { z } from 'zod';
import { LOCALES } from '../../contract/locale';

export const EXPORT_FORMAT = 'life-story-data-export';
export const EXPORT_FORMAT_VERSION = 1;

const time = z.string().datetime();

export const profileFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  format_version: z.literal(EXPORT_FORMAT_VERSION),
  exported_at: time,
  username: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  picture: z.string().nullable(),
  is_private: z.boolean(),
  /** The interface language the person chose (null: none yet). Absent from exports made before it was added. */
  locale: z.enum(LOCALES).nullable().optional(),
  created_at: time,
  updated_at: time,
});

export const storyFile = z
  .object({
    title: z.string(),
    body_html: z.string(),
    banner: z.string().nullable(),
    page_count: z.number().int(),
    version: z.number().int(),
    created_at: time,
    updated_at: time,
  })
  .nullable();

export const draftFile = z
  .object({
    title: z.string().nullable(),
    html: z.string().nullable(),
    based_on_version: z.number().int().nullable(),
    restored_from_revision: z.number().int().nullable(),
    saved_at: time.nullable(),
  })
  .nullable();

export const revisionsFile = z.array(
  z.object({
    id: z.number().int(),
    version: z.number().int(),
    title: z.string(),
    body_html: z.string(),
    word_count: z.number().int(),
    published_at: time,
    restored_from_revision: z.number().int().nullable(),
  }),
);

/** Drafts "Replace my draft" kept when a document was brought in (docs/decisions/0033-import-a-document.md). */
export const keptDraftsFile = z.array(
  z.object({
    id: z.number().int(),
    title: z.string(),
    html: z.string(),
    word_count: z.number().int(),
    kept_at: time,
    reason: z.literal('import'),
  }),
);

export const commentsFile = z.array(z.object({ id: z.number().int(), story_username: z.string(), text: z.string(), created_at: time }));

export const likesFile = z.array(z.object({ story_username: z.string(), given_at: time }));
export const savesFile = z.array(z.object({ story_username: z.string(), saved_at: time }));
/** The stories the person follows with their account (docs/decisions/0027-followers-and-digests.md). */
export const followsFile = z.array(z.object({ story_username: z.string(), followed_at: time }));

export const uploadsFile = z.array(
  z.object({
    name: z.string(),
    content_type: z.string(),
    bytes: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    uploaded_at: time,
    /** Where the file is in the zip; null when the file store no longer had it. */
    file: z.string().nullable(),
  }),
);

/** The person's circle: the people they invited to read their story (docs/decisions/0026-who-can-read-a-story.md). */
export const readersFile = z.array(
  z.object({
    name: z.string(),
    email: z.string(),
    invited_at: time,
    joined: z.boolean(),
    joined_at: time.nullable(),
    last_read_at: time.nullable(),
  }),
);

/** The circles the person joined with their account: whose story, the address they were invited at, when. */
export const circlesFile = z.array(
  z.object({
    story_username: z.string(),
    invited_as: z.string(),
    invited_at: time,
    joined_at: time.nullable(),
    last_read_at: time.nullable(),
  }),
);

/** The questions the person asked writers of circles they joined, and when they were told of the answer. */
export const askedFile = z.array(
  z.object({ story_username: z.string(), question: z.string(), asked_at: time, answered_at: time.nullable() }),
);

/** Every JSON file of the export and its schema; the zip's folder is `life-story-data/`. */
export const EXPORT_FILES = {
  'profile.json': profileFile,
  'story.json': storyFile,
  'draft.json': draftFile,
  'revisions.json': revisionsFile,
  'kept-drafts.json': keptDraftsFile,
  'comments.json': commentsFile,
  'likes.json': likesFile,
  'saves.json': savesFile,
  'follows.json': followsFile,
  'uploads.json': uploadsFile,
  'readers.json': readersFile,
  'circles.json': circlesFile,
  'asked.json': askedFile,
} as const;

export const EXPORT_FOLDER = 'life-story-data';
