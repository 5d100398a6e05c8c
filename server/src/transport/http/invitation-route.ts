// `GET /r/<token>`, the link in a circle invitation (core/circle/open-invitation.ts): this device gets a member's
// reader pass in the `reader_pass` cookie, then the story's first page; or a short page that says, kindly, why not.
// Browsers open it from an email, so every answer is a page (never JSON), kept by no cache, indexed by no one.
import { Hono } from 'hono';
import { openInvitation } from '../../core/circle/open-invitation';
import type { CoreDeps } from '../../core/shared/core-deps';
import { escapeHtml } from '../../core/shared/escape-html';
import { plainPage } from './plain-page';
import { readerPassCookie } from './reader-pass-cookie';
import { type AppEnv, requestContext } from './request-context';

export const INVITATION_INVALID =
  'This invitation link no longer works: it may have been replaced by a newer one, or the writer has removed it. If you were invited, ask them to send it again.';
export const NOT_AVAILABLE_NOW =
  'Your invitation works on this device, but the story is not being shared just now. Open the same link again later.';
export const NOT_PUBLISHED_YET =
  'Your invitation works on this device. The story is not published yet: open the same link again once it is.';

// The Referrer-Policy of every page (security-headers.ts, strict-origin-when-cross-origin) sends other sites the
// origin alone, and a redirect's next request carries the email's referrer, not this address.
const PAGE_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } as const;

export function invitationRoute(deps: CoreDeps, options: { trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  app.get('/r/:token', requestContext(deps, options.trustProxy), async (c) => {
    const opened = await openInvitation(deps, c.var.actor, c.req.param('token'));
    if (!opened.ok) return c.html(page('This link no longer works', INVITATION_INVALID), 404, PAGE_HEADERS);
    const cookie = readerPassCookie(c.var.actor.readerPassTokens ?? [], opened.passToken, c.var.secure);
    if (opened.story === 'unpublished') {
      return c.html(page('Not published yet', NOT_PUBLISHED_YET), 200, { ...PAGE_HEADERS, 'set-cookie': cookie });
    }
    if (opened.story === 'unavailable') {
      return c.html(page('Not shared just now', NOT_AVAILABLE_NOW), 200, { ...PAGE_HEADERS, 'set-cookie': cookie });
    }
    return c.body(null, 303, {
      ...PAGE_HEADERS,
      'set-cookie': cookie,
      location: `/story/${encodeURIComponent(opened.username)}/page/1`,
    });
  });
  return app;
}

const page = (heading: string, sentence: string) =>
  plainPage(heading, `<p>${escapeHtml(sentence)}</p>\n<p><a href="/">Go to Life Story</a></p>`);
