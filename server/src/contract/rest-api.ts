// The /api wire shapes that are /api's own (docs/rest-contract.md): its envelopes, its error body, and the bodies the
// old client sends that tRPC does not take as they are. The routes parse with these and the OpenAPI document is made
// from them (docs/decisions/0040-openapi-for-the-rest-layer.md); the shapes shared with tRPC stay in their area's file.
import { z } from 'zod';
import { searchInput, searchPagingSchema } from './explore';
import { pagingSchema } from './paging';
import { LIMITS } from './limits';
import { storyUsernameSchema, versionedStoryOutput } from './stories';

// ---- answers ----

/** Every /api error: the same sentence in `message` and `error`; `fields` names each wrong input field. */
export const restErrorBody = z.object({
  message: z.string().describe('One sentence to show.'),
  error: z.string().describe('The same sentence (the original server wrote `error`).'),
  fields: z.record(z.string()).optional().describe('For wrong input: a sentence for each field that was wrong.'),
});

/** The success envelope with no `data`. */
export const restMessage = z.object({ message: z.string().describe('One sentence saying what was done.') });

/** The success envelope with `data`. */
export const restData = <S extends z.ZodTypeAny>(data: S) => restMessage.extend({ data });

/** POST /api/auth/logout answers a bare JSON string. */
export const logoutAnswer = z.literal('User has been logged out.');

/** POST /api/upload answers the stored file's bare name. */
export const uploadAnswer = z.object({ data: z.string().describe('The stored file name; fetch it at /public/uploads/<name>.') });

/** GET /api/users/username. */
export const usernameAnswer = z.string().describe('Your username.');

/** POST /api/stories/page: the page's stored, sanitised HTML. */
export const pageHtmlAnswer = z.string().describe("The page's HTML, sanitised when the story was saved.");

/** POST /api/stories/story: the story as /api always had it (no audience, no chapters), or null when there is none to read. */
export const restStoryAnswer = versionedStoryOutput.omit({ audience: true }).nullable();

/** GET /api/users/liked and /saved: the stories the person likes or bookmarked, by their author's username. */
export const markedStoriesOutput = z.array(z.object({ story_username: z.string() }));

/** GET /api/openapi.json: the OpenAPI 3.1 document of /api. */
export const openApiAnswer = z.object({ openapi: z.literal('3.1.0') }).passthrough();

/** GET /api/docs: the same document as a page to read. */
export const referencePageAnswer = z.string().describe('An HTML page.');

// ---- requests ----

/** POST /api/upload: multipart/form-data (not JSON), one file. */
export const uploadForm = z.object({
  file: z.string().describe(`The picture: a JPEG or PNG file, ${LIMITS.uploadBytesMax / 1024 / 1024} MB at most.`),
});

/**
 * The old client sends its current state: `liked` (or `saved`) true means "take it back"; missing means "add".
 * Anything but true, 1 or "true" counts as not yet marked, as the old server read it.
 */
const currentState = (name: string) =>
  z
    .preprocess((v) => v === true || v === 1 || v === 'true', z.boolean())
    .optional()
    .describe(`Your current state: true takes the ${name} back, false or missing adds it.`);

/** POST /api/users/like, its payload (the route also takes it under `data`). */
export const likeBody = z.object({ story_username: storyUsernameSchema, liked: currentState('like') });

/** POST /api/users/save, its payload (the route also takes it under `data`). */
export const bookmarkBody = z.object({ story_username: storyUsernameSchema, saved: currentState('save') });

/**
 * POST /api/searches/all, /story and /user. A blank or missing term lists the newest; without `page` and `limit`
 * the answer is the first 20 (ADR 0011).
 */
export const searchBody = z.object({
  searchTerm: searchInput.shape.text.optional().describe('What to look for; blank lists the newest.'),
  page: searchPagingSchema.shape.page.optional().describe('Page number, from 1.'),
  limit: searchPagingSchema.shape.limit.optional().describe(`Results a page, 1 to ${LIMITS.pageSizeMax} (20 by default).`),
});

/** The paged lists' body (top, new, bookmarked). */
export const listBody = pagingSchema;
