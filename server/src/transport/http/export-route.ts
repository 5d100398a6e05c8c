// The person's data as a zip, made as it is sent (docs/data-export.md, docs/decisions/0018-books-and-data-export.md).
// Browsers open the address directly, so a refusal is one plain sentence with its 4xx status.
import { Hono } from 'hono';
import { dataExportStream } from '../../core/export/data-export';
import type { CoreDeps } from '../../core/shared/core-deps';
import { attachment, PRIVATE, refusal, signedInOr, webStream } from './download-response';
import { type AppEnv, requestContext } from './request-context';

export const SIGN_IN_FOR_DATA = 'Please sign in to download your data.';

export function exportRoute(deps: CoreDeps, options: { origin: () => string; trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  const context = requestContext(deps, options.trustProxy);

  app.get('/account/my-data.zip', context, async (c) => {
    try {
      const { stream, username } = await dataExportStream(deps, signedInOr(c, SIGN_IN_FOR_DATA), options.origin());
      // No Content-Length: the zip is made as it is sent; the browser's download shows the bytes so far.
      return c.body(webStream(stream), 200, {
        ...PRIVATE,
        'content-type': 'application/zip',
        'content-disposition': attachment(`life-story-data-${username}.zip`),
      });
    } catch (err) {
      return refusal(c, err);
    }
  });
  return app;
}
