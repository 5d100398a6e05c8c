// The /api compatibility layer: the old client's paths, bodies and envelopes over the same core.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from '../http/error-body';
import type { AppEnv } from '../http/request-context';
import { authRoutes } from './routes/auth';
import { commentRoutes } from './routes/comments';
import { searchRoutes } from './routes/searches';
import { storyRoutes } from './routes/stories';
import { uploadRoutes } from './routes/upload';
import { userRoutes } from './routes/users';

const JSON_LIMIT = 6 * 1024 * 1024; // a 5 MB story plus JSON escaping
const UPLOAD_LIMIT = 11 * 1024 * 1024; // a 10 MB image plus multipart framing

export function restRouter(deps: CoreDeps) {
  const tooLarge = (limit: number) =>
    bodyLimit({
      maxSize: limit,
      onError: (c) => c.json(errorBody(`The request is larger than ${Math.round(limit / 1024 / 1024)} MB.`), 413),
    });
  return new Hono<AppEnv>()
    .use('/upload', tooLarge(UPLOAD_LIMIT))
    .use('*', async (c, next) => (c.req.path === '/api/upload' ? next() : tooLarge(JSON_LIMIT)(c, next)))
    .route('/auth', authRoutes(deps))
    .route('/upload', uploadRoutes(deps))
    .route('/users', userRoutes(deps))
    .route('/stories', storyRoutes(deps))
    .route('/comments', commentRoutes(deps))
    .route('/searches', searchRoutes(deps))
    .all('*', (c) => c.json(errorBody(`Cannot ${c.req.method} ${c.req.path}: no such API endpoint.`), 404));
}
