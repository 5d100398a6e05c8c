// POST /uploads/photo: a photo for a story, with its responsive sizes (docs/decisions/0016-photos.md). The editor
// sends it with XMLHttpRequest to show progress, so it is a plain multipart route rather than a tRPC procedure.
// Errors answer {error: {message}} (the photos contract), one sentence a person can act on.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../contract/errors';
import type { CoreDeps } from '../../core/shared/core-deps';
import { isSignedIn, signedIn } from '../../core/shared/require-user';
import { acceptUpload } from '../../core/uploads/accept-upload';
import { httpError } from './error-body';
import { requestContext, type AppEnv } from './request-context';

/** A 10 MB photo plus multipart framing. */
const PHOTO_BODY_LIMIT = 11 * 1024 * 1024;

export const PHOTO_MESSAGES = {
  signedOut: 'Please sign in again to add photos.',
  noFile: 'Choose a photo (JPEG or PNG) to upload.',
  notMultipart: 'Send the photo as multipart/form-data in a field named "file".',
  tooLarge: 'The photo is larger than 10 MB. Please choose a smaller one.',
} as const;

const photoError = (message: string) => ({ error: { message } });

export function photoUploadRoute(deps: CoreDeps, trustProxy: boolean) {
  const limit = bodyLimit({ maxSize: PHOTO_BODY_LIMIT, onError: (c) => c.json(photoError(PHOTO_MESSAGES.tooLarge), 413) });
  return new Hono<AppEnv>()
    .onError((err, c) => {
      const { status, body, retryAfter } = httpError(err);
      if (status >= 500) throw err; // the app's own handler logs it
      if (retryAfter) c.header('retry-after', String(retryAfter));
      return c.json(photoError(body.message), status as 400);
    })
    .post(
      '/photo',
      requestContext(deps, trustProxy),
      // Visitors are refused before the body is read.
      async (c, next) => {
        if (!isSignedIn(c.var.actor)) throw new AppError('UNAUTHENTICATED', PHOTO_MESSAGES.signedOut);
        await next();
      },
      limit,
      async (c) => {
        const actor = signedIn(c.var.actor);
        let form: Record<string, unknown>;
        try {
          form = await c.req.parseBody();
        } catch {
          throw new AppError('BAD_INPUT', PHOTO_MESSAGES.notMultipart);
        }
        const file = form.file;
        if (!(file instanceof File)) throw new AppError('BAD_INPUT', PHOTO_MESSAGES.noFile);
        const accepted = await acceptUpload(deps, actor, Buffer.from(await file.arrayBuffer()), {
          rates: ['photoUploadPerAccount', 'photoUploadPerClient'],
        });
        return c.json(accepted, 201);
      },
    );
}
