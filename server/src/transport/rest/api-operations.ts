// What each /api route does, what it takes and what it answers, in the schemas the routes parse and answer with:
// the OpenAPI document (openapi-document.ts) and its reference page are made from this list. A test holds the list
// to the router both ways, and the integration suite holds every answer to it
// (docs/decisions/0040-openapi-for-the-rest-layer.md).
import type { z } from 'zod';
import {
  changePasswordInput,
  deleteAccountInput,
  editProfileInput,
  loginInput,
  profileOutput,
  registerInput,
  sessionUserOutput,
} from '../../contract/accounts';
import { listOutput } from '../../contract/explore';
import { countOutput } from '../../contract/paging';
import {
  bookmarkBody,
  likeBody,
  listBody,
  logoutAnswer,
  markedStoriesOutput,
  openApiAnswer,
  pageHtmlAnswer,
  referencePageAnswer,
  restData,
  restMessage,
  restStoryAnswer,
  searchBody,
  uploadAnswer,
  uploadForm,
  usernameAnswer,
} from '../../contract/rest-api';
import { commentCreateInput, commentDeleteInput, commentListInput, commentListOutput } from '../../contract/social';
import { pageInput, storyContentInput, storyOwnerInput, storyRefInput } from '../../contract/stories';
import { setImageInput } from '../../contract/uploads';
import { SEARCHES, TOP } from './routes/searches';

/** Who may call: anyone; anyone, with answers that differ for a signed-in person; or only a signed-in person. */
export type Access = 'public' | 'optional' | 'signed-in' | 'signed-in-cookie';

/** The error statuses a route can answer besides those every route can (`COMMON_ERRORS`). */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 507;

export interface ApiOperation {
  method: 'get' | 'post' | 'delete';
  /** The path under /api, as the router registers it. */
  path: string;
  group: 'auth' | 'upload' | 'users' | 'stories' | 'comments' | 'searches' | 'reference';
  summary: string;
  description?: string;
  access: Access;
  /** The JSON body. `wrapped`: the old client's `{data: {...}}` is taken too. `optional`: no body at all is fine. */
  body?: { schema: z.ZodTypeAny; wrapped?: boolean; optional?: boolean };
  /** A multipart/form-data body instead, with these fields. */
  form?: z.ZodTypeAny;
  /** The whole answer's body (most are the envelope `restData(...)` or `restMessage`); `also`: a second success status. */
  success: { status: 200 | 201; description: string; schema: z.ZodTypeAny; also?: { status: 200 | 201; description: string } };
  /** Served with an ETag: a request that names it is answered 304 with no body. */
  revalidated?: boolean;
  /** The content type of the success answer when it is not JSON. */
  successType?: 'text/html';
  errors?: ErrorStatus[];
}

/**
 * Every /api route can answer these: a malformed path or bad input, a host name the site does not answer to
 * (allowed-host.ts), a rate limit, a failure of ours, and its database away (PostgreSQL down: a 503 with
 * Retry-After, open-postgres.ts).
 */
export const COMMON_ERRORS = [400, 421, 429, 500, 503] as const;
/**
 * And every route that is not a GET: a request from another site's page, a body over the limit, a full disk (any
 * write, ADR 0001).
 */
export const WRITE_ERRORS = [403, 413, 507] as const;

const TOP_OPERATIONS: ApiOperation[] = TOP.flatMap((t): ApiOperation[] => {
  const which =
    t.window === 'all' ? 'of all time, by their likes' : `by the likes given in the last ${t.window === 'month' ? '30' : '365'} days`;
  return [
    {
      method: 'post',
      path: `/searches${t.path}`,
      group: 'searches',
      summary: `Top stories ${which}`,
      description: 'Paged, 50 a page by default. Ties go to the newer story.',
      access: 'public',
      body: { schema: listBody, optional: true },
      success: { status: 200, description: 'One page of the list.', schema: restData(listOutput) },
      errors: [503],
    },
    {
      method: 'get',
      path: `/searches${t.path}/5`,
      group: 'searches',
      summary: `The first five top stories ${which}`,
      access: 'public',
      success: { status: 200, description: 'Five stories at most.', schema: restData(listOutput) },
      errors: [503],
    },
    {
      method: 'get',
      path: `/searches${t.path}/count`,
      group: 'searches',
      summary: `How many stories the top list ${which} holds`,
      access: 'public',
      success: { status: 200, description: 'The count, for a pager.', schema: restData(countOutput) },
      // The top lists are read off the search index (ADR 0003): 503 while Meilisearch is away.
      errors: [503],
    },
  ];
});

const SEARCH_OPERATIONS: ApiOperation[] = SEARCHES.map((s) => ({
  method: 'post',
  path: `/searches${s.path}`,
  group: 'searches',
  summary: `Search ${s.kind === 'all' ? 'stories and people' : s.kind === 'stories' ? 'stories' : 'people'} as you type`,
  description:
    'The first 20 matches, or any page with `page` and `limit`, down to 1,000 matches (ADR 0011). A blank term lists the newest. Private accounts and stories a reader may not read are left out.',
  access: 'optional',
  body: { schema: searchBody, optional: true },
  success: { status: 200, description: 'The matches, best first.', schema: restData(listOutput) },
  errors: [503],
}));

export const API_OPERATIONS: ApiOperation[] = [
  // ---- auth ----
  {
    method: 'post',
    path: '/auth/register',
    group: 'auth',
    summary: 'Create an account',
    description: 'Does not sign in. With email verification on, a link goes to the address first (ADR 0019).',
    access: 'public',
    body: { schema: registerInput },
    success: { status: 201, description: 'The account was created.', schema: restMessage },
    // 503: the verification link could not be sent (ADR 0019).
    errors: [409, 422, 503],
  },
  {
    method: 'post',
    path: '/auth/login',
    group: 'auth',
    summary: 'Sign in',
    description: 'Sets the `access_token` session cookie and answers every profile field but the password.',
    access: 'public',
    body: { schema: loginInput },
    success: { status: 200, description: 'Signed in; the cookie is set.', schema: sessionUserOutput },
    errors: [401, 403],
  },
  {
    method: 'post',
    path: '/auth/logout',
    group: 'auth',
    summary: 'Sign out',
    description: 'Ends the session and clears the cookie. Takes no body.',
    access: 'optional',
    success: { status: 200, description: 'A bare JSON string.', schema: logoutAnswer },
  },
  // ---- upload ----
  {
    method: 'post',
    path: '/upload',
    group: 'upload',
    summary: 'Upload a picture',
    description:
      'A JPEG or PNG in the multipart field `file`, re-encoded before it is stored. Use its name with `/users/upload` or `/stories/upload`.',
    access: 'signed-in',
    form: uploadForm,
    success: { status: 201, description: 'The stored file name.', schema: uploadAnswer },
    // 503: the line of pictures being processed is full, with Retry-After (ADR 0016).
    errors: [401, 413, 415, 422, 503, 507],
  },
  // ---- users ----
  {
    method: 'get',
    path: '/users/profile',
    group: 'users',
    summary: 'Your profile',
    description: 'The current email address until a new one is confirmed by its link (ADR 0019).',
    access: 'signed-in',
    success: { status: 200, description: 'Your profile.', schema: restData(profileOutput) },
    errors: [401],
  },
  {
    method: 'get',
    path: '/users/username',
    group: 'users',
    summary: 'Your username',
    access: 'signed-in',
    success: { status: 200, description: 'Your username.', schema: restData(usernameAnswer) },
    errors: [401],
  },
  {
    method: 'get',
    path: '/users/liked',
    group: 'users',
    summary: 'The stories you like',
    description: 'A visitor gets an empty list.',
    access: 'optional',
    success: { status: 200, description: 'Their authors’ usernames.', schema: restData(markedStoriesOutput) },
  },
  {
    method: 'get',
    path: '/users/saved',
    group: 'users',
    summary: 'The stories you saved for later',
    description: 'A visitor gets an empty list.',
    access: 'optional',
    success: { status: 200, description: 'Their authors’ usernames.', schema: restData(markedStoriesOutput) },
  },
  {
    method: 'post',
    path: '/users/like',
    group: 'users',
    summary: 'Like a story, or take the like back',
    description: 'Send your current state in `liked`: true takes the like back.',
    access: 'signed-in',
    body: { schema: likeBody, wrapped: true },
    success: {
      status: 201,
      description: 'Liked.',
      schema: restMessage,
      also: { status: 200, description: 'The like was taken back.' },
    },
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/users/save',
    group: 'users',
    summary: 'Save a story for later, or take it off the list',
    description: 'Send your current state in `saved`: true takes it off.',
    access: 'signed-in',
    body: { schema: bookmarkBody, wrapped: true },
    success: {
      status: 201,
      description: 'Saved.',
      schema: restMessage,
      also: { status: 200, description: 'Taken off the list.' },
    },
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/users/edit',
    group: 'users',
    summary: 'Change your names, birth date, privacy or email address',
    description:
      'A new email address is not saved yet: a link goes to it, and `current_password` is needed unless you signed in within ten minutes (ADR 0019, 0009).',
    access: 'signed-in-cookie',
    body: { schema: editProfileInput },
    success: { status: 200, description: 'Saved.', schema: restMessage },
    // 503: the confirmation link to a new address could not be sent.
    errors: [401, 409, 422, 503],
  },
  {
    method: 'post',
    path: '/users/password',
    group: 'users',
    summary: 'Change your password',
    description: 'Needs `current_password` unless you signed in within ten minutes. Other sessions end; this one gets a new cookie.',
    access: 'signed-in-cookie',
    body: { schema: changePasswordInput },
    success: { status: 200, description: 'Changed.', schema: restMessage },
    errors: [401],
  },
  {
    method: 'post',
    path: '/users/upload',
    group: 'users',
    summary: 'Set your profile picture',
    description: 'The name an upload (`POST /api/upload`) answered.',
    access: 'signed-in',
    body: { schema: setImageInput },
    success: { status: 200, description: 'Set.', schema: restMessage },
    errors: [401, 404],
  },
  {
    method: 'delete',
    path: '/users/upload/delete',
    group: 'users',
    summary: 'Remove your profile picture',
    access: 'signed-in',
    success: { status: 200, description: 'Removed.', schema: restMessage },
    errors: [401],
  },
  {
    method: 'delete',
    path: '/users/delete',
    group: 'users',
    summary: 'Delete your account and everything in it',
    description: 'With no body when you signed in within ten minutes; else `{"current_password"}`. Clears the cookie.',
    access: 'signed-in-cookie',
    body: { schema: deleteAccountInput, optional: true },
    success: { status: 200, description: 'Deleted.', schema: restMessage },
    errors: [401],
  },
  // ---- stories ----
  {
    method: 'post',
    path: '/stories/page',
    group: 'stories',
    summary: 'One page of a story',
    description: 'Pages start at 1. A story its reader may not read answers as no page.',
    access: 'optional',
    body: { schema: pageInput },
    success: { status: 200, description: 'The page’s HTML.', schema: restData(pageHtmlAnswer) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/stories/story',
    group: 'stories',
    summary: 'A story’s title, author and counts',
    description: '`data` is null when the person has no story, or one you may not read. `text` is there for its author only.',
    access: 'optional',
    body: { schema: storyOwnerInput },
    success: { status: 200, description: 'The story, or null.', schema: restData(restStoryAnswer) },
  },
  {
    method: 'post',
    path: '/stories/save',
    group: 'stories',
    summary: 'Publish your story',
    description: 'Sanitises the HTML and splits it into pages of at most 900 words; answers once the story and every page are stored.',
    access: 'signed-in',
    body: { schema: storyContentInput },
    success: { status: 201, description: 'Published.', schema: restMessage },
    errors: [401, 409, 422, 507],
  },
  {
    method: 'post',
    path: '/stories/edit',
    group: 'stories',
    summary: 'Edit one page (not supported)',
    description: 'Always refused with 400: save the whole story with `/api/stories/save`.',
    access: 'signed-in',
    success: { status: 200, description: 'Never answered.', schema: restMessage },
    errors: [401],
  },
  {
    method: 'post',
    path: '/stories/upload',
    group: 'stories',
    summary: 'Set your story’s banner picture',
    description: 'The name an upload (`POST /api/upload`) answered.',
    access: 'signed-in',
    body: { schema: setImageInput },
    success: { status: 200, description: 'Set.', schema: restMessage },
    errors: [401, 404],
  },
  {
    method: 'delete',
    path: '/stories/delete',
    group: 'stories',
    summary: 'Delete your story and all its pages',
    access: 'signed-in',
    body: { schema: storyRefInput },
    success: { status: 200, description: 'Deleted.', schema: restMessage },
    errors: [401, 404],
  },
  {
    method: 'delete',
    path: '/stories/upload/delete',
    group: 'stories',
    summary: 'Remove your story’s banner picture',
    access: 'signed-in',
    success: { status: 200, description: 'Removed.', schema: restMessage },
    errors: [401],
  },
  // ---- comments ----
  {
    method: 'post',
    path: '/comments/get',
    group: 'comments',
    summary: 'A story’s comments',
    description: 'Paged, 50 a page by default, oldest first.',
    access: 'optional',
    body: { schema: commentListInput },
    success: { status: 200, description: 'One page of comments.', schema: restData(commentListOutput) },
  },
  {
    method: 'post',
    path: '/comments/count',
    group: 'comments',
    summary: 'How many comments a story has',
    access: 'optional',
    body: { schema: storyRefInput },
    success: { status: 200, description: 'The count.', schema: restData(countOutput) },
  },
  {
    method: 'post',
    path: '/comments/create',
    group: 'comments',
    summary: 'Comment on a story',
    description: 'Refused (403) to someone the story’s author has blocked.',
    access: 'signed-in',
    body: { schema: commentCreateInput, wrapped: true },
    success: { status: 201, description: 'Added.', schema: restMessage },
    errors: [401, 404],
  },
  {
    method: 'delete',
    path: '/comments/delete',
    group: 'comments',
    summary: 'Delete a comment',
    description: 'Its writer or the story’s author may (ADR 0020).',
    access: 'signed-in',
    body: { schema: commentDeleteInput },
    success: { status: 200, description: 'Deleted.', schema: restMessage },
    errors: [401, 404],
  },
  // ---- searches and lists ----
  ...SEARCH_OPERATIONS,
  ...TOP_OPERATIONS,
  {
    method: 'get',
    path: '/searches/stories/count',
    group: 'searches',
    summary: 'How many stories there are',
    access: 'public',
    success: { status: 200, description: 'The count.', schema: restData(countOutput) },
  },
  {
    method: 'post',
    path: '/searches/new',
    group: 'searches',
    summary: 'The newest stories',
    description: 'Paged, 50 a page by default.',
    access: 'public',
    body: { schema: listBody, optional: true },
    success: { status: 200, description: 'One page of the list.', schema: restData(listOutput) },
  },
  {
    method: 'get',
    path: '/searches/new/5',
    group: 'searches',
    summary: 'The five newest stories',
    access: 'public',
    success: { status: 200, description: 'Five stories at most.', schema: restData(listOutput) },
  },
  {
    method: 'post',
    path: '/searches/saved',
    group: 'searches',
    summary: 'The stories you saved for later',
    description: 'Paged, 50 a page by default; the most recently saved first.',
    access: 'signed-in',
    body: { schema: listBody, wrapped: true, optional: true },
    success: { status: 200, description: 'One page of the list.', schema: restData(listOutput) },
    errors: [401],
  },
  {
    method: 'post',
    path: '/searches/saved/5',
    group: 'searches',
    summary: 'The five stories you saved last',
    access: 'signed-in',
    success: { status: 200, description: 'Five stories at most.', schema: restData(listOutput) },
    errors: [401],
  },
  {
    method: 'post',
    path: '/searches/saved/count',
    group: 'searches',
    summary: 'How many stories you saved for later',
    access: 'signed-in',
    success: { status: 200, description: 'The count.', schema: restData(countOutput) },
    errors: [401],
  },
  // ---- this reference ----
  {
    method: 'get',
    path: '/openapi.json',
    group: 'reference',
    summary: 'This document, OpenAPI 3.1',
    access: 'public',
    revalidated: true,
    success: { status: 200, description: 'The OpenAPI document of /api.', schema: openApiAnswer },
  },
  {
    method: 'get',
    path: '/docs',
    group: 'reference',
    summary: 'This document as a page to read',
    access: 'public',
    revalidated: true,
    successType: 'text/html',
    success: { status: 200, description: 'An HTML page.', schema: referencePageAnswer },
  },
];
