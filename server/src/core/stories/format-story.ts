import type { Chapter } from '../../contract/stories';
import { AppError } from '../../contract/errors';
import { TOO_COMPLEX, type FormattedStory } from '../../ports/story-formatter';
import { markChapters } from './chapters';
import { countNodeWords, serializeNodes } from './html-text';
import { fillPhotoDimensions, markFirstPhotoEager, toReaderShape, type PhotoMap } from './photo-html';
import { sanitizeStoryNodes } from './sanitize-story-html';
import { DEFAULT_WORDS_PER_PAGE, splitNodesIntoPages } from './split-into-pages';
import { BLOCK_DIRECTION, markBlockDirections } from './text-direction';

/** Words per page (docs/architecture.md §3): the splitter's own default. */
export const WORDS_PER_PAGE = DEFAULT_WORDS_PER_PAGE;

/**
 * What a save may store for an input of `inputLength` characters: the body and its pages together at most
 * twice the input plus 1 MiB, the blocks' directions apart. Sanitising adds wrappers (a `<p>` around loose text, a
 * link's `rel`) and the splitter reopens elements at page cuts, but nothing may multiply the input
 * (docs/performance.md). Each block of the pages carries `dir="auto"` (text-direction.ts): a few bytes per block,
 * which a story of many tiny paragraphs at the largest size would otherwise be refused for; they are counted apart.
 */
export function storedLengthAllowed(inputLength: number, blockDirections = 0): number {
  return 2 * inputLength + 1024 * 1024 + blockDirections * BLOCK_DIRECTION.length;
}

/**
 * Sanitises a story body and splits it into pages (`splitIntoPages(sanitizeStoryHtml(html))`, without
 * parsing the sanitised body again); refuses input whose stored form would outgrow it. Photos (`photos`: what
 * the uploads table knows of the ones the body names) get their width and height in the body, and the pages
 * get the reader's shape with responsive sizes (photo-html.ts, docs/decisions/0016-photos.md) and each block its
 * own direction (`dir="auto"`, text-direction.ts). Chapter headings get
 * their ids in the pages only, and the chapters come back with the page each starts on (chapters.ts,
 * docs/decisions/0029-chapters.md): the body stays the writer's text, which the editor reads back.
 */
export function formatStory(html: string, photos: PhotoMap = {}, wordsPerPage = WORDS_PER_PAGE): FormattedStory {
  const nodes = sanitizeStoryNodes(html);
  fillPhotoDimensions(nodes, photos);
  const body = serializeNodes(nodes);
  const wordCount = countNodeWords(nodes); // before splitting, which may move nodes into pages
  let pages = [''];
  let chapters: Chapter[] = [];
  let directions = 0;
  if (body.trim() !== '') {
    toReaderShape(nodes, photos); // the body is serialised: the tree now only feeds the pages
    directions = markBlockDirections(nodes); // pages only, as the reader's shape: the body stays the writer's (text-direction.ts)
    ({ pages, chapters } = markChapters(nodes, () => splitNodesIntoPages(nodes, wordsPerPage)));
    pages[0] = markFirstPhotoEager(pages[0]!);
  }
  let stored = body.length;
  for (const page of pages) stored += page.length;
  if (stored > storedLengthAllowed(html.length, directions)) throw new AppError('UNPROCESSABLE', TOO_COMPLEX, { text: TOO_COMPLEX });
  return { body, pages, word_count: wordCount, chapters };
}

/**
 * A draft's body as `formatStory` would store it, without pages and never refused: a draft is read back to its
 * author, and whatever autosave accepted must always come back (docs/decisions/0012-drafts-revisions-and-versions.md).
 * Its size stays bounded without the backstop: the builder never multiplies the input (ADR 0010).
 */
export function formatDraftBody(html: string, photos: PhotoMap = {}): string {
  const nodes = sanitizeStoryNodes(html);
  fillPhotoDimensions(nodes, photos);
  return serializeNodes(nodes);
}
