// The site's own origin, for every absolute address it gives out: links in emails, the feed, the sitemap, books,
// canonical addresses of server-rendered pages. Never the request's Host: that is the caller's to choose, and
// anything built from it (or kept under it) would be theirs too (issue #23; docs/decisions/0017-server-rendering.md).

/** Where the server listens: HOST, and the port (serve.ts sets it once listening, for PORT=0). */
export interface ListenAddress {
  host: string;
  port: number;
}

/** In-process apps (tests, benches) stand for a server at http://localhost. */
export const IN_PROCESS: Readonly<ListenAddress> = { host: 'localhost', port: 80 };

/** The origin of the address the server listens on: 0.0.0.0 and :: (every interface) are reached as localhost. */
export function listenOrigin({ host, port }: ListenAddress): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}

/** PUBLIC_ORIGIN, else the address the server listens on; read when asked, so a port chosen at listen time counts. */
export function siteOrigin(publicOrigin: string | undefined, listen: ListenAddress): () => string {
  return () => publicOrigin ?? listenOrigin(listen);
}
