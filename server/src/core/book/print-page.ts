// The story as a print-ready book page: the browser's "Save as PDF" turns it into an A5 book with a cover, a title
// page, contents and page numbers (CSS paged media as Chromium supports it; docs/decisions/0018-books-and-data-export.md).
import type { CoreDeps } from '../shared/core-deps';
import { escapeXml } from '../shared/escape-xml';
import { fontFaces } from './book-fonts';
import { bookWords } from './book-words';
import { knownUploads, prepareStory } from './book-html';
import type { BookSource } from './load-book';
import { languageDirection, storyLanguage } from '../stories/story-language';

/** Where the print page finds its fonts and its one script (served by the transport). */
export const PRINT_ASSETS = '/book-assets/';

const PRINT_CSS = `${fontFaces(PRINT_ASSETS)}
@page { size: A5; margin: 18mm 16mm 20mm; @bottom-center { content: counter(page); font: 10pt 'Literata', serif; } }
@page cover { margin: 0; @bottom-center { content: none; } }
@page front { @bottom-center { content: none; } }
:root { color: #1b1b1b; background: #fff; }
body { margin: 0; font: 11pt/1.55 'Literata', Georgia, serif; }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; break-after: avoid; break-inside: avoid; }
p, li, blockquote { orphans: 3; widows: 3; }
img { max-width: 100%; height: auto; max-height: 150mm; break-inside: avoid; }
figure, table, pre, blockquote { break-inside: avoid; }
pre, code { white-space: pre-wrap; }
.story, .story * { overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #999; padding: 0.2em 0.4em; vertical-align: top; }
a { color: inherit; }
.cover { page: cover; break-after: page; height: 210mm; display: flex; flex-direction: column; justify-content: center; align-items: center; text-align: center; background: #f4efe6; }
.cover img { width: 100%; height: 140mm; max-height: none; object-fit: cover; }
.cover .cover-title { font-size: 22pt; margin: 12mm 12mm 4mm; }
.front { page: front; break-after: page; }
.title-page { text-align: center; padding-top: 40mm; }
.title-page h1 { font-size: 24pt; }
.title-page .author { font-size: 14pt; margin-top: 12mm; }
.title-page .colophon { font-size: 8pt; margin-top: 60mm; }
.contents ol { list-style: none; padding: 0; }
.contents li { margin: 0.4em 0; }
.contents .level-2 { padding-inline-start: 1.2em; }
.contents .level-3, .contents .level-4, .contents .level-5, .contents .level-6 { padding-inline-start: 2.4em; }
.story ul, .story ol { padding-inline-start: 0; }
.story li { margin-inline-start: 1.5em; }
.story blockquote { margin-inline: 0; padding-inline-start: 1em; border-inline-start: 2px solid #999; }
.missing-picture { font-style: italic; }
.screen-only { font: 1.125rem/1.5 system-ui, sans-serif; background: #eef4fb; border-bottom: 2px solid #2f5d8a; padding: 1rem; }
.screen-only button, .screen-only a { font: inherit; min-height: 44px; }
.screen-only button { padding: 0.5rem 1.25rem; margin-inline-end: 1rem; }
@media screen {
  body { background: #ddd; }
  .cover, .front, .story { max-width: 148mm; margin: 1.5rem auto; padding: 16mm; background: #fff; box-sizing: border-box; }
  .cover { padding: 0; background: #f4efe6; }
}
@media print { .screen-only { display: none; } }
`;

export async function printPage(deps: CoreDeps, book: BookSource, origin: string): Promise<string> {
  const known = await knownUploads(deps, book.bodyHtml);
  const story = await prepareStory(book.bodyHtml, {
    format: 'html',
    origin,
    imageHref: (name) => (known.has(name) ? `/media/${name}` : null),
    externalImages: 'keep',
    blockDirections: true,
  });
  // The page is in the story's language and starts in its direction (docs/decisions/0043-a-storys-language-is-detected.md);
  // the fixed words around it are in the author's (book-words.ts), marked where the two differ.
  const lang = storyLanguage(book.title, book.bodyHtml);
  const words = bookWords(book.locale);
  const fixed = lang === book.locale ? '' : ` lang="${book.locale}" dir="ltr"`;
  const title = escapeXml(book.title);
  const contents = story.headings.length
    ? story.headings.map((h) => `<li class="level-${h.level}"><a href="#${h.id}">${escapeXml(h.text)}</a></li>`).join('\n')
    : `<li><a href="#story">${title}</a></li>`;
  const hasBanner = book.banner !== null && (await deps.blobs.get(book.banner)) !== null;
  const cover = hasBanner ? `<img src="/media/${book.banner}" alt="">` : '';
  return `<!doctype html>
<html lang="${lang}" dir="${languageDirection(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeXml(words.print.pageTitle(book.title))}</title>
<style>${PRINT_CSS}</style>
<script src="${PRINT_ASSETS}print.js" defer></script>
</head>
<body>
<div class="screen-only" role="region" aria-label="${words.print.howTo}"${fixed}>
<p>${words.print.help}</p>
<p><button type="button" id="print-book">${words.print.button}</button> <a href="/story/${encodeURIComponent(book.username)}">${words.print.back}</a></p>
</div>
<div class="cover" role="img" aria-label="${escapeXml(words.coverOf(book.title))}">${cover}<p class="cover-title" aria-hidden="true" dir="auto">${title}</p></div>
<div class="front">
<header class="title-page">
<h1 dir="auto">${title}</h1>
<p class="author" dir="auto">${escapeXml(book.authorName)}</p>
<p class="colophon"${fixed}>${escapeXml(words.fontNotice)}</p>
</header>
</div>
<nav class="front contents" aria-labelledby="contents-heading">
<h2 id="contents-heading"${fixed}>${words.contents}</h2>
<ol lang="${lang}" dir="${languageDirection(lang)}">
${contents}
</ol>
</nav>
<main class="story" id="story">
${story.markup}
</main>
</body>
</html>
`;
}

/** The print page's one script: its button opens the browser's print dialog (inline scripts are refused by our CSP). */
export const PRINT_SCRIPT = `document.getElementById('print-book')?.addEventListener('click', () => window.print());\n`;
