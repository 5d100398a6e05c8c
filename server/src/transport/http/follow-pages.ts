// The pages behind a follower's emailed links (docs/decisions/0027-followers-and-digests.md). Opening a link (GET)
// only shows a button, since mail scanners open links too; the button POSTs to the same address. POST
// /unsubscribe/<token> is also the RFC 8058 one-click target that mail programs call themselves, from no page of
// ours and with no session: same-origin.ts lets it through, and the token is the only authority.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { escapeHtml } from '../../core/shared/escape-html';
import { AppError, ERROR_KINDS } from '../../contract/errors';
import { followTokenInput } from '../../contract/follows';
import { confirmFollow, unsubscribe } from '../../core/follows/follow-story';
import type { CoreDeps } from '../../core/shared/core-deps';
import { validate } from '../../core/shared/validate';
import { PRIVATE } from './download-response';
import { plainPage } from './plain-page';

const button = (label: string, text: string) =>
  `<p>${escapeHtml(text)}</p>\n<form method="post"><button type="submit">${escapeHtml(label)}</button></form>`;

function refused(c: Context, err: unknown): Response {
  if (!(err instanceof AppError) || ERROR_KINDS[err.kind].http >= 500) throw err;
  return c.html(plainPage('This link does not work', `<p>${escapeHtml(err.message)}</p>`), ERROR_KINDS[err.kind].http as 400, PRIVATE);
}

export function followPages(deps: CoreDeps) {
  const app = new Hono();
  app.get('/unsubscribe/:token', (c) => {
    try {
      validate(followTokenInput, { token: c.req.param('token') });
    } catch (err) {
      return refused(c, err);
    }
    return c.html(
      plainPage('Stop these emails?', button('Unsubscribe', 'Press the button and you will get no more emails about this story.')),
      200,
      PRIVATE,
    );
  });
  app.post('/unsubscribe/:token', async (c) => {
    try {
      const done = await unsubscribe(deps, validate(followTokenInput, { token: c.req.param('token') }));
      return c.html(
        plainPage('Unsubscribed', `<p>${escapeHtml(done?.message ?? 'You will get no more emails about this story.')}</p>`),
        200,
        PRIVATE,
      );
    } catch (err) {
      return refused(c, err);
    }
  });
  app.get('/follow/confirm/:token', (c) => {
    try {
      validate(followTokenInput, { token: c.req.param('token') });
    } catch (err) {
      return refused(c, err);
    }
    return c.html(
      plainPage(
        'Follow this story?',
        button('Yes, email me', 'Press the button to get an email, at most once a day, when new parts are published.'),
      ),
      200,
      PRIVATE,
    );
  });
  app.post('/follow/confirm/:token', async (c) => {
    try {
      const done = await confirmFollow(deps, validate(followTokenInput, { token: c.req.param('token') }));
      return c.html(
        plainPage(
          'You follow this story',
          `<p>${escapeHtml(done.message)}</p>${done.story_username ? `\n<p><a href="/story/${encodeURIComponent(done.story_username)}/page/1">Read it</a></p>` : ''}`,
        ),
        200,
        PRIVATE,
      );
    } catch (err) {
      return refused(c, err);
    }
  });
  return app;
}
