import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

/**
 * A request header (`name` in lower case), read from node's own parsed headers when the app runs on
 * @hono/node-server. Asking the web Request (`c.req.header`) makes the adapter build a `Headers` object from
 * the raw headers, validating each, on every request that asks; most of our requests need a header or two and
 * nothing else from it (docs/performance.md). In-process requests (tests) have no node request and ask the
 * web one. Both give one string: repeated headers joined with ', ' (node joins cookies with '; ').
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One cookie's value, as hono's getCookie reads it, from `requestHeader`. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
}
