// Input and output shapes of every call, in zod: both transports parse with them at the edge, the client
// imports them for its forms. Field names follow the /api contract (snake_case). The `*Input` types are
// what a schema gives (z.output): the core takes input already parsed, never raw.
import { z } from 'zod';
import { LIMITS } from './limits';
import { cleanLine, cleanMultiline, hasVisibleText } from './visible-text';

export { LIMITS } from './limits';

function countOf(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

const trimmed = (schema: z.ZodString) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), schema);

/**
 * Checked as typed, then lower-cased: lower-casing first would let non-ASCII letters in (U+212A KELVIN SIGN
 * becomes 'k'). The pattern leaves no room for controls, invisible or look-alike characters.
 */
export const usernameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ required_error: 'Username is required.', invalid_type_error: 'Username must be text.' })
    .min(1, 'Username is required.')
    .regex(/^[A-Za-z0-9_.]{3,30}$/, 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.')
    .transform((s) => s.toLowerCase()),
);

export const emailSchema = trimmed(
  z
    .string({ required_error: 'Email is required.', invalid_type_error: 'Email must be text.' })
    .min(1, 'Email is required.')
    .max(LIMITS.emailMax, 'Email is too long.')
    .email('Please enter a valid email address.'),
);

export const passwordSchema = z
  .string({ required_error: 'Password is required.', invalid_type_error: 'Password must be text.' })
  .min(1, 'Password is required.')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters.`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`);

/** An optional name: blank becomes null; controls go (cleanLine); a name of only invisible characters is refused. */
export const nameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : cleanLine(v)) : (v ?? null)),
  z
    .string({ invalid_type_error: 'Names must be text.' })
    .max(LIMITS.nameMax, `Names must be at most ${LIMITS.nameMax} characters.`)
    .refine(hasVisibleText, 'Names must have visible characters (leave a name empty to give none).')
    .nullable(),
);

/** A calendar date as YYYY-MM-DD; a longer ISO string is cut to its date. Age rules need the clock, so the core checks them. */
export const dobSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v.trim()) ? v.trim().slice(0, 10) : v),
  z
    .string({ required_error: 'Date of birth is required.', invalid_type_error: 'Date of birth must be a date.' })
    .min(1, 'Date of birth is required.')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD).')
    .refine(isRealDate, 'Date of birth must be a real date.'),
);

function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The old client sends 0, 1, true, false or null. */
export const isPrivateSchema = z.preprocess(
  (v) => (v === null || v === undefined ? false : v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v),
  z.boolean({ invalid_type_error: 'is_private must be true or false.' }),
);

export const storyUsernameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ required_error: 'A story username is required.', invalid_type_error: 'The story username must be text.' })
    .min(1, 'A story username is required.')
    .max(64, 'No story has that username.'),
);

const positiveInt = (name: string, max: number, fallback: number) =>
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

// ---- accounts ----

export const registerInput = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  dob: dobSchema,
  password: passwordSchema,
});
export type RegisterInput = z.output<typeof registerInput>;

export const loginInput = z.object({
  email: trimmed(
    z
      .string({ required_error: 'Email is required.', invalid_type_error: 'Email must be text.' })
      .min(1, 'Email is required.')
      .max(LIMITS.emailMax, 'Incorrect email or password.'),
  ),
  password: z
    .string({ required_error: 'Password is required.', invalid_type_error: 'Password must be text.' })
    .min(1, 'Password is required.')
    .max(1024, 'Incorrect email or password.'),
});
export type LoginInput = z.output<typeof loginInput>;

/**
 * The current password, for what a stolen session must not do alone (a new email address, deleting the account,
 * downloading all data, a new password): optional, since a sign-in within the last ten minutes stands for it
 * (docs/decisions/0009-sign-in-and-account-change-limits.md). Blank counts as not given.
 */
export const currentPasswordSchema = z
  .string({ invalid_type_error: 'Your current password must be text.' })
  .max(1024, 'Your current password is incorrect.')
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const editProfileInput = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  dob: dobSchema,
  is_private: isPrivateSchema,
  /** Needed only when the address changes (see currentPasswordSchema). */
  current_password: currentPasswordSchema,
});
export type EditProfileInput = z.output<typeof editProfileInput>;

export const changePasswordInput = z.object({
  password: passwordSchema,
  current_password: currentPasswordSchema,
});
export type ChangePasswordInput = z.output<typeof changePasswordInput>;

/** Deleting the account: the current password, or a recent sign-in. No input at all is the same as none given. */
export const deleteAccountInput = z.object({ current_password: currentPasswordSchema }).optional();
export type DeleteAccountInput = z.output<typeof deleteAccountInput>;

/** Typing the password again (before downloading all data): counts as a fresh sign-in of this session. */
export const reauthenticateInput = z.object({
  current_password: z
    .string({ required_error: 'Please enter your current password.', invalid_type_error: 'Your current password must be text.' })
    .min(1, 'Please enter your current password.')
    .max(1024, 'Your current password is incorrect.'),
});
export type ReauthenticateInput = z.output<typeof reauthenticateInput>;

export const uploadNameSchema = z
  .string({ required_error: 'Choose an uploaded image first.', invalid_type_error: 'The image name must be text.' })
  .min(1, 'Choose an uploaded image first.')
  .max(128, 'That image does not exist.');

export const setImageInput = z.object({ image: uploadNameSchema });
export type SetImageInput = z.output<typeof setImageInput>;

export const profileOutput = z.object({
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  /** YYYY-MM-DDT00:00:00.000 (no zone), so `new Date()` gives the right local day. */
  dob: z.string(),
  age: z.number().int(),
  image: z.string().nullable(),
  is_private: z.boolean(),
});
export type Profile = z.infer<typeof profileOutput>;

export const sessionUserOutput = z.object({ user_info: profileOutput.omit({ age: true }) });
export type SessionUser = z.infer<typeof sessionUserOutput>;

// ---- stories ----

export const saveStoryInput = z.object({
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
export type SaveStoryInput = z.output<typeof saveStoryInput>;

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
  text: z.string().nullable(),
  like_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Story = z.infer<typeof storyOutput>;

/** Names a story by its author; any text is accepted and simply matches no one when it is not a username. */
export const storyOwnerInput = z.object({ username: storyUsernameSchema });
export type StoryOwnerInput = z.output<typeof storyOwnerInput>;

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

// ---- social ----

export const storyRefInput = z.object({ story_username: storyUsernameSchema });
export type StoryRefInput = z.output<typeof storyRefInput>;

/** Like or save (on) a story, or take it back; asking for the state that already holds changes nothing. */
export const markInput = storyRefInput.extend({
  on: z.boolean({ required_error: 'Say whether to add or remove it.', invalid_type_error: 'Say whether to add or remove it.' }),
});
export type MarkInput = z.output<typeof markInput>;

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

export const countOutput = z.object({ count: z.number().int() });

export const storyFlagsOutput = z.object({ liked: z.boolean(), saved: z.boolean() });

// ---- explore ----

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
  title: z.string(),
  image: z.string().nullable(),
  timestamp: z.string().nullable(),
  like_count: z.number().int(),
  /** Public names, present only in people search results of public accounts. */
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  highlights: z.array(highlightOutput).optional(),
});
export type ListItem = z.infer<typeof listItemOutput>;

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
