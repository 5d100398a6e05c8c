import { Hono } from 'hono';
import { AppError } from '../../../contract/errors';
import { LIMITS } from '../../../contract/limits';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { acceptUpload, admitUpload, NO_FILE } from '../../../core/uploads/accept-upload';
import { IMAGE_MESSAGES } from '../../../core/uploads/process-image';
import { declaredLength, receiveFile } from '../../http/multipart-file';
import type { AppEnv } from '../../http/request-context';
import { signedIn } from '../request-input';

/**
 * POST /api/upload: multipart field `file`; answers {data: "<bare file name>"}. Visitors, a spent rate budget and a
 * full quota are refused before the body is read; the file is streamed to disk, not held in memory (ADR 0016).
 */
export function uploadRoutes(deps: CoreDeps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const actor = signedIn(c);
    const admitted = await admitUpload(deps, actor, { declaredBytes: declaredLength(c.req.raw) });
    let file: Awaited<ReturnType<typeof receiveFile>> = null;
    try {
      file = await receiveFile(c.req.raw, {
        field: 'file',
        maxFileBytes: LIMITS.uploadBytesMax,
        messages: { notMultipart: 'Send the image as multipart/form-data in a field named "file".', tooLarge: IMAGE_MESSAGES.tooManyBytes },
      });
      if (!file) throw new AppError('BAD_INPUT', NO_FILE, { file: NO_FILE });
      const { name } = await acceptUpload(deps, actor, file, { admitted });
      return c.json({ data: name }, 201);
    } finally {
      admitted.end();
      await file?.remove();
    }
  });
}
