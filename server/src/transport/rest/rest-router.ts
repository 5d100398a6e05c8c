// The /api compatibility layer: the old client's paths, bodies and envelopes over the same core.
import { Hono } from 'hono';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from '../http/error-body';
import { limitBody, JSON_BODY_LIMIT } from '../http/limit-body';
import type { AppEnv } from '../http/request-context';
import { authRoutes } from './routes/auth';
import { commentRoutes } from './routes/comments';
import { searchRoutes } from './routes/searches';
import { storyRoutes } from './routes/stories';
import { uploadRoutes } from './routes/upload';
import { userRoutes } from './routes/users';

const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024; // a 10 MB image plus multipart framing

export function restRouter(deps: CoreDeps) {
  const uploadLimit = limitBody(UPLOAD_BODY_LIMIT);
  const jsonLimit = limitBody(JSON_BODY_LIMIT);
  return (
    new Hono<AppEnv>()
      // Paths match case-insensitively (as the old server did), so /API/Upload/ gets the upload limit too.
      .use('*', (c, next) => (/^\/api\/upload\/?$/i.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)))
      .route('/auth', authRoutes(deps))
      .route('/upload', uploadRoutes(deps))
      .route('/users', userRoutes(deps))
      .route('/stories', storyRoutes(deps))
      .route('/comments', commentRoutes(deps))
      .route('/searches', searchRoutes(deps))
      .all('*', (c) => c.json(errorBody(`Cannot ${c.req.method} ${c.req.path}: no such API endpoint.`), 404))
  );
}
