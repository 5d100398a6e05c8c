// The page behind the weekly question's unsubscribe link (docs/decisions/0031-one-question-a-week.md), as the
// followers' (follow-pages.ts, ADR 0027): opening it (GET) only shows a button, since mail scanners open links too;
// the button POSTs to the same address, which is also the RFC 8058 one-click target mail programs call themselves
// (same-origin.ts lets it through; the token is the only authority).
import { Hono } from 'hono';
import type { Context } from 'hono';
import { escapeHtml } from '../../core/shared/escape-html';
import type { CoreDeps } from '../../core/shared/core-deps';
import { BAD_LINK, isUnsubscribeToken, unsubscribeWeeklyQuestion } from '../../core/weekly-question/unsubscribe';
import { PRIVATE } from './download-response';
import { plainPage } from './plain-page';

const badLink = (c: Context) => c.html(plainPage('This link does not work', `<p>${escapeHtml(BAD_LINK)}</p>`), 400, PRIVATE);

export function weeklyQuestionPages(deps: CoreDeps) {
  const app = new Hono();
  app.get('/unsubscribe/question/:token', (c) => {
    if (!isUnsubscribeToken(deps, c.req.param('token'))) return badLink(c);
    return c.html(
      plainPage(
        'Stop the weekly question?',
        '<p>Press the button and we will send you no more questions by email. You can start them again in your notification settings.</p>\n<form method="post"><button type="submit">Stop the emails</button></form>',
      ),
      200,
      PRIVATE,
    );
  });
  app.post('/unsubscribe/question/:token', async (c) => {
    if (!isUnsubscribeToken(deps, c.req.param('token'))) return badLink(c);
    await unsubscribeWeeklyQuestion(deps, c.req.param('token'));
    return c.html(
      plainPage(
        'Stopped',
        '<p>You will get no more questions by email. To start them again, open your notification settings on the site.</p>',
      ),
      200,
      PRIVATE,
    );
  });
  return app;
}
