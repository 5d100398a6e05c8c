// The /api compatibility layer: the old client's paths, bodies and envelopes over the same core.
import { Hono } from 'hono';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from '../http/error-body';
import { limitBody, JSON_BODY_LIMIT } from '../http/limit-body';
import { refuseDeclaredOver, UPLOAD_BODY_LIMIT } from '../http/multipart-file';
import type { AppEnv } from '../http/request-context';
import { checkToken, restKey } from '../http/token-scopes';
import { authRoutes } from './routes/auth';
import { commentRoutes } from './routes/comments';
import { referenceRoutes } from './routes/reference';
import { searchRoutes } from './routes/searches';
import { storyRoutes } from './routes/stories';
import { uploadRoutes } from './routes/upload';
import { userRoutes } from './routes/users';

export function restRouter(deps: CoreDeps) {
  // An upload's body is streamed to disk and counted as it comes (multipart-file.ts): only a declared length is
  // judged here, so a chunked body is not read into memory before the session and the rate budget are.
  const uploadLimit = refuseDeclaredOver(UPLOAD_BODY_LIMIT, (c) =>
    c.json(errorBody(`The request is larger than ${Math.round(UPLOAD_BODY_LIMIT / 1024 / 1024)} MB.`), 413),
  );
  const jsonLimit = limitBody(JSON_BODY_LIMIT);
  return (
    new Hono<AppEnv>()
      // Paths match case-insensitively (as the old server did), so /API/Upload/ gets the upload limit too.
      // A request with a developer token: what the token may do, and its budget (token-scopes.ts, ADR 0039).
      .use('*', async (c, next) => {
        await checkToken(deps, c.var.actor, restKey(c.req.method, c.req.path));
        return next();
      })
      .use('*', (c, next) => (/^\/api\/upload\/?$/i.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)))
      .route('/auth', authRoutes(deps))
      .route('/upload', uploadRoutes(deps))
      .route('/users', userRoutes(deps))
      .route('/stories', storyRoutes(deps))
      .route('/comments', commentRoutes(deps))
      .route('/searches', searchRoutes(deps))
      // The OpenAPI document of all of the above and its page (docs/decisions/0040-openapi-for-the-rest-layer.md).
      .route('/', referenceRoutes())
      .all('*', (c) => c.json(errorBody(`Cannot ${c.req.method} ${c.req.path}: no such API endpoint.`), 404))
  );
}
