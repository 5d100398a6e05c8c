// The author's story as an EPUB and as a page to print, with the print page's fonts and script. Browsers open these
// addresses directly, so a refusal is one plain sentence with its 4xx status (docs/decisions/0018-books-and-data-export.md).
import { Hono } from 'hono';
import { readBookFont } from '../../core/book/book-fonts';
import { docxStream } from '../../core/book/docx';
import { bookFileName, epubStream } from '../../core/book/epub';
import { loadBook } from '../../core/book/load-book';
import { PRINT_SCRIPT, printPage } from '../../core/book/print-page';
import type { CoreDeps } from '../../core/shared/core-deps';
import { attachment, PRIVATE, refusal, signedInOr, webStream } from './download-response';
import { type AppEnv, requestContext } from './request-context';

export const SIGN_IN_FOR_BOOK = 'Please sign in to download or print your story as a book.';

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

  // The same book as a Word document (docs/decisions/0034-word-and-readable-copies.md): the same rule and limit as the EPUB.
  app.get('/story/:username/book.docx', context, async (c) => {
    try {
      const book = await loadBook(deps, signedInOr(c, SIGN_IN_FOR_BOOK), c.req.param('username'), 'bookDownloadPerAccount');
      const stream = await docxStream(deps, book, options.origin());
      return c.body(webStream(stream), 200, {
        ...PRIVATE,
        'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'content-disposition': attachment(bookFileName(book, 'docx')),
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

  return app;
}
