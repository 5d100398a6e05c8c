// The readable copy inside "Download my data": story.html, one page that opens with a double-click and no server
// (styles inline, photos as files beside it, links relative), and the EPUB (docs/decisions/0034-word-and-readable-copies.md).
// Only added files: the JSON and files/ stay as "Import my data" reads them (docs/data-export.md).
import type { CoreDeps } from '../shared/core-deps';
import { escapeXml } from '../shared/escape-xml';
import { knownUploads, prepareStory } from '../book/book-html';
import { languageDirection, storyLanguage } from '../stories/story-language';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale';
import { bookDay, bookWords } from '../book/book-words';
import { type BookSource, authorNameOf } from '../book/load-book';

/** Beside story.html: someone else's photo the story shows (one's own are already in files/). */
export const STORY_PHOTOS_FOLDER = 'story-photos';

const PAGE_CSS = `
:root { color: #1b1b1b; background: #fffdf8; }
body { margin: 0 auto; max-width: 40rem; padding: 1.5rem 1.25rem 4rem; font: 1.25rem/1.6 Georgia, 'Times New Roman', serif; }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; }
.title-page { text-align: center; padding: 3rem 0 2rem; border-bottom: 1px solid #c9c2b4; }
.title-page h1 { font-size: 2.2rem; margin: 0 0 1rem; }
.title-page .author { font-size: 1.4rem; margin: 0; }
.title-page .cover { margin: 0 0 2rem; }
.contents { border-bottom: 1px solid #c9c2b4; padding: 1rem 0; }
.contents ol { list-style: none; padding: 0; }
.contents li { margin: 0.5rem 0; }
.contents .level-3, .contents .level-4, .contents .level-5, .contents .level-6 { padding-inline-start: 1.5rem; }
img { max-width: 100%; height: auto; }
figure { margin: 1.5rem 0; text-align: center; }
figcaption { font-style: italic; font-size: 1.05rem; }
blockquote { margin: 1rem 1.5rem; font-style: italic; }
.story ul, .story ol { padding-inline-start: 0; }
.story li { margin-inline-start: 1.5em; }
pre, code { white-space: pre-wrap; }
table { border-collapse: collapse; }
td, th { border: 1px solid #999; padding: 0.2em 0.4em; vertical-align: top; }
a { color: #0b4f8a; }
.missing-picture { font-style: italic; }
.note { font-size: 1rem; color: #4a4a4a; }
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  :root { color: #ece6da; background: #1c1a17; }
  .title-page, .contents { border-color: #5a544a; }
  td, th { border-color: #8a8478; }
  a { color: #9cc4f2; }
  .note { color: #c4bdb0; }
}
`;

export interface ReadableCopy {
  book: BookSource;
  /** story.html's text. */
  html: string;
  /** Other people's photos the story shows, to put in STORY_PHOTOS_FOLDER. */
  othersPhotos: string[];
}

/** The person's published story made readable, or null when they have published none. */
export async function readableCopy(
  deps: CoreDeps,
  user: { id: number; username: string; first_name: string | null; last_name: string | null; locale: Locale | null },
  ownUploads: Set<string>,
  origin: string,
  exportedAt: Date,
): Promise<ReadableCopy | null> {
  const s = await deps.db.selectFrom('stories').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (!s || s.title === null || s.body_html === null) return null;
  const book: BookSource = {
    username: user.username,
    authorName: authorNameOf(user),
    title: s.title,
    bodyHtml: s.body_html,
    banner: s.banner,
    version: s.version ?? 1,
    createdAt: s.created_at ?? 0,
    updatedAt: s.updated_at ?? 0,
    locale: user.locale ?? DEFAULT_LOCALE,
  };
  const known = await knownUploads(deps, book.bodyHtml);
  const href = (name: string) => (ownUploads.has(name) ? `files/${name}` : `${STORY_PHOTOS_FOLDER}/${name}`);
  const story = await prepareStory(book.bodyHtml, {
    format: 'html',
    origin,
    imageHref: (name) => (known.has(name) ? href(name) : null),
    externalImages: 'describe',
    blockDirections: true,
  });
  // The story in its language (docs/decisions/0043-a-storys-language-is-detected.md); the words around it in the
  // author's (book-words.ts).
  const lang = storyLanguage(book.title, book.bodyHtml);
  const words = bookWords(book.locale);
  const hasBanner = book.banner !== null && ownUploads.has(book.banner) && (await deps.blobs.get(book.banner)) !== null;
  const title = escapeXml(book.title);
  const contents = story.headings.length
    ? `<nav class="contents" aria-labelledby="contents-heading">
<h2 id="contents-heading">${words.contents}</h2>
<ol lang="${lang}" dir="${languageDirection(lang)}">
${story.headings.map((h) => `<li class="level-${h.level}"><a href="#${h.id}">${escapeXml(h.text)}</a></li>`).join('\n')}
</ol>
</nav>`
    : '';
  const day = bookDay(exportedAt, book.locale, 'UTC');
  const html = `<!doctype html>
<html lang="${book.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<header class="title-page">
${hasBanner ? `<p class="cover"><img src="files/${book.banner}" alt=""></p>\n` : ''}<h1 lang="${lang}" dir="auto">${title}</h1>
<p class="author" dir="auto">${escapeXml(book.authorName)}</p>
</header>
${contents}
<main class="story" id="story" lang="${lang}">
${story.markup}
</main>
<footer>
<p class="note">${escapeXml(words.keptCopy(origin, day))}</p>
</footer>
</body>
</html>
`;
  return { book, html, othersPhotos: story.images.filter((name) => !ownUploads.has(name)) };
}
