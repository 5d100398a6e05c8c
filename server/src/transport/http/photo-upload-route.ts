// POST /uploads/photo: a photo for a story, with its responsive sizes (docs/decisions/0016-photos.md). The editor
// sends it with XMLHttpRequest to show progress, so it is a plain multipart route rather than a tRPC procedure.
// Errors answer {error: {message}} (the photos contract), one sentence a person can act on.
import { Hono } from 'hono';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import type { CoreDeps } from '../../core/shared/core-deps';
import { isSignedIn, signedIn } from '../../core/shared/require-user';
import { acceptUpload, admitUpload } from '../../core/uploads/accept-upload';
import { httpError } from './error-body';
import { declaredLength, receiveFile, refuseDeclaredOver, UPLOAD_BODY_LIMIT } from './multipart-file';
import { requestContext, type AppEnv } from './request-context';

export const PHOTO_MESSAGES = {
  signedOut: 'Please sign in again to add photos.',
  noFile: 'Choose a photo (JPEG or PNG) to upload.',
  notMultipart: 'Send the photo as multipart/form-data in a field named "file".',
  tooLarge: 'The photo is larger than 10 MB. Please choose a smaller one.',
} as const;

const photoError = (message: string) => ({ error: { message } });

export function photoUploadRoute(deps: CoreDeps, trustProxy: boolean) {
  const rates = ['photoUploadPerAccount', 'photoUploadPerClient'] as const;
  return new Hono<AppEnv>()
    .onError((err, c) => {
      const { status, body, retryAfter } = httpError(err);
      if (status === 500) throw err; // the app's own handler logs it
      if (retryAfter) c.header('retry-after', String(retryAfter));
      return c.json(photoError(body.message), status as 400);
    })
    .post(
      '/photo',
      requestContext(deps, trustProxy),
      // Everything that can refuse without the body does so before a byte of it is read (issue #23): the session,
      // a declared length over the limit, the person's uploads under way, the rate budget, a full quota.
      async (c, next) => {
        if (!isSignedIn(c.var.actor)) throw new AppError('UNAUTHENTICATED', PHOTO_MESSAGES.signedOut);
        await next();
      },
      refuseDeclaredOver(UPLOAD_BODY_LIMIT, (c) => c.json(photoError(PHOTO_MESSAGES.tooLarge), 413)),
      async (c) => {
        const actor = signedIn(c.var.actor);
        const admitted = await admitUpload(deps, actor, { rates: [...rates], declaredBytes: declaredLength(c.req.raw) });
        let file: Awaited<ReturnType<typeof receiveFile>> = null;
        try {
          file = await receiveFile(c.req.raw, {
            field: 'file',
            maxFileBytes: LIMITS.uploadBytesMax,
            messages: { notMultipart: PHOTO_MESSAGES.notMultipart, tooLarge: PHOTO_MESSAGES.tooLarge },
          });
          if (!file) throw new AppError('BAD_INPUT', PHOTO_MESSAGES.noFile);
          const accepted = await acceptUpload(deps, actor, file, { rates: [...rates], admitted });
          return c.json(accepted, 201);
        } finally {
          admitted.end();
          await file?.remove();
        }
      },
    );
}
