// The short address of a story (issue #26, point 11): `/@<username>` sends the browser to page 1 of that person's
// story, the spec's address (/story/<username>/page/1), which says "no story" the usual way when there is none. Only
// a well-formed username is sent on (contract/accounts.ts); anything else is the site's ordinary unknown address.
import { Hono } from 'hono';
import type { AppEnv } from './request-context';

export function shortStoryAddress() {
  const app = new Hono<AppEnv>();
  app.get('/:handle{@[A-Za-z0-9_.]{3,30}}', (c) => {
    const username = c.req.param('handle').slice(1).toLowerCase();
    return c.redirect(`/story/${username}/page/1`, 302);
  });
  return app;
}
