// HTML in and out of the editor. In: the stored body (already sanitised by the server) as a detached
// element for Milkdown's DOM parser. Out: the editor's HTML cleaned of its editing-only markup, so the
// stored story is the plain HTML readers get (tight lists, a real <thead>, no data-* attributes).
import { photoOfImg } from './photo-src';

/**
 * The stored story as a detached <body> (an inert document, so nothing in it loads or runs), adjusted to what
 * the editor's schema understands: stories from the old editor may use <s>/<strike> and header-less tables.
 */
export function storyDom(html: string): HTMLElement {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
  for (const old of body.querySelectorAll('s, strike')) renameElement(old, 'del');
  for (const table of body.querySelectorAll('table')) giveHeaderRow(table);
  for (const p of body.querySelectorAll('p')) photoParagraphToFigure(p);
  return body;
}

/**
 * Older stories hold a photo as a bare <img src="/media/…"> on its own line (in a paragraph of its own): the editor
 * shows it as a photo without a caption, and it is saved as a figure from then on.
 */
function photoParagraphToFigure(p: HTMLParagraphElement): void {
  const only = [...p.childNodes].filter((n) => !(n.nodeType === Node.TEXT_NODE && n.textContent?.trim() === ''));
  const img = only.length === 1 && only[0] instanceof Element && only[0].tagName === 'IMG' ? only[0] : null;
  if (!img || !photoOfImg(img)) return;
  const figure = p.ownerDocument.createElement('figure');
  figure.append(img);
  p.replaceWith(figure);
}

function renameElement(el: Element, tag: string): Element {
  const replacement = el.ownerDocument.createElement(tag);
  for (const name of el.getAttributeNames()) replacement.setAttribute(name, el.getAttribute(name)!);
  replacement.append(...el.childNodes);
  el.replaceWith(replacement);
  return replacement;
}

/**
 * The editor's tables start with a header row; without one its parser reshuffles the cells. A table whose
 * first row has no header cell gets that row as its header, which keeps every cell where it was.
 */
function giveHeaderRow(table: HTMLTableElement): void {
  const first = table.rows[0];
  if (!first || [...first.cells].some((c) => c.tagName === 'TH')) return;
  for (const cell of [...first.cells]) renameElement(cell, 'th');
}

const EDITOR_ATTRIBUTES = ['id', 'class', 'style', 'contenteditable', 'draggable'];

/** The editor's HTML as it should be stored; an editor holding one empty paragraph gives ''. */
export function toStoredHtml(editorHtml: string): string {
  const root = document.createElement('template');
  root.innerHTML = editorHtml;
  const body = root.content;

  for (const el of body.querySelectorAll('*')) {
    keepCellAlignment(el);
    dropEchoedImageTitle(el);
    for (const name of el.getAttributeNames()) {
      if (name.startsWith('data-') || EDITOR_ATTRIBUTES.includes(name)) el.removeAttribute(name);
    }
  }
  // A photo without a caption is stored without one (the editor always holds an empty caption to type into).
  for (const caption of body.querySelectorAll('figure > figcaption')) if (!caption.hasChildNodes()) caption.remove();
  // ProseMirror keeps a paragraph in every list item and cell; a lone one is just text to readers.
  for (const p of body.querySelectorAll('li > p:only-child, th > p:only-child, td > p:only-child')) p.replaceWith(...p.childNodes);
  for (const table of body.querySelectorAll('table')) moveHeaderRowToThead(table);
  // A table needs a body row in the editor, which may hold no cells at all: readers need no empty row.
  for (const row of body.querySelectorAll('tr:empty')) row.remove();
  for (const section of body.querySelectorAll('tbody:empty')) section.remove();

  const out = document.createElement('div');
  out.append(body);
  const html = out.innerHTML;
  return out.textContent?.trim() === '' && !out.querySelector('img, hr, table') ? '' : html;
}

/** Cells carry their alignment as an inline style in the editor; the stored HTML uses `align` (kept by the server). */
function keepCellAlignment(el: Element): void {
  if (el.tagName !== 'TD' && el.tagName !== 'TH') return;
  const align = (el as HTMLElement).style.textAlign;
  if (align === 'center' || align === 'right') el.setAttribute('align', align);
}

/** Milkdown gives an image without a title its alt text as title; storing that would grow a title on every save. */
function dropEchoedImageTitle(el: Element): void {
  if (el.tagName !== 'IMG') return;
  const title = el.getAttribute('title');
  if (title !== null && (title === '' || title === el.getAttribute('alt'))) el.removeAttribute('title');
}

/** The editor writes its header row inside <tbody>; readers (and the page splitter, which repeats it) want a <thead>. */
function moveHeaderRowToThead(table: HTMLTableElement): void {
  if (table.tHead) return;
  const first = table.rows[0];
  if (!first || first.cells.length === 0 || [...first.cells].some((c) => c.tagName !== 'TH')) return;
  const thead = table.createTHead();
  thead.append(first);
}
