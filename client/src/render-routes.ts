// Which of the client's routes the server renders (ADR 0017), kept next to each other so that a new screen must be
// placed in one list or the other (render-routes.test.ts reads app.tsx and fails on a route in neither).

/** The reader's routes: rendered on the server for anonymous readers, with their head tags. */
export const SERVER_RENDERED = [
  '/',
  '/story/:id/page/:page_number',
  '/story/:id/page',
  '/story/:id',
  '/explore',
  '/explore/top',
  '/explore/new',
];

/** Screens that stay client-only (account screens, the editor, anything behind sign-in): the server sends the app shell. */
export const CLIENT_ONLY = [
  '/register',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/not-me',
  '/verify-email',
  '/admin-setup',
  '/profile',
  '/profile/edit',
  '/profile/edit/password',
  '/profile/edit/email',
  '/profile/edit/picture',
  '/notifications',
  '/readers',
  '/story/write',
  '/story/versions',
  '/story/versions/:id',
  '/story/banner',
  '/saved',
  '/moderation',
  '/help',
  '/guide',
  '/legal',
];
// /@<username> is neither: the server answers it with a redirect to the story (short-story-address.ts).
