// POST /uploads/document: "Import a document", step one (docs/decisions/0033-import-a-document.md). A multipart
// upload like a photo's (multipart-file.ts: streamed to a temporary file, never whole in memory), answered with the
// preview (contract/document-import.ts); step two is tRPC drafts.importDocument. Errors answer {error: {message}}.
import { Hono } from 'hono';
import { DOCUMENT_BYTES_MAX, DOCUMENT_MESSAGES } from '../../contract/document-import';
import { AppError } from '../../contract/errors';
import { previewDocument } from '../../core/document-import/preview-document';
import type { CoreDeps } from '../../core/shared/core-deps';
import { isSignedIn, signedIn } from '../../core/shared/require-user';
import { httpError } from './error-body';
import { receiveFile, refuseDeclaredOver } from './multipart-file';
import { requestContext, type AppEnv } from './request-context';

/** A 20 MB document plus multipart framing. */
const DOCUMENT_BODY_LIMIT = DOCUMENT_BYTES_MAX + 1024 * 1024;

const documentError = (message: string) => ({ error: { message } });

export function documentUploadRoute(deps: CoreDeps, trustProxy: boolean) {
  return new Hono<AppEnv>()
    .onError((err, c) => {
      const { status, body, retryAfter } = httpError(err);
      if (status === 500) throw err; // the app's own handler logs it
      if (retryAfter) c.header('retry-after', String(retryAfter));
      return c.json(documentError(body.message), status as 400);
    })
    .post(
      '/document',
      requestContext(deps, trustProxy),
      async (c, next) => {
        if (!isSignedIn(c.var.actor)) throw new AppError('UNAUTHENTICATED', DOCUMENT_MESSAGES.signedOut);
        await next();
      },
      refuseDeclaredOver(DOCUMENT_BODY_LIMIT, (c) => c.json(documentError(DOCUMENT_MESSAGES.tooLarge), 413)),
      async (c) => {
        const actor = signedIn(c.var.actor);
        const file = await receiveFile(c.req.raw, {
          field: 'file',
          maxFileBytes: DOCUMENT_BYTES_MAX,
          maxBodyBytes: DOCUMENT_BODY_LIMIT,
          messages: { notMultipart: DOCUMENT_MESSAGES.notMultipart, tooLarge: DOCUMENT_MESSAGES.tooLarge },
        });
        try {
          if (!file || file.bytes === 0) throw new AppError('BAD_INPUT', DOCUMENT_MESSAGES.noFile);
          return c.json(await previewDocument(deps, actor, { path: file.path, fileName: file.fileName }), 200);
        } finally {
          await file?.remove();
        }
      },
    );
}
