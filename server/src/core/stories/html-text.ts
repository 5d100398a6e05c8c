/**
 * Shared, pure helpers for story HTML: parsing, canonical serialisation, plain-text
 * extraction and word counting.
 *
 * The sanitiser and the page splitter both use these, so that
 * - sanitised HTML and page HTML are serialised the same way (re-splitting is stable), and
 * - "how many words does this HTML hold" has exactly one definition:
 *   the whitespace-separated tokens of {@link htmlToText}, where block boundaries,
 *   `<br>`, `<hr>` and `<img>` separate words and inline element boundaries do not
 *   (`foo<em>bar</em>` is one word). `&nbsp;` is whitespace.
 */
import { parseDocument } from 'htmlparser2';
import render from 'dom-serializer';
import { isTag, isText, type AnyNode, type ChildNode } from 'domhandler';

/** Block-level elements: their start and end separate words. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'hr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'menu',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'address',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dialog',
  'fieldset',
  'legend',
  'form',
  'hgroup',
  'center',
  'html',
  'body',
  'head',
  'title',
]);

/** Void elements that separate words without holding any (they count 0 words). */
const SEPARATOR_VOIDS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

/** Elements whose content is never story text (only relevant for unsanitised input). */
const NON_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript']);

export function isBlockTag(name: string): boolean {
  return BLOCK_TAGS.has(name);
}

/** Elements that count as a word separator: block elements plus br, hr and img. */
export function isSeparatorTag(name: string): boolean {
  return BLOCK_TAGS.has(name) || SEPARATOR_VOIDS.has(name);
}

export function isNonTextTag(name: string): boolean {
  return NON_TEXT_TAGS.has(name);
}

/** Parses an HTML fragment (htmlparser2, entities decoded) and returns its top-level nodes. */
export function parseFragment(html: string): ChildNode[] {
  return parseDocument(html).children;
}

const SERIALIZE_OPTIONS = { encodeEntities: 'utf8', emptyAttrs: true } as const;

/**
 * Canonical serialisation used for sanitised story HTML and for pages:
 * only `& < > "` and U+00A0 are escaped (UTF-8 otherwise), void elements have no
 * closing slash (`<br>`), every attribute has a quoted value (`alt=""`).
 */
export function serializeNodes(nodes: AnyNode | ArrayLike<AnyNode>): string {
  return render(nodes, SERIALIZE_OPTIONS);
}

/** Same as `/\s/` for one UTF-16 code unit (includes U+00A0 and the other Unicode spaces). */
export function isWhitespaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 5760 ||
    (c >= 8192 && c <= 8202) ||
    c === 8232 ||
    c === 8233 ||
    c === 8239 ||
    c === 8287 ||
    c === 12288 ||
    c === 65279
  );
}

/** Number of whitespace-separated tokens; `&nbsp;`/U+00A0 and other Unicode spaces separate. */
export function countWords(text: string): number {
  const counter = new WordCounter();
  counter.text(text);
  return counter.count;
}

/** Splits text into its words (same tokens as {@link countWords}). */
export function textWords(text: string): string[] {
  return text.match(/\S+/g) ?? [];
}

/** Streaming word counter over DOM nodes; same result as `countWords(htmlToText(...))`. */
export class WordCounter {
  count = 0;
  private inWord = false;

  text(data: string): void {
    let { count, inWord } = this;
    for (let i = 0; i < data.length; i++) {
      if (isWhitespaceCode(data.charCodeAt(i))) inWord = false;
      else if (!inWord) {
        inWord = true;
        count++;
      }
    }
    this.count = count;
    this.inWord = inWord;
  }

  separator(): void {
    this.inWord = false;
  }

  node(node: AnyNode): void {
    if (isText(node)) {
      this.text(node.data);
      return;
    }
    if (!isTag(node)) return; // comments, directives: no text
    const name = node.name;
    if (NON_TEXT_TAGS.has(name)) return;
    if (SEPARATOR_VOIDS.has(name)) {
      this.inWord = false;
      return;
    }
    const block = BLOCK_TAGS.has(name);
    if (block) this.inWord = false;
    const children = node.children;
    for (let i = 0; i < children.length; i++) this.node(children[i]!);
    if (block) this.inWord = false;
  }
}

/** Word count of a list of sibling nodes (as if they were one fragment). */
export function countNodeWords(nodes: ArrayLike<AnyNode>): number {
  const counter = new WordCounter();
  for (let i = 0; i < nodes.length; i++) counter.node(nodes[i]!);
  return counter.count;
}

function collectText(node: AnyNode, out: string[]): void {
  if (isText(node)) {
    out.push(node.data);
    return;
  }
  if (!isTag(node)) return;
  const name = node.name;
  if (NON_TEXT_TAGS.has(name)) return;
  if (name === 'img') {
    out.push(' ');
    return;
  }
  if (name === 'br' || name === 'hr') {
    out.push('\n');
    return;
  }
  const block = BLOCK_TAGS.has(name);
  if (block) out.push('\n');
  for (const child of node.children) collectText(child, out);
  if (block) out.push('\n');
}

/** Plain text of DOM nodes, with block boundaries, `<br>` and `<hr>` as newlines and `<img>` as a space. */
export function nodesToText(nodes: ArrayLike<AnyNode>): string {
  const out: string[] = [];
  for (let i = 0; i < nodes.length; i++) collectText(nodes[i]!, out);
  return out.join('');
}

/**
 * Plain text of an HTML fragment: entities decoded, block boundaries (p, li, td, ...),
 * `<br>` and `<hr>` become newlines, `<img>` a space; trailing spaces of lines are removed,
 * blank-line runs collapsed to one blank line and
 * the result is trimmed. Script/style content is not text.
 */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let blank = false;
  for (const line of nodesToText(parseFragment(html)).split('\n')) {
    const text = line.trimEnd();
    if (text.trim() === '') {
      blank = out.length > 0;
      continue;
    }
    if (blank) out.push('');
    out.push(text);
    blank = false;
  }
  return out.join('\n').trim();
}

/** Word count of an HTML fragment: `countWords(htmlToText(html))`. */
export function countHtmlWords(html: string): number {
  return countNodeWords(parseFragment(html));
}
