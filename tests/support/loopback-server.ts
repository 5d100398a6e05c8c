// An app served by @hono/node-server on a free loopback port, as `npm start` serves it: the tests that must
// go through a real socket (node's own request parsing) start one here.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ORIGIN, TestClient } from './test-app';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** A client with its own cookie jar, talking to this server over the socket. */
  client(): TestClient;
  close(): Promise<void>;
}

export async function serveOnLoopback(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<LoopbackServer> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    client: () => new TestClient({ request: (input, init) => fetch(input.replace(ORIGIN, base), init) }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
