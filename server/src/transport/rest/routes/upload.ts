import { Hono } from 'hono';
import { AppError } from '../../../contract/errors';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { acceptUpload, NO_FILE } from '../../../core/uploads/accept-upload';
import type { AppEnv } from '../../http/request-context';
import { signedIn } from '../request-input';

/** POST /api/upload: multipart field `file`; answers {data: "<bare file name>"}. */
export function uploadRoutes(deps: CoreDeps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const actor = signedIn(c); // refuse visitors before reading the body
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError('BAD_INPUT', 'Send the image as multipart/form-data in a field named "file".');
    }
    const file = form.file;
    if (!(file instanceof File)) throw new AppError('BAD_INPUT', NO_FILE, { file: NO_FILE });
    const { name } = await acceptUpload(deps, actor, Buffer.from(await file.arrayBuffer()));
    return c.json({ data: name }, 201);
  });
}
