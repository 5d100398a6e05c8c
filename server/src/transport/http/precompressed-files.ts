// The built scripts and styles with their .br and .gz copies (scripts/build-steps.mjs), answered in the encoding
// the request takes (content-encoding.ts), with `Vary: Accept-Encoding` whichever copy goes (the bytes depend on
// the header even when the plain file goes) and an ETag per copy, so a cache never hands one encoding's bytes to a
// request for another (docs/decisions/0038-lighter-reader-pages.md). Files without copies are left to serveStatic.
import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, type Coding } from './content-encoding';

/** The build's files that may have copies: its assets, and the icon and manifest every page links to. */
const ASSET = /^\/(assets\/[\w-][\w.-]*|favicon\.svg|manifest\.webmanifest)$/;
const SUFFIX = { br: '.br', gzip: '.gz' } as const;

const statOf = (file: string) => fs.promises.stat(file).catch(() => null);

export function precompressedFiles(root: string): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !ASSET.test(c.req.path)) return next();
    // The copies themselves are not addresses of their own.
    if (/\.(br|gz)$/.test(c.req.path)) return c.text('Not found.', 404);
    const file = path.join(root, c.req.path);
    const [plain, br, gzip] = await Promise.all([statOf(file), statOf(file + SUFFIX.br), statOf(file + SUFFIX.gzip)]);
    if (!plain?.isFile() || (!br && !gzip)) return next();
    const offered: Coding[] = [...(br ? (['br'] as const) : []), ...(gzip ? (['gzip'] as const) : [])];
    const encoding = chooseEncoding(c.req.header('accept-encoding'), offered);
    const stats = encoding === 'br' ? br! : encoding === 'gzip' ? gzip! : plain;
    // The copy's own size and time, and its encoding by name: each encoding of a file has an ETag of its own.
    const etag = `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}-${encoding}"`;
    const headers: Record<string, string> = {
      'content-type': getMimeType(file) ?? 'application/octet-stream',
      vary: 'Accept-Encoding',
      etag,
      'last-modified': plain.mtime.toUTCString(),
    };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === etag)
    ) {
      return c.body(null, 304, headers);
    }
    headers['content-length'] = String(stats.size);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const body = await fs.promises.readFile(encoding === 'identity' ? file : file + SUFFIX[encoding]);
    return c.body(new Uint8Array(body), 200, headers);
  };
}
