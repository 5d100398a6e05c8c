// Serves the built client (dist/client) with an SPA fallback to index.html for client routes; reader routes
// are rendered on the server when `pages` is given (server-render.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { Locale } from '../../contract/locale';
import { chooseEncoding } from './content-encoding';
import { LANGUAGE_VARY } from './interface-language';
import { precompressedFiles } from './precompressed-files';
import { type ReaderPages, withLang } from './server-render';

/**
 * `shellLocale`: the language of the app shell's <html lang> for this request (the signed-in person's setting, the
 * reader's choice or browser; docs/decisions/0042-interface-languages.md); the app loads that language's messages.
 */
export function clientAssets(distDir: string, pages?: ReaderPages, shellLocale?: (c: Context) => Promise<Locale>) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.html(
        '<!doctype html><title>Life Story</title><p>The client has not been built. Run <code>npm run build</code>, or <code>npm start</code>, which builds it.</p>',
        503,
      ),
    );
  }
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  // The site's icons and web app manifest (client/public): a day, since their names do not change with a build.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200 && /^\/(favicon\.svg|manifest\.webmanifest|icons\/[\w-]+\.png)$/.test(c.req.path)) {
      c.header('cache-control', 'public, max-age=86400');
    }
  });
  // Tools that ask for /favicon.ico without reading the page's <link rel="icon"> get the icon the page names.
  app.get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301));
  // Source maps are never public, even when a debugging build left some in the folder.
  app.use('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found.', 404) : next()));
  // '/' is the home page (rendered on the server when it can be), not index.html as a file.
  // The build's .br/.gz copies of scripts and styles when the browser takes them (scripts/build-steps.mjs), the
  // other files (fonts, icons: compressed already, or tiny) as they are.
  app.use('*', precompressedFiles(distDir));
  const files = serveStatic({ root });
  app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));
  app.get('/assets/*', (c) => c.text('Not found.', 404)); // a missing bundle is not the app shell
  // index.html is read again only when a new build replaced it; the app shell's compressed copies (one per language,
  // made on its first request) then too.
  type Shell = { html: string; br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> };
  let template = { mtimeMs: -1, html: '', shells: new Map<Locale, Shell>() };
  const currentTemplate = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8'), shells: new Map() };
    return template;
  };
  const shellIn = (locale: Locale): Shell => {
    const { shells, html: source } = currentTemplate();
    let shell = shells.get(locale);
    if (!shell) {
      const html = withLang(source, locale);
      shell = {
        html,
        br: new Uint8Array(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
        gzip: new Uint8Array(zlib.gzipSync(html, { level: 9 })),
      };
      shells.set(locale, shell);
    }
    return shell;
  };
  app.get('*', async (c) => {
    const page = pages ? await pages(c, currentTemplate().html) : null;
    if (page) return page;
    const shell = shellIn(shellLocale ? await shellLocale(c) : 'en');
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': 'no-cache',
      vary: shellLocale ? `${LANGUAGE_VARY}, Accept-Encoding` : 'Accept-Encoding',
    };
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (encoding === 'identity') return c.body(shell.html, 200, headers);
    return c.body(shell[encoding], 200, { ...headers, 'content-encoding': encoding });
  });
  return app;
}
