// A document file as story HTML, with maintained converters only: mammoth for .docx, marked for Markdown
// (docs/decisions/0033-import-a-document.md). Runs on a worker thread (worker-pool-converter.ts). What the story
// cannot hold is reshaped here and counted for the report: footnotes go to the end under "Notes", tables become
// one paragraph a row, pictures stand alone in a figure. Safety is not decided here: the result goes through the
// story sanitizer, and the file was checked before it got here (core/document-import).
import render from 'dom-serializer';
import { type ChildNode, Element, type ParentNode, Text, isTag, isText } from 'domhandler';
import { append, appendChild, getElementsByTagName, prepend, removeElement, replaceElement, textContent } from 'domutils';
import { parseDocument, Tokenizer } from 'htmlparser2';
import mammoth from 'mammoth';
import { Marked } from 'marked';
import {
  type ConvertedDocument,
  type ConversionNotes,
  type DocumentImage,
  type DocumentSource,
  DOCUMENT_TOO_DEEP,
} from '../../ports/document-converter';

export async function convertDocument(source: DocumentSource): Promise<ConvertedDocument> {
  const images: DocumentImage[] = [];
  let html: string;
  if (source.kind === 'docx') {
    const result = await mammoth.convertToHtml(
      { path: source.path },
      {
        // Linked pictures (a path on the writer's computer) are never read: only what is inside the file.
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
        // Added to mammoth's own map (headings, lists, footnotes): Word's quote and title styles.
        styleMap: [
          "p[style-name='Quote'] => blockquote > p:fresh",
          "p[style-name='Intense Quote'] => blockquote > p:fresh",
          "p[style-name='Title'] => h1:fresh",
        ],
        convertImage: mammoth.images.imgElement(async (image) => {
          images.push({ contentType: image.contentType, bytes: new Uint8Array(await image.readAsBuffer()), alt: '' });
          return { src: `import-image:${images.length - 1}` };
        }),
      },
    );
    html = result.value;
  } else {
    const { kind, text } = source;
    // Quotes inside quotes a hundred deep: marked would recurse for each.
    if (kind === 'md' && /^(?:[ \t]*>){100}/m.test(text)) throw new Error(DOCUMENT_TOO_DEEP);
    if (kind === 'md') html = new Marked({ async: false, gfm: true }).parse(text) as string;
    else if (kind === 'html') html = text;
    else html = textToHtml(text);
  }
  return reshape(html, images);
}

/** Plain text: a blank line starts a paragraph, a single line break stays one. */
function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'td', 'th', 'body', 'div']);

/** Deeper than this, a document is refused: htmlparser2's stack search makes parsing it quadratic. */
const MAX_DEPTH = 512;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Whether the markup nests deeper than MAX_DEPTH, in one linear pass of the tokenizer. */
function tooDeep(html: string): boolean {
  let depth = 0;
  let deep = false;
  let name = '';
  const noop = () => undefined;
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname: (start, end) => {
        name = html.slice(start, end).toLowerCase();
      },
      onopentagend: () => {
        if (!VOID.has(name) && ++depth > MAX_DEPTH) deep = true;
      },
      onselfclosingtag: noop,
      onclosetag: (start, end) => {
        if (!VOID.has(html.slice(start, end).toLowerCase())) depth = Math.max(0, depth - 1);
      },
      onattribdata: noop,
      onattribentity: noop,
      onattribend: noop,
      onattribname: noop,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onprocessinginstruction: noop,
      ontext: noop,
      ontextentity: noop,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return deep;
}

function reshape(html: string, images: DocumentImage[]): ConvertedDocument {
  if (tooDeep(html)) throw new Error(DOCUMENT_TOO_DEEP);
  const doc = parseDocument(html);
  const notes: ConversionNotes = { footnotes: 0, tables: 0, linkedImages: 0 };

  // Footnotes and endnotes (mammoth: <li id="footnote-1"> in a list at the end, a "↑" link back in each).
  const noteItems = getElementsByTagName('li', doc.children, true).filter((li) => /^(footnote|endnote)-\d+$/.test(li.attribs.id ?? ''));
  notes.footnotes = noteItems.length;
  for (const a of getElementsByTagName('a', doc.children, true)) {
    const href = a.attribs.href ?? '';
    if (/^#(footnote|endnote)-ref-\d+$/.test(href)) removeElement(a);
    else if (/^#(footnote|endnote)-\d+$/.test(href)) replaceWith(a, a.children);
  }
  const noteList = noteItems[0]?.parent;
  if (noteList && isTag(noteList)) {
    const heading = new Element('h3', {}, [new Text('Notes')]);
    prepend(noteList, heading);
  }

  // Tables: one paragraph a row, its cells' text joined (the editor has no tables).
  for (const table of getElementsByTagName('table', doc.children, true).reverse()) {
    if (!table.parent) continue;
    notes.tables += 1;
    const rows = getElementsByTagName('tr', table.children, true).map((tr) =>
      tr.children
        .filter(isTag)
        .map((cell) => textContent(cell).replace(/\s+/g, ' ').trim())
        .filter((t) => t !== '')
        .join(' · '),
    );
    replaceWith(
      table,
      rows.filter((r) => r !== '').map((r) => new Element('p', {}, [new Text(r)])),
    );
  }

  // Pictures: ours stand alone in a figure after their block; one linked from elsewhere is left out (never fetched).
  for (const img of getElementsByTagName('img', doc.children, true)) {
    const src = img.attribs.src ?? '';
    const match = /^import-image:(\d+)$/.exec(src);
    if (!match) {
      notes.linkedImages += 1;
      removeElement(img);
      continue;
    }
    const image = images[Number(match[1])];
    if (image) image.alt = (img.attribs.alt ?? '').replace(/\s+/g, ' ').trim();
    const figure = new Element('figure', {}, [new Element('img', { src, alt: image?.alt ?? '' })]);
    let block: ParentNode | null = img.parent;
    while (block && isTag(block) && !BLOCKS.has(block.name)) block = block.parent;
    removeElement(img);
    if (block && isTag(block) && block.name !== 'body' && block.name !== 'div') append(block, figure);
    else appendChild(block ?? doc, figure);
  }
  // Paragraphs left empty by a picture moved out of them.
  for (const p of getElementsByTagName('p', doc.children, true)) {
    if (p.children.every((c) => isText(c) && c.data.trim() === '')) removeElement(p);
  }
  return { html: render(doc.children, { encodeEntities: 'utf8', emptyAttrs: true }), images, notes };
}

function replaceWith(node: ChildNode, replacements: ChildNode[]): void {
  const [first, ...rest] = replacements;
  if (!first) {
    removeElement(node);
    return;
  }
  replaceElement(node, first);
  let last = first;
  for (const r of rest) {
    append(last, r);
    last = r;
  }
}
