// POST /inbound/email: one raw MIME message from a mail provider's inbound forwarding, a reply to a question email
// (docs/decisions/0030-answers-by-email.md). Only with INBOUND_EMAIL_SECRET set (else the app's 404), given as
// `Authorization: Bearer <secret>` or as the password of Basic auth (for providers that only take a URL with
// credentials), compared in constant time. The envelope recipient may be named with `?to=` (repeatable); without
// it the message's own headers are read. Every outcome the core decides is a 200 (the provider must not retry it),
// but a message over the size limit (413); a failure of ours is a 503, so the provider retries.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { receiveAnswer } from '../../core/answers-by-email/receive-answer';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from './error-body';
import { limitBody } from './limit-body';
import type { AppEnv } from './request-context';
import { requestHeader } from './request-header';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The secret the request carries: a Bearer token, or Basic auth's password. */
function givenSecret(authorization: string | undefined): string | undefined {
  const [scheme, value] = authorization?.trim().split(/\s+/, 2) ?? [];
  if (!scheme || !value) return undefined;
  if (scheme.toLowerCase() === 'bearer') return value;
  if (scheme.toLowerCase() !== 'basic') return undefined;
  const pair = Buffer.from(value, 'base64').toString('utf8');
  return pair.slice(pair.indexOf(':') + 1);
}

/** Equal digests of equal length: the time taken says nothing about how much of the secret was right. */
export const secretMatches = (given: string | undefined, secret: string): boolean =>
  given !== undefined && timingSafeEqual(digest(given), digest(secret));

export function inboundEmailRoute(deps: CoreDeps, secret: string, log: (message: string) => void) {
  const tooLarge = `The message is larger than ${Math.round(deps.config.inboundMail.maxBytes / 1024 / 1024)} MB.`;
  return new Hono<AppEnv>().post(
    '/inbound/email',
    async (c, next) => {
      if (!secretMatches(givenSecret(requestHeader(c, 'authorization')), secret)) {
        c.header('www-authenticate', 'Bearer');
        return c.json(errorBody('Unauthorized.'), 401);
      }
      await next();
    },
    limitBody(deps.config.inboundMail.maxBytes),
    async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      const to = c.req.queries('to') ?? [];
      try {
        const outcome = await receiveAnswer(deps, raw, { to }, { origin: c.var.siteOrigin });
        if (outcome.kind === 'too-large') return c.json(errorBody(tooLarge), 413);
        return c.json({
          outcome: outcome.kind,
          ...('reason' in outcome ? { reason: outcome.reason } : {}),
          ...('why' in outcome ? { why: outcome.why } : {}),
        });
      } catch (err) {
        log(`An inbound email could not be taken now (the provider will retry): ${(err as Error).message}`);
        c.header('retry-after', '60');
        return c.json(errorBody('Please try again later.'), 503);
      }
    },
  );
}
