// Answers only under our own host names (DNS rebinding): a page on evil.example whose name was re-pointed at this
// machine reaches us with `Host: evil.example`, as a same-origin request in its browser's eyes, reads included.
// What is ours (README, PUBLIC_ORIGIN and ALLOWED_HOSTS; issue #23):
// - PUBLIC_ORIGIN's host and port (no port: its scheme's default port);
// - the names the server is reached by where it listens, with no port or the port it listens on: the loopback
//   names localhost, 127.x.x.x and [::1], ALLOWED_HOSTS, and without PUBLIC_ORIGIN also HOST's name and this
//   machine's addresses.
// Nothing else: no other port, and no *.localhost (browsers send those to loopback, so any page could make up
// endless names for us; nothing we keep is keyed by Host any more, but no name we do not use is ours).
import os from 'node:os';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { HEALTH_PATHS } from './health-routes';
import { requestHeader } from './request-header';
import type { ListenAddress } from './site-origin';

export interface HostPolicy {
  /** PUBLIC_ORIGIN: when set, its host is the site's name (besides loopback and `extra`). */
  publicOrigin: string | undefined;
  /** HOST (a name in it is ours too) and the port for in-process requests, which come over no socket. */
  listen: ListenAddress;
  /** ALLOWED_HOSTS. */
  extra?: readonly string[];
}

const MESSAGE = 'This site does not answer to that host name. Open it at its own address.';
const INTERFACES_TTL_MS = 5_000;

/** `name`, `name:port`, `[v6]` or `[v6]:port` -> the lower-case name without trailing dot, and the port if given. */
export function splitHost(host: string): { name: string; port: number | null } {
  const h = host.trim().toLowerCase();
  const end = h.startsWith('[') ? h.indexOf(']') + 1 : h.lastIndexOf(':') < 0 ? h.length : h.lastIndexOf(':');
  const name = end > 0 ? h.slice(0, end) : h;
  const port = /^:\d{1,5}$/.test(h.slice(end)) ? Number(h.slice(end + 1)) : null;
  return { name: name.endsWith('.') ? name.slice(0, -1) : name, port };
}

/** `name`, `name:port`, `[v6]` or `[v6]:port` -> the lower-case name without port or trailing dot. */
export function hostnameOf(host: string): string {
  return splitHost(host).name;
}

/** Loopback names can never be the result of rebinding: the browser sends the name of the page it loaded. */
function isLoopback(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
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

/**
 * Whether a Host (name and port as sent) is ours under the policy; `localPort` is the port the request came in on.
 * Machine addresses are re-read (at most every 5 s) on a miss.
 */
export function hostChecker(policy: HostPolicy): (host: string, localPort: number) => boolean {
  const names = new Set((policy.extra ?? []).map(hostnameOf));
  const site = policy.publicOrigin ? new URL(policy.publicOrigin) : null;
  const sitePort = site ? Number(site.port || (site.protocol === 'https:' ? 443 : 80)) : null;
  if (!site && isName(policy.listen.host)) names.add(hostnameOf(policy.listen.host));
  let own = new Set<string>();
  let readAt = -Infinity;
  const isOurs = (name: string) => {
    if (isLoopback(name) || names.has(name)) return true;
    if (site) return false;
    if (!own.has(name) && Date.now() - readAt > INTERFACES_TTL_MS) {
      own = machineAddresses();
      readAt = Date.now();
    }
    return own.has(name);
  };
  return (host, localPort) => {
    const { name, port } = splitHost(host);
    if (site && name === site.hostname && (port ?? sitePort) === sitePort) return true;
    // No port: a proxy in front on the default port that passes the name on, or a client of port 80.
    return (port === null || port === localPort) && isOurs(name);
  };
}

/** The Host the client sent; in-process requests (tests) carry none, and their URL's host stands for it. */
function requestHost(c: Context): string {
  return requestHeader(c, 'host') ?? new URL(c.req.url).host;
}

/** The port the connection came in on (the one the server listens on), or the configured one in-process. */
function localPortOf(c: Context, listen: ListenAddress): number {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.localPort ?? listen.port;
}

/**
 * 421 Misdirected Request for any other Host, reads included. X-Forwarded-Host is never read: behind a proxy the
 * Host it sends is what counts (set PUBLIC_ORIGIN or ALLOWED_HOSTS to match it). /healthz and /readyz are exempt so that
 * health checks work under any name a container or orchestrator uses.
 */
export function knownHostOnly(policy: HostPolicy): MiddlewareHandler {
  const allowed = hostChecker(policy);
  return async (c, next) => {
    if (!HEALTH_PATHS.has(c.req.path) && !allowed(requestHost(c), localPortOf(c, policy.listen))) {
      return c.json({ message: MESSAGE, error: MESSAGE }, 421);
    }
    await next();
  };
}
