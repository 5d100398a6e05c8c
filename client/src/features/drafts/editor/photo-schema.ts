// The photo in the story (issue #12): `<figure><img src="/media/<name>" alt width height><figcaption>…</figcaption>
// </figure>`, the shape agreed with the server (docs/decisions/0016-photos.md). Markdown has no figure, so like the
// HTML-only marks (html-only-marks.ts) the nodes are read from and written to HTML only; Markdown (the clipboard's
// plain text) gets the photo as an image and its caption as a paragraph.
// A `photo` holds exactly one `photo_caption` (maybe empty): the caption is edited in place, and block commands
// (heading, list, quote) cannot turn it into something else, since a figure may hold nothing but its caption.
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { $nodeSchema } from '@milkdown/kit/utils';
import { ownPhotoSrc, photoOfImg } from './photo-src';

export const PHOTO = 'photo';
export const PHOTO_CAPTION = 'photo_caption';

/**
 * The most photos one story may hold (the server refuses more on save and publish): PHOTOS_PER_STORY_MAX of
 * #contract/uploads, not imported because that module brings zod into the editor's chunk (photo-editor.test.ts
 * checks that the two agree).
 */
export const MAX_PHOTOS_PER_STORY = 200;

export const photoCaptionSchema = $nodeSchema(PHOTO_CAPTION, () => ({
  content: 'text*',
  defining: true,
  // Only inside a photo: a stray <figcaption> elsewhere is read as its text.
  parseDOM: [{ tag: 'figcaption', context: `${PHOTO}/` }],
  toDOM: () => ['figcaption', 0] as const,
  parseMarkdown: { match: () => false, runner: () => undefined },
  toMarkdown: {
    match: (node) => node.type.name === PHOTO_CAPTION,
    runner: (state, node) => {
      if (node.content.size === 0) return;
      state.openNode('paragraph');
      state.next(node.content);
      state.closeNode();
    },
  },
}));

export const photoSchema = $nodeSchema(PHOTO, () => ({
  group: 'block',
  content: PHOTO_CAPTION,
  // Backspace and lifting stop at its edges: the caption never merges into the paragraph above.
  isolating: true,
  defining: true,
  draggable: true,
  selectable: true,
  attrs: {
    src: { default: '', validate: 'string' },
    alt: { default: '', validate: 'string' },
    width: { default: null },
    height: { default: null },
  },
  parseDOM: [
    {
      tag: 'figure',
      getAttrs: (dom) => {
        const img = (dom as HTMLElement).querySelector('img');
        return (img && photoOfImg(img)) ?? false;
      },
      // Only the caption is content (the <img> is the node's attributes). A figure without a caption gets an
      // empty one, which toStoredHtml leaves out again.
      contentElement: (dom) => {
        const holder = dom.ownerDocument.createElement('div');
        const caption = dom.querySelector('figcaption');
        holder.append(caption ? caption.cloneNode(true) : dom.ownerDocument.createElement('figcaption'));
        return holder;
      },
    },
  ],
  // <figure><img …>{caption}</figure>: a content hole may not follow a sibling in an array spec, so built as DOM.
  toDOM: (node) => {
    const figure = document.createElement('figure');
    const img = document.createElement('img');
    for (const [name, value] of Object.entries(imgAttributes(node))) img.setAttribute(name, value);
    figure.append(img);
    return { dom: figure, contentDOM: figure };
  },
  parseMarkdown: { match: () => false, runner: () => undefined },
  toMarkdown: {
    match: (node) => node.type.name === PHOTO,
    runner: (state, node) => {
      state.openNode('paragraph');
      state.addNode('image', undefined, undefined, { url: node.attrs.src, alt: node.attrs.alt, title: null });
      state.closeNode();
      state.next(node.content);
    },
  },
}));

/** The stored <img>'s attributes, in the agreed order: src, alt (always, maybe empty), width, height. */
export function imgAttributes(node: ProseNode): Record<string, string> {
  const { src, alt, width, height } = node.attrs as { src: string; alt: string; width: number | null; height: number | null };
  return { src, alt, ...(width && height ? { width: String(width), height: String(height) } : {}) };
}

/** How many photos the document holds (figures, and the bare /media/ images of older stories). */
export function countPhotos(doc: ProseNode): number {
  let count = 0;
  doc.descendants((node) => {
    if (node.type.name === PHOTO) count++;
    else if (node.type.name === 'image' && ownPhotoSrc(node.attrs.src as string)) count++;
    return node.type.name !== PHOTO;
  });
  return count;
}
