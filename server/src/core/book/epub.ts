// The story as an EPUB 3 book: cover (the banner), title page, contents from its headings, the story with its
// photos from the BlobStore, Literata embedded. Zipped by yazl as it is sent: the mimetype entry first and
// stored, each photo read from the store only when the zip reaches it (docs/decisions/0018-books-and-data-export.md).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { CoreDeps } from '../shared/core-deps';
import { escapeXml } from '../shared/escape-xml';
import { addLazy, inPieces, zipReadable } from '../shared/zip-stream';
import type { Locale } from '../../contract/locale';
import { BOOK_FONTS, fontFaces, readBookFont } from './book-fonts';
import { bookWords } from './book-words';
import { type BookHeading, knownUploads, prepareStory } from './book-html';
import type { BookSource } from './load-book';
import { languageDirection, storyLanguage } from '../stories/story-language';

/** The language of a book document's text and the direction it starts in (docs/decisions/0043-a-storys-language-is-detected.md). */
interface Language {
  lang: string;
  dir: 'rtl' | 'ltr';
}

const mediaType = (name: string) => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** A stable identifier for this person's book on this site: the same story keeps its identifier across editions. */
function bookUuid(origin: string, username: string): string {
  const h = createHash('sha256').update(`life-story-book:${origin}:${username.toLowerCase()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function xhtml(title: string, body: string, language: Language, extraHead = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language.lang}" lang="${language.lang}" dir="${language.dir}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="book.css"/>${extraHead}
</head>
<body>
${body}
</body>
</html>
`;
}

const BOOK_CSS = `${fontFaces('fonts/')}
body { font-family: 'Literata', serif; line-height: 1.5; }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; page-break-after: avoid; break-after: avoid; }
p { orphans: 2; widows: 2; }
img { max-width: 100%; height: auto; }
figure, img, table { page-break-inside: avoid; break-inside: avoid; }
blockquote { margin: 1em 1.5em; font-style: italic; }
.cover { margin: 0; padding: 0; text-align: center; }
.cover img { max-height: 100%; }
.title-page { text-align: center; margin-top: 25%; }
.title-page h1 { font-size: 2em; }
.title-page .author { font-size: 1.25em; margin-top: 2em; }
.colophon { margin-top: 4em; font-size: 0.8em; }
.missing-picture { font-style: italic; }
`;

/** The contents' fixed words are the author's language's; the headings listed are the story's, in its language and direction. */
function navDocument(title: string, headings: BookHeading[], story: Language, locale: Locale): string {
  const words = bookWords(locale);
  const fixed: Language = { lang: locale, dir: 'ltr' };
  const attrs = `lang="${story.lang}" xml:lang="${story.lang}" dir="${story.dir}"`;
  const items = headings.length
    ? headings.map((h) => `<li class="level-${h.level}"><a href="story.xhtml#${h.id}">${escapeXml(h.text)}</a></li>`)
    : [`<li><a href="story.xhtml">${escapeXml(title)}</a></li>`];
  return xhtml(
    words.contents,
    `<nav epub:type="toc" id="toc" role="doc-toc">
<h1>${words.contents}</h1>
<ol ${attrs}>
<li lang="${fixed.lang}" xml:lang="${fixed.lang}" dir="ltr"><a href="title.xhtml">${words.titlePage}</a></li>
${items.join('\n')}
</ol>
</nav>
<nav epub:type="landmarks" hidden="hidden">
<ol>
<li><a epub:type="titlepage" href="title.xhtml">${words.titlePage}</a></li>
<li ${attrs}><a epub:type="bodymatter" href="story.xhtml">${escapeXml(title)}</a></li>
</ol>
</nav>`,
    fixed,
  );
}

function packageDocument(
  book: BookSource,
  origin: string,
  images: string[],
  cover: string | null,
  modified: string,
  language: Language,
): string {
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    ...(cover
      ? [
          '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>',
          `<item id="cover-image" href="images/${cover}" media-type="${mediaType(cover)}" properties="cover-image"/>`,
        ]
      : []),
    '<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="story" href="story.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="css" href="book.css" media-type="text/css"/>',
    ...BOOK_FONTS.map((f, i) => `<item id="font-${i + 1}" href="fonts/${f.file}" media-type="font/woff2"/>`),
    ...images.filter((n) => n !== cover).map((n, i) => `<item id="image-${i + 1}" href="images/${n}" media-type="${mediaType(n)}"/>`),
  ];
  const spine = [
    ...(cover ? ['<itemref idref="cover"/>'] : []),
    '<itemref idref="title"/>',
    '<itemref idref="nav"/>',
    '<itemref idref="story"/>',
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${language.lang}" dir="${language.dir}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${bookUuid(origin, book.username)}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
<dc:creator>${escapeXml(book.authorName)}</dc:creator>
<dc:language>${language.lang}</dc:language>
<dc:date>${new Date(book.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z')}</dc:date>
<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine${language.dir === 'rtl' ? ' page-progression-direction="rtl"' : ''}>
${spine.join('\n')}
</spine>
</package>
`;
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

/** A file name for the download: the title's letters and digits, else the username. */
export function bookFileName(book: BookSource, ext: string): string {
  const base = book.title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || book.username}.${ext}`;
}

/** The EPUB as a stream of bytes; an image the store cannot give ends the stream with an error. */
export async function epubStream(deps: CoreDeps, book: BookSource, origin: string): Promise<Readable> {
  const known = await knownUploads(deps, book.bodyHtml);
  const story = await prepareStory(book.bodyHtml, {
    format: 'xhtml',
    origin,
    imageHref: (name) => (known.has(name) ? `images/${name}` : null),
    externalImages: 'describe',
    blockDirections: true,
  });
  const lang = storyLanguage(book.title, book.bodyHtml);
  const language: Language = { lang, dir: languageDirection(lang) };
  // The fixed words (contents, cover, colophon) are in the author's language (book-words.ts).
  const fixed: Language = { lang: book.locale, dir: 'ltr' };
  const words = bookWords(book.locale);
  // The banner is the cover only when the store still has it (a missing file is no reason to refuse the book).
  const cover = book.banner && (await deps.blobs.get(book.banner)) ? book.banner : null;
  const images = story.images;
  const mtime = new Date(book.updatedAt || deps.clock.now());
  const modified = mtime.toISOString().replace(/\.\d{3}Z$/, 'Z');

  const zip = new ZipFile();
  const opts = { mtime };
  zip.addBuffer(Buffer.from('application/epub+zip'), 'mimetype', { compress: false, mtime });
  zip.addBuffer(Buffer.from(CONTAINER), 'META-INF/container.xml', opts);
  zip.addBuffer(Buffer.from(packageDocument(book, origin, images, cover, modified, language)), 'EPUB/package.opf', opts);
  zip.addBuffer(Buffer.from(BOOK_CSS), 'EPUB/book.css', opts);
  if (cover) {
    zip.addBuffer(
      Buffer.from(
        xhtml(words.cover, `<section class="cover" epub:type="cover"><img src="images/${cover}" alt="${words.cover}"/></section>`, fixed),
      ),
      'EPUB/cover.xhtml',
      opts,
    );
  }
  zip.addBuffer(
    Buffer.from(
      xhtml(
        book.title,
        `<section class="title-page" epub:type="titlepage">
<h1 dir="auto">${escapeXml(book.title)}</h1>
<p class="author" dir="auto">${escapeXml(book.authorName)}</p>
<p class="colophon" lang="${fixed.lang}" xml:lang="${fixed.lang}" dir="ltr">${escapeXml(words.fontNotice)}</p>
</section>`,
        language,
      ),
    ),
    'EPUB/title.xhtml',
    opts,
  );
  zip.addBuffer(Buffer.from(navDocument(book.title, story.headings, language, book.locale)), 'EPUB/nav.xhtml', opts);
  // In pieces, like the photos: the story can be megabytes, and yazl checksums each piece synchronously.
  const storyFile = Buffer.from(xhtml(book.title, `<section epub:type="bodymatter chapter">\n${story.markup}\n</section>`, language));
  addLazy(zip, 'EPUB/story.xhtml', { mtime, compress: true }, () => inPieces(storyFile));
  for (const f of BOOK_FONTS) {
    // Already compressed: stored as they are.
    addLazy(zip, `EPUB/fonts/${f.file}`, { mtime, compress: false }, async () =>
      Readable.from([await (readBookFont(f.file) as Promise<Buffer>)]),
    );
  }
  for (const name of new Set([...(cover ? [cover] : []), ...images])) {
    addLazy(zip, `EPUB/images/${name}`, { mtime, compress: false }, async () => {
      const blob = await deps.blobs.get(name);
      if (!blob) throw new Error(`The picture ${name} is missing from the file store.`);
      return inPieces(blob.body);
    });
  }
  return zipReadable(zip);
}
