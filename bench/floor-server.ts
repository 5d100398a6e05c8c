/**
 * The floor of this stack: a bare Hono route on @hono/node-server reading the same page row from the same
 * SQLite file with better-sqlite3 and answering what /api/stories/page answers ({message, data: html}).
 * No middleware, no validation, no sessions, no ORM: whatever the product spends beyond this is its own.
 * Bundled by bench/lib/floor-build.ts like the product's server (esbuild, ESM, node) and run with node.
 *
 *   PORT=… DB_FILE=…/life-story.sqlite node bench/.build/floor-server.js
 */
import { serve } from '@hono/node-server';
import BetterSqlite3 from 'better-sqlite3';
import { Hono } from 'hono';

const db = new BetterSqlite3(process.env.DB_FILE!, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('cache_size = -8000'); // the product's pragma for its main connection (server/src/db/open-database.ts)
const page = db.prepare('SELECT p.html FROM users u JOIN pages p ON p.user_id = u.id WHERE u.username = ? AND p.page_number = ?').pluck();

const app = new Hono();
app.get('/healthz', (c) => c.json({ ok: true }));
app.post('/page', async (c) => {
  const { username, page_number } = await c.req.json<{ username: string; page_number: number }>();
  const html = page.get(String(username).toLowerCase(), Number(page_number)) as string | undefined;
  if (html === undefined) return c.json({ message: 'Not found.' }, 404);
  return c.json({ message: 'Successfully fetched story page text', data: html });
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
