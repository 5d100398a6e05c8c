// Serves the built client (dist/client) with an SPA fallback to index.html for client routes.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

export function clientAssets(distDir: string) {
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
  // Source maps are never public, even when a debugging build left some in the folder.
  app.use('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found.', 404) : next()));
  app.use('*', serveStatic({ root }));
  app.get('/assets/*', (c) => c.text('Not found.', 404)); // a missing bundle is not the app shell
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  return app;
}
