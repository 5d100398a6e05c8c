// Server rendering of the reader's routes (docs/decisions/0017-server-rendering.md): the same <App> the browser
// runs, rendered with React's streaming renderer after the queries its screens ask for have been answered
// through the tRPC link the server passes in (its procedures, called in-process). Built by `vite build --ssr`
// (scripts/build-steps.mjs) and loaded by server/src/transport/http/server-render.ts.
import type { Locale } from '#contract/locale';
import type { PageHead } from '#contract/page-head';
import { dehydrate, type DehydratedState, type Query, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils, getQueryKey } from '@trpc/react-query';
import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { matchRoute } from 'wouter';
import type { AppRouter } from '#app-router';
import type { VersionedStory } from '#contract/stories';
import { App, parseRoute as parse } from './app';
import { COMMENTS_PAGE_SIZE } from './features/social';
import { storyPath } from './lib/paths';
import { createQueryClient, trpc } from './lib/trpc';
import { windowFrom } from './features/explore';
import { storyRoute } from './features/stories';
import { CLIENT_ONLY } from './render-routes';
import { leaveOutRenderedText } from './lib/story-text-once';
import { I18n, intlFor, type Messages } from './lib/i18n';
// The server renders every language, so it has every catalogue at hand (the browser loads only its own).
import es from './locales/es.json';

const CATALOGUES: Record<Locale, Messages> = { en: {}, es };

export interface RenderedPage {
  status: 200 | 404;
  /** The markup of <div id="root">. */
  html: string;
  /** The query cache, for hydrateRoot (start-app.tsx), without the story text the markup carries (lib/story-text-once.ts). */
  state: DehydratedState;
  head: PageHead;
}

const SITE = 'Life Story';

const heads = defineMessages({
  siteDescription: {
    id: 'head.site.description',
    defaultMessage: 'Each person writes one story: the story of their life, in numbered pages. Anyone can read, search and browse.',
  },
  search: { id: 'head.explore.title', defaultMessage: 'Search · {site}' },
  top: { id: 'head.top.title', defaultMessage: 'Top Stories · {site}' },
  topDescription: { id: 'head.top.description', defaultMessage: 'The most liked life stories on Life Story.' },
  newest: { id: 'head.new.title', defaultMessage: 'New Stories · {site}' },
  newDescription: { id: 'head.new.description', defaultMessage: 'The newest life stories on Life Story.' },
  story: { id: 'head.story.title', defaultMessage: '{title} · {site}' },
  storyDescription: { id: 'head.story.description', defaultMessage: '{title}, a life story on {site}.' },
  invalid: { id: 'head.invalidParameters', defaultMessage: 'Invalid parameters · {site}' },
  notFound: { id: 'head.notFound', defaultMessage: 'Page not found · {site}' },
  noStory: { id: 'head.noStory', defaultMessage: '{username} has no story yet · {site}' },
});

/** wouter matches the decoded path (its relativePath); so does this. */
function decoded(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

const matches = (route: string, path: string) => matchRoute(parse, route, decoded(path), false)[0];

/** Whether the server renders this address (false: it sends the app shell, as for every screen before #13). */
export function rendersOnServer(path: string): boolean {
  return !CLIENT_ONLY.some((route) => matches(route, path));
}

/**
 * The query parameters the rendered screen at `path` reads, in one spelling: the server keeps rendered pages by the
 * path and these, so a query string it does not read (a tracking tag, a made-up one) gets the kept page
 * (server/src/transport/http/server-render.ts). Only Top Stories reads one (its window); a screen that reads
 * another must name it here.
 */
export function pageSearch(path: string, search: string): string {
  if (!matches('/explore/top', path)) return '';
  const topWindow = windowFrom(search);
  return topWindow === 'all' ? '' : `window=${topWindow}`;
}

/** Observer options reach the query (disabled ones: e.g. a signed-in reader's likes); `enabled: false` is never fetched. */
const enabledOn = (q: Query) => (q.options as { enabled?: unknown }).enabled !== false;

/** Queries the server answers that the client would not ask for before hydration: none of the user's own. */
function unanswered(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabledOn(q) && !!q.options.queryFn);
}

/**
 * React's streaming renderer into one string, read once everything is ready: every boundary is then written in
 * place (an outlined one would need React's inline <script>s to swap it in, which the CSP refuses:
 * security-headers.ts). Node's stream, not the web one: reading a web stream cost a sixth of React's own work.
 */
function renderToText(node: React.ReactNode, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    const { pipe } = renderToPipeableStream(node, {
      onError,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

/** React's mark of a Suspense boundary left for the browser to render (it suspended, or threw, on the server). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * A pass of the page, once its data is in the cache: the reader's screens ask for it with useQuery, never by
 * suspending, so the page is whole in one synchronous render, and renderToString makes the same markup as the
 * stream for a fraction of the work (no chunks encoded and decoded, no tasks; docs/performance.md, "Server
 * rendering"). Were a boundary ever left to the browser (a lazy screen, a throw inside a boundary), the stream
 * renders the pass instead: it waits for what suspended, and reports what threw.
 */
export async function renderPass(node: React.ReactNode, onError: (error: unknown) => void): Promise<string> {
  const html = renderToString(node);
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? renderToText(node, onError) : html;
}

/** A render pass shows what the screens have; the next answers what they asked for, until they ask for nothing new. */
const MAX_PASSES = 5;

/**
 * Renders `path` as an anonymous reader: screens ask for their queries during a pass, the link answers them,
 * and the pass that asks for nothing new is the page. null when a query failed (the server then sends the shell
 * and the browser asks again, as it always did).
 */
export async function render({
  path,
  search,
  locale = 'en',
  link,
}: {
  path: string;
  search: string;
  /** The page's language (server/src/transport/http/interface-language.ts). */
  locale?: Locale;
  link: TRPCLink<AppRouter>;
}): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  // On the server a failed query is not retried: the page falls back to the shell instead.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const trpcClient = trpc.createClient({ links: [link] });
  const tree = (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <I18n locale={locale} messages={CATALOGUES[locale]}>
            <App ssrPath={path} ssrSearch={search} />
          </I18n>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
  // What the route's screens are known to ask for, asked at once: usually the first pass then asks for nothing new.
  await prefetchKnown(path, queryClient, trpcClient);
  const renderErrors: unknown[] = [];
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    html = await renderPass(tree, (e) => void renderErrors.push(e));
    const asked = unanswered(queryClient);
    if (asked.length === 0) break;
    await Promise.all(asked.map((q) => q.fetch().catch(() => undefined)));
  }
  if (renderErrors.length > 0) throw renderErrors[0];
  const all = queryClient.getQueryCache().getAll();
  const failed = all.filter((q) => q.state.status !== 'success' && enabledOn(q));
  if (failed.length > 0) return null;
  const { status, head } = describe(path, queryClient, intlFor(locale, CATALOGUES[locale]));
  return { status, html, state: leaveOutRenderedText(dehydrate(queryClient), html), head };
}

type TrpcClient = ReturnType<typeof trpc.createClient>;

/**
 * The queries of a story page and the layout, fetched together instead of one render pass at a time (the story
 * view asks for the page and comments only once it has the story). Keys are the hooks' own; were one to
 * change, the render passes above would still ask for it, one pass later.
 */
async function prefetchKnown(path: string, queryClient: QueryClient, client: TrpcClient): Promise<void> {
  const utils = createTRPCQueryUtils({ queryClient, client });
  const asks: Promise<unknown>[] = [utils.accounts.me.prefetch()];
  const [isStory, params] = matchRoute(parse, '/story/:id/page/:page_number', decoded(path), false);
  const route = isStory ? storyRoute(params.id, params.page_number) : null;
  if (route) {
    const ref = { story_username: route.username };
    asks.push(
      utils.stories.get.prefetch({ username: route.username }),
      utils.stories.page.prefetch({ username: route.username, page_number: route.page }),
      utils.social.commentCount.prefetch(ref),
      queryClient.prefetchInfiniteQuery({
        queryKey: getQueryKey(trpc.social.comments, { ...ref, limit: COMMENTS_PAGE_SIZE }, 'infinite'),
        queryFn: async ({ pageParam }) => ({
          rows: await client.social.comments.query({ ...ref, page: pageParam, limit: COMMENTS_PAGE_SIZE }),
        }),
        initialPageParam: 1,
      }),
    );
  }
  await Promise.all(asks);
  // A page past the end or of nobody's story fails here; the screens do not ask for it, so it is not an error.
  queryClient.removeQueries({ predicate: (q) => q.state.status === 'error' });
}

function describe(path: string, client: QueryClient, intl: IntlShape): { status: 200 | 404; head: PageHead } {
  const t = (message: MessageDescriptor, values: Record<string, string> = {}): string =>
    intl.formatMessage(message as Parameters<IntlShape['formatMessage']>[0], { site: SITE, ...values }) as string;
  const siteDescription = t(heads.siteDescription);
  const site: PageHead = { title: SITE, description: siteDescription, canonicalPath: path, image: null, type: 'website', article: null };
  const notFound = (title: string): PageHead => ({ ...site, title });
  if (matches('/', path)) return { status: 200, head: { ...site, canonicalPath: '/' } };
  if (matches('/explore', path)) return { status: 200, head: { ...site, title: t(heads.search), canonicalPath: '/explore' } };
  if (matches('/explore/top', path))
    return {
      status: 200,
      head: { ...site, title: t(heads.top), description: t(heads.topDescription), canonicalPath: '/explore/top' },
    };
  if (matches('/explore/new', path))
    return {
      status: 200,
      head: { ...site, title: t(heads.newest), description: t(heads.newDescription), canonicalPath: '/explore/new' },
    };
  // The story routes of app.tsx: without a page number they reach the story view, which says what is wrong.
  const [isStory, params] = matchRoute(parse, '/story/:id/page/:page_number', decoded(path), false);
  const isStoryLike = isStory || matches('/story/:id/page', path) || matches('/story/:id', path);
  const inputs = isStory ? storyRoute(params.id, params.page_number) : null;
  if (!inputs) return { status: 404, head: notFound(t(isStoryLike ? heads.invalid : heads.notFound)) };
  const story = client.getQueryData<VersionedStory | null>(trpcKey(['stories', 'get'], { username: inputs.username }));
  if (!story) return { status: 404, head: notFound(t(heads.noStory, { username: inputs.username })) };
  const page = client.getQueryData<{ html: string }>(trpcKey(['stories', 'page'], { username: inputs.username, page_number: inputs.page }));
  const canonicalPath = storyPath(story.username, inputs.page);
  const head: PageHead = {
    title: t(heads.story, { title: story.title }),
    description: page ? firstWords(page.html) : t(heads.storyDescription, { title: story.title }),
    canonicalPath,
    image: story.story_image,
    type: 'article',
    article: {
      headline: story.title,
      username: story.username,
      firstName: story.first_name,
      lastName: story.last_name,
      published: story.created_at,
      modified: story.updated_at,
      version: story.version,
    },
  };
  // Past the last page: the story's screen says so, and the address is not a page.
  return { status: page && inputs.page <= story.page_count ? 200 : 404, head };
}

/** @trpc/react-query's key for a query (getQueryKey's shape), to read what the screens fetched. */
function trpcKey(path: string[], input: unknown) {
  return [path, { input, type: 'query' }];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The start of a page's text: its sanitized HTML without tags, about 30 words, cut at a word. */
export function firstWords(html: string, maxChars = 200): string {
  const text = html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|td|th)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars + 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > maxChars / 2 ? cut.slice(0, atWord) : cut.slice(0, maxChars)).replace(/[\s,;:.-]+$/, '')}…`;
}
