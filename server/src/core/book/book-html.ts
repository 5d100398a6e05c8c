// The sanitized story body made ready for a book: top-level headings get ids (for the contents: a chapter its
// slug, the reader's own, docs/decisions/0029-chapters.md; another heading `heading-<n>`), our own images are
// found (to embed from the BlobStore), and what a book file cannot hold is adjusted. Serialized as XHTML for
// the EPUB (a real serializer, xmlMode) or as HTML for the print page (docs/decisions/0018-books-and-data-export.md).
import render from 'dom-serializer';
import { type AnyNode, type ChildNode, type Document, DomHandler, Element, isTag, isText, Text } from 'domhandler';
import { DomUtils, Parser, parseDocument } from 'htmlparser2';
import type { CoreDeps } from '../shared/core-deps';
import { findChapters } from '../stories/chapters';
import { markBlockDirections } from '../stories/text-direction';
import { xmlSafe } from '../shared/escape-xml';

export interface BookHeading {
  id: string;
  level: number;
  text: string;
}

export interface PreparedStory {
  headings: BookHeading[];
  /** Our uploads the story shows, in order of first use (bare file names). */
  images: string[];
  /** The body as XHTML (EPUB) or HTML (print page). */
  markup: string;
}

export interface PrepareOptions {
  format: 'xhtml' | 'html';
  /** Absolute origin for links that are paths on this site (a book file has no site around it). */
  origin: string;
  /** Where a book finds one of our images (e.g. `images/<name>`), or null to show its description instead. */
  imageHref: (name: string) => string | null;
  /** Images from other sites: kept (the print page may load them) or replaced by their description (EPUB: no network). */
  externalImages: 'keep' | 'describe';
  /** Each block its own direction (`dir="auto"`), as the reader's pages have it (core/stories/text-direction.ts). */
  blockDirections?: boolean;
}

/** Our upload's name in a story image address (`/media/<name>` or `/public/uploads/<name>`), else null. */
/**
 * Of our uploads the story's HTML names, those the uploads table and the file store still have: a photo lost since
 * is described instead of failing the whole book. Checked one at a time (a story holds few photos; the EPUB reads
 * each again when its zip reaches it).
 */
export async function knownUploads(deps: CoreDeps, bodyHtml: string): Promise<Set<string>> {
  const names = [...new Set(bodyHtml.match(/[a-f0-9]{32}\.(?:jpg|png)/g) ?? [])];
  if (names.length === 0) return new Set();
  const rows = await deps.db.selectFrom('uploads').select('name').where('name', 'in', names).execute();
  const known = new Set<string>();
  for (const { name } of rows) if (await deps.blobs.get(name)) known.add(name);
  return known;
}

export function ownImageName(src: string): string | null {
  const m = /^\/(?:public\/uploads|media)\/([a-f0-9]{32}\.(?:jpg|png))$/.exec(src);
  return m?.[1] ?? null;
}

/** Steps of the work between which other requests get the event loop: about this much time each. */
const SLICE_MS = 8;
/** Characters of HTML handed to the parser at a time. */
const PARSE_CHUNK = 64 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same as prepareStoryNow, in slices that give the event loop back every few milliseconds: a story can be
 * 5 MB, which takes ~0.3 s to parse, change and serialize (docs/decisions/0018-books-and-data-export.md).
 */
export async function prepareStory(bodyHtml: string, options: PrepareOptions): Promise<PreparedStory> {
  let since = performance.now();
  const maybeYield = async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
  const handler = new DomHandler();
  const parser = new Parser(handler, { decodeEntities: true });
  for (let at = 0; at < bodyHtml.length; at += PARSE_CHUNK) {
    parser.write(bodyHtml.slice(at, at + PARSE_CHUNK));
    await maybeYield();
  }
  parser.end();
  const doc = handler.root;
  const state: WalkState = { headings: [], images: [], options, chapters: chaptersOf(doc.children) };
  for (const node of [...doc.children]) {
    walk([node], state, true);
    if (options.blockDirections) markBlockDirections([node]);
    await maybeYield();
  }
  const parts: string[] = [];
  for (const node of doc.children) {
    parts.push(serialize(node, options.format));
    await maybeYield();
  }
  return { headings: state.headings, images: state.images, markup: parts.join('') };
}

/** All at once: for short HTML (a feed entry's first page, at most ~900 words). */
export function prepareStoryNow(bodyHtml: string, options: PrepareOptions): PreparedStory {
  const doc: Document = parseDocument(bodyHtml, { decodeEntities: true });
  const state: WalkState = { headings: [], images: [], options, chapters: chaptersOf(doc.children) };
  walk(doc.children, state, true);
  if (options.blockDirections) markBlockDirections(doc.children);
  return { headings: state.headings, images: state.images, markup: serialize(doc, options.format) };
}

function serialize(node: AnyNode, format: PrepareOptions['format']): string {
  return format === 'xhtml'
    ? render(node, { xmlMode: true, encodeEntities: 'utf8', selfClosingTags: true })
    : render(node, { encodeEntities: 'utf8' });
}

interface WalkState {
  headings: BookHeading[];
  images: string[];
  options: PrepareOptions;
  /** The story's chapters (the reader's, core/stories/chapters.ts) by their heading. */
  chapters: Map<Element, { title: string; slug: string }>;
}

function chaptersOf(nodes: ChildNode[]): WalkState['chapters'] {
  return new Map(findChapters(nodes).map(({ heading, title, slug }) => [heading, { title, slug }]));
}

/**
 * `top`: the nodes are the story's top-level blocks. The contents list the top-level headings: the chapters as the
 * reader lists them (same titles, ids and order), and the other levels; an h2 that is not a chapter is not listed,
 * nor a heading in a quote or a list.
 */
function walk(nodes: ChildNode[], state: WalkState, top = false): void {
  const { headings, images, options, chapters } = state;
  for (const node of [...nodes]) {
    if (isText(node)) {
      node.data = xmlSafe(node.data);
      continue;
    }
    if (!isTag(node)) continue;
    const level = top ? /^h([1-6])$/.exec(node.name)?.[1] : undefined;
    const chapter = chapters.get(node);
    if (chapter) {
      node.attribs.id = chapter.slug;
      headings.push({ id: chapter.slug, level: 2, text: xmlSafe(chapter.title) });
    } else if (level && level !== '2') {
      const text = DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
      if (text) {
        const id = `heading-${headings.length + 1}`;
        node.attribs.id = id;
        headings.push({ id, level: Number(level), text: xmlSafe(text) });
      }
    }
    if (node.name === 'img') {
      fixImage(node, options, images);
      continue;
    }
    if (node.name === 'a' && node.attribs.href?.startsWith('/') && !node.attribs.href.startsWith('//')) {
      node.attribs.href = options.origin + node.attribs.href;
    }
    if ((node.name === 'td' || node.name === 'th') && node.attribs.align) {
      // `align` is not HTML5 (an EPUB's XHTML is checked against it): the same as a style.
      node.attribs.style = `text-align: ${node.attribs.align}`;
      delete node.attribs.align;
    }
    walk(node.children, state);
  }
}

function fixImage(img: Element, options: PrepareOptions, images: string[]): void {
  const src = img.attribs.src ?? '';
  const own = ownImageName(src);
  const alt = img.attribs.alt ?? '';
  if (own) {
    const href = options.imageHref(own);
    if (href) {
      if (!images.includes(own)) images.push(own);
      img.attribs.src = href;
      img.attribs.alt = alt;
      return;
    }
  } else if (options.externalImages === 'keep' && /^https?:/i.test(src)) {
    img.attribs.alt = alt;
    return;
  }
  // No picture to show: its description, when it has one, stands in its place.
  const stand = new Element('span', { class: 'missing-picture' }, alt ? [new Text(`[Picture: ${xmlSafe(alt)}]`)] : []);
  DomUtils.replaceElement(img, stand);
}
