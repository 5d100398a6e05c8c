import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { READING_SIZE_SCRIPT } from '../../contract/reading-size';

/** The one inline script a page may run: the reader's text size, before the first paint (contract/reading-size.ts). */
export const READING_SIZE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(READING_SIZE_SCRIPT).digest('base64')}'`;

/**
 * Security headers, in three sets. Documents and media (what a browser renders) get the full set, with a CSP for
 * our own client: scripts and styles from this origin only, images also from https story links. JSON answers of
 * /api and /trpc are never rendered, so they get the short set OWASP's REST Security Cheat Sheet gives for APIs: a
 * CSP that allows nothing (should one be opened as a page), nosniff, no framing, and no cross-origin reads. The
 * document-only headers would add ~500 bytes and ~10% of the CPU time to every API answer (docs/performance.md).
 * The build's scripts, styles and fonts under /assets/ are never a document nor a worker (the one worker,
 * write-offline-sw.js, is served from the root): a CSP, framing, opener and the other document-only headers mean
 * nothing on them, so they get nosniff, same-origin reads and the referrer policy (which governs what a stylesheet
 * fetches). That is ~550 bytes less on each of a first visit's five files over HTTP/1.1 (infra/nginx.conf),
 * where headers are not compressed (docs/performance.md, Issue #32).
 */
export function securityHeaders(mediaBase: string | undefined): MiddlewareHandler {
  const media = mediaBase ? [new URL(mediaBase).origin] : [];
  const common = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: false,
  } as const;
  const documents = secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", READING_SIZE_SCRIPT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginOpenerPolicy: 'same-origin',
  });
  const api = secureHeaders({
    ...common,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const assets = secureHeaders({
    ...common,
    xFrameOptions: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (c, next) =>
    isApiPath(c.req.path) && !isApiReferencePage(c.req.path)
      ? api(c, next)
      : isBuiltAsset(c.req.path)
        ? assets(c, next)
        : documents(c, next);
}

/** A script, stylesheet or font of the client's build (hashed names under /assets/); an SVG there keeps the full set. */
export function isBuiltAsset(p: string): boolean {
  return p.startsWith('/assets/') && /\.(?:js|css|woff2)$/.test(p);
}

/** GET /api/docs, the one page under /api (transport/rest/api-reference-page.ts): a document, with its inline style. */
function isApiReferencePage(p: string): boolean {
  return /^\/api\/docs\/?$/i.test(p);
}

/** /api (any case, as the router matches it) and /trpc answer JSON only. */
export function isApiPath(p: string): boolean {
  return (p.length > 4 && p.slice(0, 5).toLowerCase() === '/api/') || p.startsWith('/trpc/');
}
