// Serves the built client (dist/client) with an SPA fallback to index.html for client routes; reader routes
// are rendered on the server when `pages` is given (server-render.ts).
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { ReaderPages } from './server-render';

export function clientAssets(distDir: string, pages?: ReaderPages) {
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
  // The build's .br/.gz copies of scripts and styles when the browser takes them (scripts/build-steps.mjs).
  const files = serveStatic({ root, precompressed: true });
  app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));
  app.get('/assets/*', (c) => c.text('Not found.', 404)); // a missing bundle is not the app shell
  // index.html is read again only when a new build replaced it.
  let template = { mtimeMs: -1, html: '' };
  const currentTemplate = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return template.html;
  };
  app.get('*', async (c) => {
    const html = currentTemplate();
    const page = pages ? await pages(c, html) : null;
    if (page) return page;
    c.header('cache-control', 'no-cache');
    return c.html(html);
  });
  return app;
}
