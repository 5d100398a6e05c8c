// "Keep it": the author's story as an EPUB and as a page to print, and the person's data as a zip. Browsers open
// these addresses directly, so a refusal is one plain sentence with its 4xx status (docs/decisions/0018-books-and-data-export.md).
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { AppError, ERROR_KINDS } from '../../contract/errors';
import { readBookFont } from '../../core/book/book-fonts';
import { bookFileName, epubStream } from '../../core/book/epub';
import { loadBook } from '../../core/book/load-book';
import { PRINT_SCRIPT, printPage } from '../../core/book/print-page';
import { dataExportStream } from '../../core/export/data-export';
import type { CoreDeps, SignedInActor } from '../../core/shared/core-deps';
import { type AppEnv, requestContext } from './request-context';

export const SIGN_IN_FOR_BOOK = 'Please sign in to download or print your story as a book.';
export const SIGN_IN_FOR_DATA = 'Please sign in to download your data.';

const PRIVATE = { 'cache-control': 'private, no-store' };

/** attachment; with an ASCII name and the exact one (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function refusal(c: Context, err: unknown): Response {
  if (!(err instanceof AppError) || ERROR_KINDS[err.kind].http >= 500) throw err;
  if (err.retryAfterSec) c.header('retry-after', String(err.retryAfterSec));
  return c.text(err.message, ERROR_KINDS[err.kind].http as 400, PRIVATE);
}

function signedInOr(c: Context<AppEnv>, message: string): SignedInActor {
  const actor = c.var.actor;
  if (actor.userId === null) throw new AppError('UNAUTHENTICATED', message);
  return actor as SignedInActor;
}

const webStream = (s: Readable) => Readable.toWeb(s) as unknown as ReadableStream<Uint8Array>;

export function bookRoutes(deps: CoreDeps, options: { origin: () => string; trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  const context = requestContext(deps, options.trustProxy);

  app.get('/story/:username/book.epub', context, async (c) => {
    try {
      const book = await loadBook(deps, signedInOr(c, SIGN_IN_FOR_BOOK), c.req.param('username'), 'bookDownloadPerAccount');
      const stream = await epubStream(deps, book, options.origin());
      return c.body(webStream(stream), 200, {
        ...PRIVATE,
        'content-type': 'application/epub+zip',
        'content-disposition': attachment(bookFileName(book, 'epub')),
      });
    } catch (err) {
      return refusal(c, err);
    }
  });

  app.get('/story/:username/print', context, async (c) => {
    try {
      const book = await loadBook(deps, signedInOr(c, SIGN_IN_FOR_BOOK), c.req.param('username'), 'bookPrintPerAccount');
      return c.html(await printPage(deps, book, options.origin()), 200, PRIVATE);
    } catch (err) {
      return refusal(c, err);
    }
  });

  // The print page's fonts and script: the same for everyone, so cached.
  app.get('/book-assets/:file', async (c) => {
    const file = c.req.param('file');
    const cache = { 'cache-control': 'public, max-age=86400' };
    if (file === 'print.js') return c.body(PRINT_SCRIPT, 200, { ...cache, 'content-type': 'text/javascript; charset=utf-8' });
    const font = readBookFont(file);
    if (!font) return c.text('There is no such file.', 404);
    return c.body(new Uint8Array(await font), 200, { ...cache, 'content-type': 'font/woff2' });
  });

  app.get('/account/my-data.zip', context, async (c) => {
    try {
      const { stream, username } = await dataExportStream(deps, signedInOr(c, SIGN_IN_FOR_DATA));
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
