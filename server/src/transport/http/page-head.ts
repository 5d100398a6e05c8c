// The head of a server-rendered reader page (docs/decisions/0017-server-rendering.md): title, description,
// canonical address, Open Graph, Twitter card and, on story pages, JSON-LD Article. Everything in it comes from
// what the page was rendered from, so a private author's names (null in that data) never appear.

import { DEFAULT_LOCALE, LANG_QUERY, LOCALES, type Locale } from '../../contract/locale';
import type { PageHead } from '../../contract/page-head';
import { escapeHtml } from '../../core/shared/escape-html';
import { serverIntl } from '../../core/shared/interface-intl';
import { stemOf } from '../../core/uploads/photo-sizes';

const SITE_NAME = 'Life Story';

/**
 * JSON inside a <script> element: nothing in it can close the element or open a comment (`</script>`, `<!--`),
 * and the line separators JavaScript once refused are escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The name a reader may see: the author's names when public, else their username (which is in the address anyway). */
function authorName(article: NonNullable<PageHead['article']>): string {
  const full = [article.firstName, article.lastName].filter((n): n is string => !!n).join(' ');
  return full || article.username;
}

/**
 * The banner as a link preview shows it: its 1600 px JPEG (previews want at least 1200 px, and JPEG is what every
 * crawler reads). A banner narrower than that has no such size, and the media route redirects its name to the
 * original (docs/decisions/0016-photos.md, "Sizes by name"), so no read of the uploads table is needed here.
 */
export function shareImageName(name: string): string {
  const stem = stemOf(name);
  return stem ? `${stem}-1600.jpg` : name;
}

/** A path in one language: English's is the path itself (what search engines have always had), the others' ?lang=. */
export function pathIn(path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? path : `${path}${path.includes('?') ? '&' : '?'}${LANG_QUERY}=${locale}`;
}

/** Open Graph's og:locale (language_TERRITORY). */
const OG_LOCALE: Record<Locale, string> = { en: 'en_US', es: 'es_ES' };

/**
 * The page in each language (hreflang), by ?lang=, and x-default: the bare path, whose language the reader's browser
 * and choice decide (interface-language.ts). The page's head and the sitemap (sitemap.ts) list the same.
 */
export function alternates(origin: string, path: string): { hreflang: string; href: string }[] {
  const lang = (locale: Locale) => `${origin}${path}${path.includes('?') ? '&' : '?'}${LANG_QUERY}=${locale}`;
  return [...LOCALES.map((locale) => ({ hreflang: locale, href: lang(locale) })), { hreflang: 'x-default', href: origin + path }];
}

function alternateLinks(origin: string, path: string): string[] {
  return alternates(origin, path).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`);
}

export function pageHeadTags(
  head: PageHead,
  { origin, wordCount, locale = DEFAULT_LOCALE }: { origin: string; wordCount: number | null; locale?: Locale },
): string {
  const canonical = origin + pathIn(head.canonicalPath, locale);
  const intl = serverIntl(locale);
  const image = head.image ? `${origin}/media/${encodeURIComponent(shareImageName(head.image))}` : null;
  const title = head.article?.headline ?? head.title;
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternateLinks(origin, head.canonicalPath),
    meta('property', 'og:locale', OG_LOCALE[locale]),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image
      ? [
          meta('property', 'og:image', image),
          meta('property', 'og:image:alt', intl.formatMessage({ id: 'head.bannerAlt', defaultMessage: 'Banner of {title}' }, { title })),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
  if (head.article) {
    const author = authorName(head.article);
    tags.push(
      meta('property', 'article:published_time', head.article.published),
      meta('property', 'article:modified_time', head.article.modified),
      `<script type="application/ld+json">${scriptJson({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: head.article.headline,
        description: head.description,
        author: { '@type': 'Person', name: author, url: `${origin}/story/${encodeURIComponent(head.article.username)}/page/1` },
        datePublished: head.article.published,
        dateModified: head.article.modified,
        ...(wordCount === null ? {} : { wordCount }),
        ...(image ? { image } : {}),
        mainEntityOfPage: canonical,
        publisher: { '@type': 'Organization', name: SITE_NAME },
      })}</script>`,
    );
  }
  return tags.join('\n    ');
}
