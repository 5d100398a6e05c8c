// The Hono app: /trpc and /api over one core, uploaded media, the client, security headers, errors.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { getPath } from 'hono/utils/url';
import { LIMITS } from './contract/limits';
import type { CoreDeps } from './core/shared/core-deps';
import { isStorageFull, storageFullLogger } from './core/shared/storage-full';
import { clientAssets } from './transport/http/client-assets';
import { rememberLanguageChoice, requestLocale, shellLocale } from './transport/http/interface-language';
import { errorBody, httpError } from './transport/http/error-body';
import { errorPage, wantsPage } from './transport/http/error-page';
import { errorLogEntry } from './transport/http/error-log';
import { feedRoutes } from './transport/http/feeds';
import { followPages } from './transport/http/follow-pages';
import { weeklyQuestionPages } from './transport/http/weekly-question-pages';
import { healthRoutes } from './transport/http/health-routes';
import { inboundEmailRoute } from './transport/http/inbound-email-route';
import { bookRoutes } from './transport/http/book-routes';
import { exportRoute } from './transport/http/export-route';
import { dataImportRoute } from './transport/http/data-import-route';
import { invitationRoute } from './transport/http/invitation-route';
import { JSON_BODY_LIMIT, limitBody } from './transport/http/limit-body';
import { refuseAutosavesBeforeBody } from './transport/http/refuse-before-body';
import { refuseMalformedPath } from './transport/http/malformed-path';
import { mediaRoute } from './transport/http/media-route';
import { documentUploadRoute } from './transport/http/document-upload-route';
import { photoUploadRoute } from './transport/http/photo-upload-route';
import { requestContext, type AppEnv } from './transport/http/request-context';
import { knownHostOnly } from './transport/http/allowed-host';
import { sameOriginOnly } from './transport/http/same-origin';
import { securityHeaders } from './transport/http/security-headers';
import { sitemapRoutes } from './transport/http/sitemap';
import { shareLinkRoutes } from './transport/http/share-link-route';
import { readerPages, type ServerRenderOptions } from './transport/http/server-render';
import { shortStoryAddress } from './transport/http/short-story-address';
import { IN_PROCESS, type ListenAddress, siteOrigin } from './transport/http/site-origin';
import { restRouter } from './transport/rest/rest-router';
import { appRouter } from './transport/trpc/app-router';
import { RequestBudget } from './transport/trpc/request-budget';
import { retryAfterMeta } from './transport/trpc/trpc';

export interface AppOptions {
  trustProxy: boolean;
  publicOrigin: string | undefined;
  /**
   * Where the server listens (HOST, and the port: serve.ts sets it once listening). Without PUBLIC_ORIGIN it is the
   * site's origin for every absolute link; a name in HOST is one the site answers to. Default: http://localhost,
   * for in-process apps (tests, benches).
   */
  listen?: ListenAddress;
  /** ALLOWED_HOSTS: more names the site answers to. */
  allowedHosts?: readonly string[];
  mediaPublicBaseUrl: string | undefined;
  /** Where /legal sends the browser. */
  legalUrl: string;
  /** The built client; omitted in API-only tests. */
  clientDir?: string;
  /**
   * The server build of the reader's screens (dist/ssr/entry-server.js), or the module itself; without it, or
   * when the file is missing, every screen gets the app shell (docs/decisions/0017-server-rendering.md).
   */
  serverRender?: ServerRenderOptions['entry'];
  /** Where unexpected errors go, one entry each (serve.ts passes one that respects LOG_LEVEL). */
  log?: (message: string) => void;
}

/** /api paths match case-insensitively and tolerate a trailing slash, as the old Express server did. */
function apiAwarePath(req: Request): string {
  const p = getPath(req);
  if (p.length > 4 && p.slice(0, 5).toLowerCase() === '/api/') return p.toLowerCase().replace(/\/+$/, '');
  return p;
}

export function createApp(deps: CoreDeps, options: AppOptions) {
  const log = options.log ?? ((m: string) => console.error(m));
  const app = new Hono<AppEnv>({ getPath: apiAwarePath });

  const logStorageFull = storageFullLogger(log);
  app.onError((err, c) => {
    const { status, body, retryAfter } = httpError(err);
    if (isStorageFull(err)) logStorageFull(err);
    else if (status >= 500) log(errorLogEntry(`${c.req.method} ${c.req.path}`, c.var.requestId, err));
    if (retryAfter) c.header('retry-after', String(retryAfter));
    if (status >= 500 && wantsPage(c)) {
      const url = new URL(c.req.url);
      c.header('cache-control', 'no-store');
      return c.html(errorPage(body.message, url.pathname + url.search, retryAfter), status as 500);
    }
    return c.json(body, status as 400);
  });
  app.notFound((c) => c.json(errorBody('Not found.'), 404));

  // Every answer carries X-Request-Id, and every error log entry names it. Set again after the handler:
  // hono's own header is lost when a handler answers with a Response of its own (tRPC does). Set on the
  // answer's headers in place: `c.header` after the handler copies the whole Response, which on the node
  // adapter turns its body into a web stream (a tenth of a draft save's CPU; docs/performance.md, "Autosave").
  const assignRequestId = requestId();
  app.use('*', (c, next) =>
    assignRequestId(c, async () => {
      await next();
      try {
        c.res.headers.set('X-Request-Id', c.var.requestId);
      } catch {
        c.header('X-Request-Id', c.var.requestId); // a Response whose headers are immutable
      }
    }),
  );
  app.use('*', securityHeaders(options.mediaPublicBaseUrl));
  const listen = options.listen ?? IN_PROCESS;
  const origin = siteOrigin(options.publicOrigin, listen);
  app.use('*', knownHostOnly({ publicOrigin: options.publicOrigin, listen, extra: options.allowedHosts }));
  app.use('*', (c, next) => {
    c.set('siteOrigin', origin());
    return next();
  });
  app.use('*', refuseMalformedPath());
  app.use('*', sameOriginOnly(options.publicOrigin, options.trustProxy));
  app.route('/', healthRoutes(deps));
  // The footer's 'Legal' link: an external page chosen by configuration (LEGAL_URL).
  app.get('/legal', (c) => c.redirect(options.legalUrl, 302));
  app.route('/public/uploads', mediaRoute(deps));
  app.route('/media', mediaRoute(deps));
  // Sitemap, robots.txt, the Atom feed; the story as a book and the person's data (ADR 0018).
  app.route('/', sitemapRoutes(deps, { origin }));
  app.route('/', feedRoutes(deps, { origin }));
  app.route('/', bookRoutes(deps, { origin, trustProxy: options.trustProxy }));
  app.route('/', exportRoute(deps, { origin, trustProxy: options.trustProxy }));
  // "Import my data": a data export from another site into an empty story (ADR 0035).
  app.route('/', dataImportRoute(deps, { trustProxy: options.trustProxy }));
  // The share link of a story (ADR 0026): /s/<key>, and ?key= on a story page.
  app.route('/', shareLinkRoutes(deps, { trustProxy: options.trustProxy }));
  // The short address /@<username> (issue #26): a redirect to page 1 of the story.
  app.route('/', shortStoryAddress());
  // A circle invitation's link: a reader pass for this device, then the story (docs/decisions/0026-who-can-read-a-story.md).
  app.route('/', invitationRoute(deps, { trustProxy: options.trustProxy }));
  app.route('/uploads', photoUploadRoute(deps, options.trustProxy));
  app.route('/uploads', documentUploadRoute(deps, options.trustProxy));
  // A follower's confirm and unsubscribe links (ADR 0027).
  app.route('/', followPages(deps));
  // The weekly question's unsubscribe link (ADR 0031).
  app.route('/', weeklyQuestionPages(deps));
  // Replies to question emails from a mail provider's inbound forwarding, only with its secret set (ADR 0030).
  const inboundSecret = deps.config.inboundMail.httpSecret;
  if (inboundSecret) app.route('/', inboundEmailRoute(deps, inboundSecret, log));

  // Both take a developer token in `Authorization: Bearer` instead of the cookie (ADR 0039).
  app.use('/api/*', requestContext(deps, options.trustProxy, { bearer: true }));
  // Draft saves that would be refused whatever their body says are refused before it is read (ADR 0012).
  app.use(
    '/trpc/*',
    requestContext(deps, options.trustProxy, { bearer: true }),
    refuseAutosavesBeforeBody(deps),
    limitBody(JSON_BODY_LIMIT),
  );
  app.route('/api', restRouter(deps));
  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      // The client's httpBatchLink splits at the same number (client/src/lib/trpc.ts; request-budget.ts).
      maxBatchSize: LIMITS.trpcBatchMax,
      createContext: ({ resHeaders }) => ({
        deps,
        actor: c.var.actor,
        resHeaders,
        secure: c.var.secure,
        origin: c.var.siteOrigin,
        refusedBeforeBody: c.var.refusedBeforeBody,
        locale: requestLocale(c),
        budget: new RequestBudget(),
      }),
      responseMeta: retryAfterMeta,
      // The only log of a procedure's unexpected error (trpc.ts keeps the original as the cause).
      onError: ({ error, path }) => {
        if (isStorageFull(error.cause)) logStorageFull(error.cause);
        else if (error.code === 'INTERNAL_SERVER_ERROR')
          log(errorLogEntry(`trpc ${path ?? '(unknown procedure)'}`, c.var.requestId, error.cause ?? error));
      },
    }),
  );

  const pages = options.serverRender
    ? readerPages(deps, { entry: options.serverRender, trustProxy: options.trustProxy, origin, log })
    : undefined;
  if (options.clientDir) {
    // The pages' language (ADR 0042): ?lang= is remembered in the `lang` cookie; the shell's <html lang> is the
    // signed-in person's setting, else the reader's choice or browser.
    app.use('*', rememberLanguageChoice(options.trustProxy));
    app.route('/', clientAssets(options.clientDir, pages, shellLocale(deps)));
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
