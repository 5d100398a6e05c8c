// Answers only under our own host names (DNS rebinding): a page on evil.example whose name was re-pointed at this
// machine reaches us with `Host: evil.example`, as a same-origin request in its browser's eyes, reads included.
import os from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import { HEALTH_PATHS } from './health-routes';
import { requestHeader } from './request-header';

export interface HostPolicy {
  /** PUBLIC_ORIGIN: when set, its host is the site's name (besides loopback and `extra`). */
  publicOrigin: string | undefined;
  /** The HOST the server listens on (a name in it is ours too). */
  listenHost?: string;
  /** ALLOWED_HOSTS. */
  extra?: readonly string[];
}

const MESSAGE = 'This site does not answer to that host name. Open it at its own address.';
const INTERFACES_TTL_MS = 5_000;

/** `name`, `name:port`, `[v6]` or `[v6]:port` -> the lower-case name without port or trailing dot. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * Loopback names can never be the result of rebinding (the browser sends the name of the page it loaded, and no
 * one else owns these), so they stay allowed with PUBLIC_ORIGIN too: local checks and proxies that pass
 * `Host: 127.0.0.1:<port>` keep working. Browsers resolve *.localhost to loopback themselves.
 */
function isLoopback(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A DNS name rather than an address (addresses come from the interfaces, and 0.0.0.0 / :: are no names). */
function isName(host: string): boolean {
  return !host.includes(':') && !/^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

function machineAddresses(): Set<string> {
  const names = new Set<string>([os.hostname().toLowerCase()]);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address.toLowerCase().replace(/%.*$/, '')}]` : a.address);
  }
  return names;
}

/** Whether a host name is ours under the policy. Machine addresses are re-read (at most every 5 s) on a miss. */
export function hostChecker(policy: HostPolicy): (name: string) => boolean {
  const fixed = new Set((policy.extra ?? []).map(hostnameOf));
  if (policy.publicOrigin) fixed.add(hostnameOf(new URL(policy.publicOrigin).host));
  else if (policy.listenHost && isName(policy.listenHost)) fixed.add(hostnameOf(policy.listenHost));
  let own = new Set<string>();
  let readAt = -Infinity;
  return (name) => {
    if (isLoopback(name) || fixed.has(name)) return true;
    if (policy.publicOrigin) return false;
    if (!own.has(name) && Date.now() - readAt > INTERFACES_TTL_MS) {
      own = machineAddresses();
      readAt = Date.now();
    }
    return own.has(name);
  };
}

/** The Host the client sent; in-process requests (tests) carry none, and their URL's host stands for it. */
function requestHost(c: Context): string {
  return requestHeader(c, 'host') ?? new URL(c.req.url).host;
}

/**
 * 421 Misdirected Request for any other Host, reads included. X-Forwarded-Host is never read: behind a proxy the
 * Host it sends is what counts (set PUBLIC_ORIGIN or ALLOWED_HOSTS to match it). /healthz and /readyz are exempt so that
 * health checks work under any name a container or orchestrator uses.
 */
export function knownHostOnly(policy: HostPolicy): MiddlewareHandler {
  const allowed = hostChecker(policy);
  return async (c, next) => {
    if (!HEALTH_PATHS.has(c.req.path) && !allowed(hostnameOf(requestHost(c)))) {
      return c.json({ message: MESSAGE, error: MESSAGE }, 421);
    }
    await next();
  };
}
