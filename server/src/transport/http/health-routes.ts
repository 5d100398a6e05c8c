// Liveness and readiness (docs/decisions/0023-several-instances.md, "Health"). /healthz: the process answers (a
// restart would not help anything else). /readyz: it can serve, i.e. its database answers a trivial query; the
// container health check and anything that routes traffic use this one.
import { type Context, Hono } from 'hono';
import { sql } from 'kysely';
import { AppError } from '../../contract/errors';
import type { CoreDeps } from '../../core/shared/core-deps';

/** Past this the database counts as not answering (the container health check gives up at 3 s). */
const READY_TIMEOUT_MS = 2000;

export const NOT_READY = 'The site cannot reach its database just now.';

/** Paths answered under any Host name, for health checks (allowed-host.ts). */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function healthRoutes(deps: Pick<CoreDeps, 'db'>) {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([sql`SELECT 1`.execute(deps.db), late]);
      if (answer !== 'late') return c.json({ ok: true });
      return notReady(c, `no answer within ${READY_TIMEOUT_MS} ms`);
    } catch (err) {
      // The reason in a few words for whoever reads the probe; no address or credentials.
      return notReady(c, err instanceof AppError ? 'unreachable' : 'the query failed');
    } finally {
      clearTimeout(timer);
    }
  });
  return app;
}

function notReady(c: Context, database: string) {
  c.header('retry-after', '5');
  c.header('cache-control', 'no-store');
  return c.json({ ok: false, message: NOT_READY, database }, 503);
}
