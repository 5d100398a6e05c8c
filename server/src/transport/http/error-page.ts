// What a person's browser gets when a page cannot be served (the database is away, the disk is full, a fault): a
// page with the sentence and a way to try again, not the JSON that /api and /trpc answer with.
import type { Context } from 'hono';

/** A browser asking for a page: GET or HEAD, outside /api and /trpc, taking HTML. */
export function wantsPage(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const p = c.req.path.toLowerCase();
  if (p === '/api' || p.startsWith('/api/') || p === '/trpc' || p.startsWith('/trpc/')) return false;
  return /\btext\/html\b/i.test(c.req.header('accept') ?? '');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The page: the sentence, a link to the same address, and (when the trouble should pass: Retry-After) a reload after
 * that many seconds. No script, no outside resource.
 */
export function errorPage(message: string, address: string, retryAfterSec?: number): string {
  const again = escapeHtml(address);
  const reload = retryAfterSec ? `<meta http-equiv="refresh" content="${retryAfterSec}">` : '';
  const when = retryAfterSec ? ` This page tries again by itself in ${retryAfterSec} seconds.` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${reload}<title>Life Story: not available just now</title>
</head>
<body>
<main>
<h1>Not available just now</h1>
<p>${escapeHtml(message)}${when}</p>
<p><a href="${again}">Try again</a></p>
</main>
</body>
</html>
`;
}
