// A loopback TCP proxy to the test run's PostgreSQL that a test can cut and restore, as a network failure or a
// database restart would: cut() drops every open connection and refuses new ones until restore().
import net from 'node:net';
import { freshPostgresDatabase } from './postgres-cluster';

export interface CuttablePostgres {
  /** A fresh database of the cluster, reached through the proxy. */
  url: string;
  /** The same database, reached directly (another instance, or the test's own checks). */
  directUrl: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function postgresBehindCuttableProxy(baseUrl: string): Promise<CuttablePostgres> {
  const target = new URL(baseUrl);
  const sockets = new Set<net.Socket>();
  let reachable = true;
  const proxy = net.createServer((client) => {
    if (!reachable) return void client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', close).on('close', () => {
        sockets.delete(socket);
        close();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const database = await freshPostgresDatabase(baseUrl);
  const url = new URL(database.url);
  url.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: url.href,
    directUrl: database.url,
    cut() {
      reachable = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      reachable = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await database.drop();
    },
  };
}
