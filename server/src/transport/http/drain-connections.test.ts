// The drain on a plain node server (docs/decisions/0023-several-instances.md, "Draining"): what each kind of
// connection gets once it begins. tests/integration/shutdown-drain.test.ts does it with the real server under load.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from './drain-connections';

let server: http.Server | undefined;
let release: (() => void) | undefined;
afterEach(() => {
  release?.();
  server?.closeAllConnections();
  server = undefined;
});

/** A server whose /slow answers only once `release()` is called, and every other path at once. */
async function start(idleGraceMs: number) {
  let slow: Array<() => void> = [];
  release = () => {
    for (const answer of slow) answer();
    slow = [];
  };
  server = http.createServer((req, res) => {
    if (req.url === '/slow') slow.push(() => res.end('slow'));
    else res.end('fast');
  });
  const connections = drainable(server, idleGraceMs);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { connections, url };
}

function get(agent: http.Agent, url: string): Promise<{ status?: number; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code }));
  });
}

describe('drainable', () => {
  it('answers a request in flight on a kept-alive connection, with Connection: close, then the drain ends', async () => {
    const { connections, url } = await start(1000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(agent, `${url}/fast`)).toEqual({ status: 200, connection: 'keep-alive' });
    const inFlight = get(agent, `${url}/slow`); // the second request on that connection
    await new Promise((r) => setTimeout(r, 50));
    let drained = false;
    const drain = connections.drain().then(() => {
      drained = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false);
    release!();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    await drain;
    expect((await get(agent, `${url}/fast`)).error).toBe('ECONNREFUSED');
    agent.destroy();
  });

  it('answers a request sent on a connection idle when the drain began, within the grace, and ends the rest after it', async () => {
    const { connections, url } = await start(300);
    const early = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const quiet = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(early, `${url}/fast`);
    await get(quiet, `${url}/fast`);
    const drain = connections.drain();
    // node's own server.close() resets this one (ECONNRESET): it takes the connection for idle.
    expect(await get(early, `${url}/fast`)).toEqual({ status: 200, connection: 'close' });
    await drain; // the quiet connection was ended after the grace
    expect((await get(quiet, `${url}/fast`)).error).toBe('ECONNREFUSED');
    early.destroy();
    quiet.destroy();
  });
});
