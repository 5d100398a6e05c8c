// POST /account/import-data: "Import my data" (docs/decisions/0035-moving-a-story-between-sites.md). The zip arrives as
// a multipart file, streamed to a temporary file as photos are (multipart-file.ts); `?check=1` only says what it
// would bring in. Answers {summary} or {error: {message}}, one sentence, as the photo route does.
import { Hono } from 'hono';
import { DATA_IMPORT_ENDPOINT } from '../../contract/data-import';
import { AppError } from '../../contract/errors';
import { checkDataImport, importData } from '../../core/export/import-data';
import { IMPORT_LIMITS } from '../../core/export/read-export-zip';
import type { CoreDeps } from '../../core/shared/core-deps';
import { isSignedIn, signedIn } from '../../core/shared/require-user';
import { httpError } from './error-body';
import { receiveFile, refuseDeclaredOver } from './multipart-file';
import { requestContext, type AppEnv } from './request-context';

/** The zip itself: what the import would read at most, plus the form's framing. */
export const IMPORT_BODY_LIMIT = IMPORT_LIMITS.totalBytes + 1024 * 1024;

export const IMPORT_ROUTE_MESSAGES = {
  signedOut: 'Please sign in again to import your data.',
  noFile: 'Choose the .zip file that "Download my data" gave you.',
  notMultipart: 'Send the data export as multipart/form-data in a field named "file".',
  tooLarge: 'This data export is larger than a site can take in. Nothing was changed.',
} as const;

const importError = (message: string) => ({ error: { message } });

export function dataImportRoute(deps: CoreDeps, options: { trustProxy: boolean }) {
  return new Hono<AppEnv>()
    .onError((err, c) => {
      const { status, body, retryAfter } = httpError(err);
      if (status === 500) throw err;
      if (retryAfter) c.header('retry-after', String(retryAfter));
      return c.json(importError(body.message), status as 400);
    })
    .post(
      DATA_IMPORT_ENDPOINT,
      requestContext(deps, options.trustProxy),
      async (c, next) => {
        if (!isSignedIn(c.var.actor)) throw new AppError('UNAUTHENTICATED', IMPORT_ROUTE_MESSAGES.signedOut);
        await next();
      },
      refuseDeclaredOver(IMPORT_BODY_LIMIT, (c) => c.json(importError(IMPORT_ROUTE_MESSAGES.tooLarge), 413)),
      async (c) => {
        const actor = signedIn(c.var.actor);
        const file = await receiveFile(c.req.raw, {
          field: 'file',
          maxFileBytes: IMPORT_LIMITS.totalBytes,
          maxBodyBytes: IMPORT_BODY_LIMIT,
          messages: { notMultipart: IMPORT_ROUTE_MESSAGES.notMultipart, tooLarge: IMPORT_ROUTE_MESSAGES.tooLarge },
        });
        if (!file) throw new AppError('BAD_INPUT', IMPORT_ROUTE_MESSAGES.noFile);
        try {
          if (c.req.query('check') === '1') return c.json({ summary: await checkDataImport(deps, actor, file.path) }, 200);
          return c.json({ summary: await importData(deps, actor, file.path) }, 201);
        } finally {
          await file.remove();
        }
      },
    );
}
