// Reader pages rendered on the server (docs/decisions/0017-server-rendering.md): the client's own screens, built
// by `vite build --ssr` into dist/ssr/entry-server.js, answered by the tRPC procedures in-process (localLink),
// with the head (title, description, canonical, Open Graph, Twitter, JSON-LD) made from the same answers.
// Signed-in people get the app shell, as before: their pages are theirs, and are never kept.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { TRPCLink } from '@trpc/client';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { READING_SIZE_SCRIPT } from '../../contract/reading-size';
import { resolveSession } from '../../core/accounts/sessions';
import type { CoreDeps } from '../../core/shared/core-deps';
import { publishedWordCount, readerDataVersion } from '../../core/stories/reader-page-facts';
import type { AppRouter } from '../trpc/app-router';
import { appRouter } from '../trpc/app-router';
import { inProcessLink } from '../trpc/in-process-link';
import type { TrpcContext } from '../trpc/trpc';
import { clientKeyOf } from './client-key';
import { chooseEncoding } from './content-encoding';
import { errorLogEntry } from './error-log';
import { clientAddress, isSecure } from './request-context';
import { requestCookie } from './request-header';
import { requestPassTokens } from './reader-pass-cookie';
import { clearedSessionCookie, SESSION_COOKIE } from './session-cookie';
import type { Locale } from '../../contract/locale';
import type { PageHead } from '../../contract/page-head';
import { LANGUAGE_VARY, requestLocale } from './interface-language';
import { pageHeadTags, scriptJson } from './page-head';

/** What client/src/entry-server.tsx exports (it is built apart; this is its shape as the server uses it). */
export interface ServerRenderModule {
  rendersOnServer(path: string): boolean;
  /** The part of a query string that changes the page at `path` (e.g. /explore/top's `window`), in one spelling. */
  pageSearch(path: string, search: string): string;
  render(input: { path: string; search: string; locale: Locale; link: TRPCLink<AppRouter> }): Promise<{
    status: 200 | 404;
    html: string;
    state: unknown;
    head: PageHead;
  } | null>;
}

export interface ServerRenderOptions {
  /** The built entry (a file path) or the module itself (tests import the source). */
  entry: string | ServerRenderModule;
  trustProxy: boolean;
  /** The site's own origin (site-origin.ts) for the head's absolute addresses: never the request's Host. */
  origin: () => string;
  log: (message: string) => void;
  /** How long a kept page may be served while nothing changed (windows of the top lists age with time). */
  keepMs?: number;
  /** Upper bound of the kept pages' total size. */
  keepBytes?: number;
  /** Upper bound of the number of kept pages. */
  keepPages?: number;
}

/** Answers a page request with the rendered page, or null to send the app shell. */
export type ReaderPages = (c: Context, template: string) => Promise<Response | null>;

interface Kept {
  /** UTF-8, encoded once: answers write it as it is, and the keep counts its real size (off the JS heap). */
  body: Uint8Array<ArrayBuffer>;
  /** The body gzipped, made on the first request that takes it (and no brotli) and kept with the page. */
  gzipped?: Uint8Array<ArrayBuffer>;
  /** The body in brotli, made on the first request that takes it and kept with the page. */
  brotli?: Uint8Array<ArrayBuffer>;
  status: number;
  version: string;
  at: number;
  /** Shows a story not for everyone: answered to its one request, never kept (ADR 0026). */
  restricted?: boolean;
  noindex?: boolean;
}

const utf8 = new TextEncoder();
const KEEP_MS = 60_000;
const KEEP_BYTES = 32 * 1024 * 1024;
/** Far more than the site's screens and stories anyone reads in a minute; many small 404 pages stop here. */
const KEEP_PAGES = 5_000;

export function readerPages(deps: CoreDeps, options: ServerRenderOptions): ReaderPages {
  const keepMs = options.keepMs ?? KEEP_MS;
  const keepPages = options.keepPages ?? KEEP_PAGES;
  let loading: Promise<ServerRenderModule | null> | null = null;
  const load = () =>
    (loading ??=
      typeof options.entry !== 'string'
        ? Promise.resolve(options.entry)
        : fs.existsSync(options.entry)
          ? (import(pathToFileURL(options.entry).href) as Promise<ServerRenderModule>).catch((err: unknown) => {
              options.log(`Server rendering is off: ${options.entry} did not load (${(err as Error).message}).`);
              return null;
            })
          : Promise.resolve(null));

  // Anonymous readers' pages, the least recently used going first past either bound; what a page shows changes only
  // with an event (readerDataVersion). Keyed by the path and the query parameters the page reads, nothing else: one
  // origin, whatever Host was asked for, and no new page for a made-up query string (issue #23); and by the language
  // it is in (ADR 0042), the first word of the key.
  const kept = new LRUCache<string, Kept>({
    max: keepPages,
    maxSize: options.keepBytes ?? KEEP_BYTES,
    sizeCalculation: (page) => page.body.byteLength + (page.gzipped?.byteLength ?? 0) + (page.brotli?.byteLength ?? 0),
  });
  // Addresses asked for once lately, without their pages: a page is kept from its second request on. Most first
  // visits are to pages nobody asks for again soon (one story page of thousands, a crawler walking them all); kept,
  // each pushed out a page that is asked for often (issue #32's "kept pages filling with throwaway entries";
  // docs/performance.md, "Kept from the second request"). Keys only, a few MB at most.
  const askedOnce = new LRUCache<string, true>({ max: 4 * keepPages });
  const rendering = new Map<string, Promise<Kept | null>>();

  const renderPage = async (
    mod: ServerRenderModule,
    c: Context,
    address: { path: string; search: string; locale: Locale },
    template: string,
    version: string,
    passTokens: readonly string[],
  ): Promise<Kept | null> => {
    const secure = isSecure(c, options.trustProxy);
    const origin = options.origin();
    const ctx: TrpcContext = {
      deps,
      actor: {
        userId: null,
        sessionId: null,
        signedInAt: null,
        clientKey: clientKeyOf(clientAddress(c, options.trustProxy)),
        readerPassTokens: passTokens,
      },
      resHeaders: new Headers(),
      secure,
      origin,
    };
    const link = inProcessLink(appRouter, ctx);
    let page: Awaited<ReturnType<ServerRenderModule['render']>>;
    try {
      page = await mod.render({ ...address, link });
    } catch (err) {
      // A screen that cannot render on the server (say, one that reads `window` while rendering) still works in the
      // browser: the reader gets the app shell, and the log says which address failed.
      options.log(errorLogEntry(`server render ${address.path}`, c.get('requestId') as string | undefined, err));
      return null;
    }
    if (!page) return null;
    const wordCount = page.head.article ? await publishedWordCount(deps, page.head.article.username, page.head.article.version) : null;
    // A story not for everyone (the procedures said so in their headers, ADR 0026): never kept, never in a shared
    // cache, and a `link` story's page asks not to be indexed.
    const restricted = ctx.resHeaders.get('cache-control') === 'private, no-store';
    const noindex = ctx.resHeaders.get('x-robots-tag') === 'noindex';
    // The reader's kept text size, applied before the first paint (contract/reading-size.ts).
    const head =
      (noindex ? '<meta name="robots" content="noindex">' : '') +
      pageHeadTags(page.head, { origin, wordCount, locale: address.locale }) +
      `<script>${READING_SIZE_SCRIPT}</script>`;
    const body = withLang(template, address.locale)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace('<!--ssr-head-->', () => head)
      .replace('<!--ssr-body-->', () => page.html)
      .replace('<!--ssr-state-->', () => `<script type="application/json" id="ssr-state">${scriptJson(page.state)}</script>`);
    return { body: utf8.encode(body), status: page.status, version, at: Date.now(), restricted, noindex };
  };

  /** The page as an answer: in brotli or gzip for browsers that take either (and kept so, when `keep`). */
  const answer = (c: Context, page: Kept, key: string, keep: boolean): Response => {
    const token = requestCookie(c, SESSION_COOKIE);
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': page.restricted ? 'private, no-store' : 'no-cache',
      // The page's language follows the cookie and Accept-Language too (interface-language.ts).
      vary: `${LANGUAGE_VARY}, Accept-Encoding`,
    };
    if (page.noindex) headers['x-robots-tag'] = 'noindex';
    // A story page is ~23 KB of HTML and JSON, ~6 KB compressed, and on a slow phone link its bytes come before
    // anything is painted (docs/performance.md, Server rendering). Each copy is made once per kept page.
    let body = page.body;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (encoding !== 'identity') {
      const copy = encoding === 'br' ? 'brotli' : 'gzipped';
      if (!page[copy]) {
        page[copy] = new Uint8Array(encoding === 'br' ? brotliPage(page.body) : zlib.gzipSync(page.body, { level: 6 }));
        // Set again so that the keep counts the copy too.
        if (keep && kept.peek(key) === page) kept.set(key, page);
      }
      body = page[copy];
      headers['content-encoding'] = encoding;
    }
    // A cookie that names no session any more is cleared, as the API does (request-context.ts).
    const response = new Response(body, { status: page.status, headers });
    if (token) response.headers.append('set-cookie', clearedSessionCookie(isSecure(c, options.trustProxy)));
    return response;
  };

  return async (c, template) => {
    const mod = await load();
    if (!mod?.rendersOnServer(c.req.path)) return null;
    const token = requestCookie(c, SESSION_COOKIE);
    const signedIn = token ? await resolveSession(deps, token) : null;
    if (signedIn) return null;
    const url = new URL(c.req.url);
    // A signed-out reader's language: ?lang=, their cookie, their browser (docs/decisions/0042-interface-languages.md).
    const locale = requestLocale(c);
    const address = { path: url.pathname, search: mod.pageSearch(url.pathname, url.search.slice(1)), locale };
    const key = `${locale} ${address.search ? `${address.path}?${address.search}` : address.path}`;
    const version = await readerDataVersion(deps);
    // A reader carrying passes (the cookie, or a pass this request's ?key= made) may see what others may not: their
    // pages are rendered for them alone, never read from nor put in the keep (docs/decisions/0026-who-can-read-a-story.md).
    const newPass = c.get('newPassToken') as string | undefined;
    const passTokens = newPass ? [newPass, ...requestPassTokens(c)] : requestPassTokens(c);
    if (passTokens.length > 0) {
      const own = await renderPage(mod, c, address, template, version, passTokens);
      if (!own) return null;
      return answer(c, own, key, false);
    }
    let page = kept.get(key);
    if (!page || page.version !== version || Date.now() - page.at > keepMs) {
      // One render per address at a time: readers arriving meanwhile wait for it.
      const renderKey = `${version}\n${key}`;
      let pending = rendering.get(renderKey);
      if (!pending) {
        pending = renderPage(mod, c, address, template, version, []).finally(() => rendering.delete(renderKey));
        rendering.set(renderKey, pending);
      }
      const rendered = await pending;
      if (!rendered) return null;
      if (rendered.restricted) return answer(c, rendered, key, false); // cannot happen without passes; never kept
      // A page kept before (now out of date) has been asked for again already.
      if (!page && !askedOnce.has(key)) {
        askedOnce.set(key, true);
        return answer(c, rendered, key, false);
      }
      askedOnce.delete(key);
      kept.set(key, rendered);
      page = rendered;
    }
    return answer(c, page, key, true);
  };
}

/** The page's <html lang>: the template's is English. */
export function withLang(template: string, locale: Locale): string {
  return template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
}

/**
 * Brotli at quality 5 for a rendered page: made on a first visit, so its cost is paid on the request's thread.
 * On a story page quality 5 is within a few percent of 11's bytes at a fraction of its time (`npx tsx
 * bench/page-compression.ts`; docs/performance.md, Issue #32). Static files are compressed at 11 once, at build.
 */
export const PAGE_BROTLI_QUALITY = 5;

export function brotliPage(body: Uint8Array): Buffer {
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}
