/**
 * Photos in story HTML (docs/decisions/0016-photos.md). The stored shape (story bodies, revisions, and drafts as
 * they are read back: a draft is stored as the editor sent it) is
 * `<figure><img src="/media/<name>" alt width height><figcaption>…</figcaption></figure>`, or a bare `<img>` of
 * older stories. Readers get pages in the reader shape: a `<picture>` with a WebP `<source>` and a JPEG `<img>`
 * listing the responsive sizes that exist, width/height against layout shift, lazy loading below the first
 * photo, and `data-full` for the lightbox.
 */
import { Element, isTag, type ChildNode } from 'domhandler';
import { mediaNameOf } from './safe-urls';

import type { PhotoInfo, PhotoMap } from '../../ports/story-formatter';

export type { PhotoInfo, PhotoMap };

/** The reader's column: `.story-text` is 68ch of 1.18rem Literata (~42.5rem); below 44rem it is the screen. */
export const PHOTO_SIZES_ATTR = '(max-width: 44rem) 100vw, 42rem';

/** The class of a reader's figure, for the client's styles and lightbox. */
export const READER_FIGURE_CLASS = 'story-photo';

/** Upload names an (unsanitised) body may refer to, for looking them up before formatting. At most `max`. */
export function mediaNamesIn(html: string, max = 1000): string[] {
  const names = new Set<string>();
  for (const m of html.matchAll(/\/(?:media|public\/uploads)\/([a-f0-9]{32}\.(?:jpg|png))/g)) {
    names.add(m[1]!);
    if (names.size >= max) break;
  }
  return [...names];
}

/** Images in a sanitised body (the canonical serialisation writes each as `<img `). */
export function countPhotos(sanitizedHtml: string): number {
  let n = 0;
  for (let i = sanitizedHtml.indexOf('<img '); i >= 0; i = sanitizedHtml.indexOf('<img ', i + 5)) n++;
  return n;
}

function forEachImage(
  nodes: readonly ChildNode[],
  visit: (img: Element, parent: Element | null) => void,
  parent: Element | null = null,
): void {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (node.name === 'img') visit(node, parent);
    else forEachImage(node.children, visit, node);
  }
}

/** Sets width/height of known uploads from the uploads table (the editor's values may be missing or wrong). */
export function fillPhotoDimensions(nodes: readonly ChildNode[], photos: PhotoMap): void {
  forEachImage(nodes, (img) => {
    const name = mediaNameOf(img.attribs.src ?? '');
    const info = name ? photos[name] : undefined;
    if (!info) return;
    const { src, alt } = img.attribs;
    img.attribs = { src: src!, alt: alt ?? '', width: String(info.width), height: String(info.height) };
  });
}

function srcsetOf(stem: string, info: PhotoInfo, format: 'webp' | 'jpg', original: string): string {
  const list = info.sizes.map((w) => `/media/${stem}-${w}.${format} ${w}w`);
  // A photo narrower than the largest size is offered whole as its own top candidate (any browser shows a
  // JPEG or PNG, even one listed in the WebP source), so wide screens do not get an upscaled smaller size.
  if (info.sizes.length < 3) list.push(`${original} ${info.width}w`);
  return list.join(', ');
}

/** The reader's `<picture>` (or a lone `<img>` when no sizes exist) for one stored `<img>`. */
function readerPicture(img: Element, photos: PhotoMap): Element {
  const src = img.attribs.src ?? '';
  const name = mediaNameOf(src);
  const info = name ? photos[name] : undefined;
  const width = info ? String(info.width) : img.attribs.width;
  const height = info ? String(info.height) : img.attribs.height;
  const attribs: Record<string, string> = { src };
  const children: Element[] = [];
  if (info && name && info.sizes.length > 0) {
    const stem = name.slice(0, 32);
    const fallback = info.sizes.includes(960) ? 960 : info.sizes[info.sizes.length - 1]!;
    attribs.src = `/media/${stem}-${fallback}.jpg`;
    attribs.srcset = srcsetOf(stem, info, 'jpg', src);
    attribs.sizes = PHOTO_SIZES_ATTR;
    children.push(new Element('source', { type: 'image/webp', srcset: srcsetOf(stem, info, 'webp', src), sizes: PHOTO_SIZES_ATTR }));
  }
  if (width !== undefined) attribs.width = width;
  if (height !== undefined) attribs.height = height;
  attribs.alt = img.attribs.alt ?? '';
  attribs.loading = 'lazy';
  attribs.decoding = 'async';
  attribs['data-full'] = src;
  const out = new Element('img', attribs);
  if (children.length === 0) return out;
  const picture = new Element('picture', {}, [...children, out]);
  for (const c of picture.children) c.parent = picture;
  return picture;
}

/** Turns the stored shape into the reader shape, in place (the tree is the pages' source, not the body's). */
export function toReaderShape(nodes: ChildNode[], photos: PhotoMap): void {
  const replace = (img: Element, parent: Element | null) => {
    const out = readerPicture(img, photos);
    const siblings = parent ? parent.children : nodes;
    const i = siblings.indexOf(img);
    siblings[i] = out;
    out.parent = parent;
    out.prev = img.prev;
    out.next = img.next;
    if (img.prev) img.prev.next = out;
    if (img.next) img.next.prev = out;
    if (parent?.name === 'figure') parent.attribs = { class: READER_FIGURE_CLASS };
  };
  const images: [Element, Element | null][] = [];
  forEachImage(nodes, (img, parent) => images.push([img, parent]));
  for (const [img, parent] of images) replace(img, parent);
}

/**
 * The first photo of page 1 is most likely on the first screen (and the largest paint): it loads at once, first.
 * Works on the page's serialisation, where `<` in text is escaped and no attribute value holds a raw `"`: so a
 * `<img ` followed by `name="value" ` pairs is always a real image tag, and the first one is the first photo.
 */
export function markFirstPhotoEager(pageHtml: string): string {
  return pageHtml.replace(/<img ((?:[a-z-]+="[^"]*" )*?)loading="lazy" /, '<img $1fetchpriority="high" ');
}
