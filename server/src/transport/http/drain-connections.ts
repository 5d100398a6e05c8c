// Draining the HTTP server on shutdown (docs/decisions/0023-several-instances.md, "Draining"): no new connections,
// every request already started finishes, and no kept-alive connection is left to carry another one. node's own
// server.close() is not used: it waits for ever on connections a client keeps busy with one request after another,
// and its closeIdleConnections takes a kept-alive connection whose next request is in flight for an idle one and
// resets it (node 20), cutting that request.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

export interface Drainable {
  /**
   * Stops accepting, ends each connection once its requests are answered; resolves when none is left.
   * `listenerGone` resolves once no new connection can reach this server any more: at once for a process of its own;
   * in a cluster worker, once the supervisor has stopped listening too (ADR 0036). Until then answers keep their
   * connections, since a client told "Connection: close" would open a new one, which must be refused, not cut.
   */
  drain(listenerGone?: () => Promise<void>): Promise<void>;
}

/**
 * How long a connection idle when the drain begins may still bring a request (answered, with Connection: close):
 * a client that sent one just as the drain began is not reset. Ended after that.
 */
const IDLE_GRACE_MS = 1000;

/** Call right after the server is created: it must see every connection and request from the first. */
export function drainable(server: Server, idleGraceMs = IDLE_GRACE_MS): Drainable {
  const connections = new Set<Socket>();
  /** Responses not finished yet, by connection. */
  const open = new Map<Socket, Set<ServerResponse>>();
  let draining = false;

  /** The answer tells the client this connection ends with it; node then closes the connection after it. */
  const lastOnConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  const endIfIdle = (socket: Socket) => {
    if (!open.has(socket)) socket.end();
  };

  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // Before the app's own listener, which may answer at once: the header must go in before the answer's head.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const responses = open.get(socket) ?? new Set<ServerResponse>();
    open.set(socket, responses);
    responses.add(res);
    if (draining) lastOnConnection(res);
    res.once('close', () => {
      responses.delete(res);
      if (responses.size > 0) return;
      open.delete(socket);
      // An answer whose head went out before the drain began said keep-alive: end its connection now it is idle.
      if (draining) setImmediate(() => endIfIdle(socket));
    });
  });

  return {
    async drain(listenerGone = async () => undefined) {
      // net.Server's close: stop listening; the callback runs once every connection has closed.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      await listenerGone();
      draining = true;
      for (const responses of open.values()) for (const res of responses) lastOnConnection(res);
      const idleAtStart = [...connections].filter((socket) => !open.has(socket));
      setTimeout(() => idleAtStart.forEach(endIfIdle), idleGraceMs).unref();
      return closed;
    },
  };
}
