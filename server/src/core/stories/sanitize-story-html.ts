/**
 * Server-side sanitiser for story bodies (DESIGN §4, rest-api §6/§8.5-6).
 *
 * Two stages:
 * 1. `sanitize-html` with a strict allow-list does the security filtering: only the tags and
 *    attributes below survive, URLs are restricted to safe schemes, every link gets
 *    `rel="noopener noreferrer nofollow"`, the content of script-like elements is dropped.
 * 2. The result is re-parsed (htmlparser2) and rebuilt by a small tree builder that enforces a
 *    simple content model, then serialised canonically (dom-serializer, see `serializeNodes`):
 *    - loose top-level (and blockquote-level) text and inline elements are wrapped in `<p>`;
 *      blank lines in loose text start a new paragraph;
 *    - `<p>`/`<h1-6>`/`<pre>` and inline elements hold inline content only (a block inside them
 *      closes them; inline formatting is reopened inside the block, like browsers do);
 *    - `<li>` only inside `<ul>/<ol>` (a stray run of `<li>` gets a `<ul>`), table parts only in
 *      their table context (stray `<td>` etc. outside a table are unwrapped, keeping their text);
 *    - whitespace-only text between blocks is dropped.
 *    - images without an acceptable `src` are removed.
 *    The output therefore re-parses to the same tree with htmlparser2 (and, for this restricted
 *    content model, in browsers), which makes `sanitizeStoryHtml` idempotent and the page
 *    splitter stable.
 *
 * Absurdly deep input (an open-element stack deeper than 512 while parsing, which would make the
 * parser quadratic) is not parsed as markup: only its text is kept, as paragraphs.
 *
 * Allowed: h1-h6 p br hr blockquote ul ol[start] li strong b em i s del u sub sup code pre
 * a[href title rel] img[src alt title width height] table thead tbody tfoot tr th/td[colspan
 * rowspan align]. Task-list checkboxes (`<input>`) are not kept.
 */
import sanitizeHtml from 'sanitize-html';
import { Parser, Tokenizer } from 'htmlparser2';
import { Element, Text, isTag, isText, type ChildNode } from 'domhandler';
import { isBlockTag, serializeNodes } from './html-text';

export const LINK_REL = 'noopener noreferrer nofollow';

// Most frequent first: sanitize-html looks tags up with indexOf, several times per event.
const ALLOWED_TAGS = [
  'p', 'em', 'strong', 'a', 'br', 'li', 'td', 'tr', 'code', 'i', 'b', 'img', 'ul', 'ol',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote', 's', 'del', 'u', 'sub', 'sup', 'pre',
  'table', 'thead', 'tbody', 'tfoot', 'th',
];

/** Disallowed elements whose whole content is dropped (not kept as text). */
const DROP_CONTENT_TAGS = [
  'script', 'style', 'textarea', 'option', 'xmp', 'title', 'noscript', 'noembed', 'noframes',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'template', 'svg', 'math',
  'select', 'datalist', 'head', 'plaintext', 'canvas', 'video', 'audio', 'picture', 'map',
  'button', 'form', 'input', 'listing', 'base', 'meta', 'link',
];

/** sanitize-html drops tags nested deeper than this (keeping their text). */
const SANITIZE_NESTING_LIMIT = 120;
/** The tree builder never nests deeper than this (so stage 1 never cuts its own output). */
const MAX_OUTPUT_DEPTH = 80;
/**
 * htmlparser2 (inside sanitize-html) costs O(depth) per tag, so absurdly deep input would take
 * minutes. Beyond this parser depth the input is treated as plain text instead (see below).
 */
const MAX_PARSE_DEPTH = 512;

// ---------------------------------------------------------------------------------------------
// URL checks (attribute values arrive entity-decoded from the parser)

/** Characters browsers strip or ignore inside URLs, used to smuggle schemes. */
// eslint-disable-next-line no-control-regex
const URL_INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]+/g;
// eslint-disable-next-line no-control-regex
const URL_TAB_NEWLINE = /[\t\n\r]+/g;
// eslint-disable-next-line no-control-regex
const URL_CONTROL = /[\u0000-\u001f\u007f]/;

/** Longest accepted URL; longer values (never legitimate links or sources) are dropped. */
const MAX_URL_LENGTH = 8192;

/** What a browser would use as the URL: tabs/newlines removed, edge spaces/controls trimmed. */
function browserUrl(value: string): string {
  const v = value.replace(URL_TAB_NEWLINE, '');
  let start = 0;
  let end = v.length;
  while (start < end && v.charCodeAt(start) <= 0x20) start++;
  while (end > start && v.charCodeAt(end - 1) <= 0x20) end--;
  return v.slice(start, end);
}

/** Common rejections: empty, too long, control characters, raw `<`, `>` or `"`. */
function unusableUrl(url: string): boolean {
  return url === '' || url.length > MAX_URL_LENGTH || URL_CONTROL.test(url) || /[<>"]/.test(url);
}

/** The scheme a browser might see, lower-cased, or null for a scheme-less (relative) URL. */
function urlScheme(value: string): string | null {
  const compact = value.replace(URL_INVISIBLE, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return m ? m[1]!.toLowerCase() : null;
}

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

/** Safe `<a href>` value or null: http(s), mailto, relative, protocol-relative. */
export function safeLinkHref(value: string): string | null {
  const url = browserUrl(value);
  if (unusableUrl(url)) return null;
  const scheme = urlScheme(url);
  if (scheme !== null && !LINK_SCHEMES.has(scheme)) return null;
  // A ':' before any '/', '?' or '#' that was not recognised as a scheme (e.g. "1:x",
  // ":x") is ambiguous; refuse it rather than guess how a browser resolves it.
  if (scheme === null) {
    const colon = url.indexOf(':');
    if (colon >= 0 && !/[/?#]/.test(url.slice(0, colon))) return null;
  }
  return url;
}

/** Safe `<img src>` value or null: absolute http(s) or `/public/uploads/...`, `/media/...`. */
export function safeImageSrc(value: string): string | null {
  const url = browserUrl(value);
  if (unusableUrl(url) || url.includes('\\')) return null;
  if (/^https?:\/\/[^/\\?#\s]/i.test(url)) return url;
  if (/^\/(?:public\/uploads|media)\/[^/]/.test(url)) {
    // no path traversal out of the media area, not even percent-encoded
    if (/(^|\/)\.\.?(\/|$)|%2e|%2f|%5c/i.test(url)) return null;
    return url;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Stage 1: sanitize-html

type Attribs = Record<string, string>;

function intAttr(value: string | undefined, min: number, max: number): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (!/^[+-]?\d{1,9}$/.test(v)) return undefined;
  const n = Number.parseInt(v, 10);
  return n >= min && n <= max ? String(n) : undefined;
}

function putIfDefined(target: Attribs, name: string, value: string | undefined): void {
  if (value !== undefined) target[name] = value;
}

const cellTransform = (tagName: string, attribs: Attribs) => {
  const out: Attribs = {};
  putIfDefined(out, 'colspan', intAttr(attribs.colspan, 1, 1000));
  putIfDefined(out, 'rowspan', intAttr(attribs.rowspan, 0, 65534));
  const align = attribs.align?.trim().toLowerCase();
  if (align === 'left' || align === 'center' || align === 'right') out.align = align;
  return { tagName, attribs: out };
};

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
  },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  // protocol-relative links are fine for <a>; <img> sources are checked by safeImageSrc
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_CONTENT_TAGS,
  nestingLimit: SANITIZE_NESTING_LIMIT,
  allowVulnerableTags: false,
  parser: { decodeEntities: true },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Attribs = {};
      putIfDefined(out, 'href', attribs.href === undefined ? undefined : (safeLinkHref(attribs.href) ?? undefined));
      if (attribs.title) out.title = attribs.title;
      out.rel = LINK_REL; // always ours; target is dropped
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Attribs = {};
      putIfDefined(out, 'src', attribs.src === undefined ? undefined : (safeImageSrc(attribs.src) ?? undefined));
      if (attribs.alt !== undefined) out.alt = attribs.alt;
      if (attribs.title) out.title = attribs.title;
      putIfDefined(out, 'width', intAttr(attribs.width, 0, 100000));
      putIfDefined(out, 'height', intAttr(attribs.height, 0, 100000));
      return { tagName, attribs: out };
    },
    ol: (tagName, attribs) => {
      const out: Attribs = {};
      putIfDefined(out, 'start', intAttr(attribs.start, -999999999, 999999999));
      return { tagName, attribs: out };
    },
    td: cellTransform,
    th: cellTransform,
  },
};

class TooDeep extends Error {}

/** Stage 1, aborting (TooDeep) as soon as the parser's open-element stack gets too deep. */
function filterWithSanitizeHtml(html: string): string {
  let depth = 0;
  return sanitizeHtml(html, {
    ...SANITIZE_OPTIONS,
    onOpenTag: () => {
      if (++depth > MAX_PARSE_DEPTH) throw new TooDeep();
    },
    onCloseTag: () => {
      depth--;
    },
  });
}

const VOID_TAGS = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img',
  'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Fallback for pathologically nested input: its text only (entities decoded, then escaped),
 * with a blank line at every block-level tag so that paragraphs survive. Linear time.
 * The content of script-like elements is dropped, as in stage 1.
 */
function textOnly(html: string): string {
  const parts: string[] = [];
  const dropContent = new Set(DROP_CONTENT_TAGS.filter((t) => !VOID_TAGS.has(t)));
  let skipping = 0;
  let skippedTag = '';
  const push = (text: string): void => {
    if (skipping === 0) parts.push(text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!));
  };
  const tag = (start: number, end: number, closing: boolean): void => {
    const name = html.slice(start, end).toLowerCase();
    if (skipping > 0) {
      if (name === skippedTag) skipping += closing ? -1 : 1;
      return;
    }
    if (!closing && dropContent.has(name)) {
      skipping = 1;
      skippedTag = name;
      return;
    }
    if (name === 'br') parts.push('\n');
    else if (isBlockTag(name) || name === 'div') parts.push('\n\n');
  };
  const noop = (): void => {};
  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    ontext: (start, end) => push(html.slice(start, end)),
    ontextentity: (codePoint) => push(String.fromCodePoint(codePoint)),
    onopentagname: (start, end) => tag(start, end, false),
    onclosetag: (start, end) => tag(start, end, true),
    onattribdata: noop, onattribentity: noop, onattribend: noop, onattribname: noop, oncdata: noop,
    oncomment: noop, ondeclaration: noop, onend: noop, onopentagend: noop, onprocessinginstruction: noop,
    onselfclosingtag: noop,
  });
  tokenizer.write(html);
  tokenizer.end();
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Stage 2: content-model tree builder

const enum Kind {
  Root,
  Blockquote,
  TextBlock, // p, h1-h6, pre: inline content only
  Inline,
  Li,
  Cell,
  List,
  Table,
  Section,
  Row,
}

/** What is about to be inserted. */
const enum Incoming {
  Phrasing, // text, inline elements, br, img
  Flow, // p, h*, pre, blockquote, ul, ol, table, hr
  Li,
  Section,
  Tr,
  Cell,
}

const INLINE_TAGS = new Set(['a', 'strong', 'b', 'em', 'i', 's', 'del', 'u', 'sub', 'sup', 'code']);
const TEXT_BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

function kindOf(name: string): Kind | null {
  if (INLINE_TAGS.has(name)) return Kind.Inline;
  if (TEXT_BLOCK_TAGS.has(name)) return Kind.TextBlock;
  switch (name) {
    case 'blockquote': return Kind.Blockquote;
    case 'li': return Kind.Li;
    case 'td': case 'th': return Kind.Cell;
    case 'ul': case 'ol': return Kind.List;
    case 'table': return Kind.Table;
    case 'thead': case 'tbody': case 'tfoot': return Kind.Section;
    case 'tr': return Kind.Row;
    default: return null;
  }
}

function incomingOf(kind: Kind): Incoming {
  switch (kind) {
    case Kind.Li: return Incoming.Li;
    case Kind.Cell: return Incoming.Cell;
    case Kind.Section: return Incoming.Section;
    case Kind.Row: return Incoming.Tr;
    case Kind.Inline: return Incoming.Phrasing;
    default: return Incoming.Flow;
  }
}

function accepts(kind: Kind, what: Incoming): boolean {
  switch (kind) {
    case Kind.Root:
    case Kind.Blockquote: return what === Incoming.Flow;
    case Kind.TextBlock:
    case Kind.Inline: return what === Incoming.Phrasing;
    case Kind.Li:
    case Kind.Cell: return what === Incoming.Phrasing || what === Incoming.Flow;
    case Kind.List: return what === Incoming.Li;
    case Kind.Table: return what === Incoming.Section || what === Incoming.Tr;
    case Kind.Section: return what === Incoming.Tr;
    case Kind.Row: return what === Incoming.Cell;
  }
}

/** The implicit wrapper to open inside an (explicit) `kind` for `what`, or null: unwrap. */
function wrapperFor(kind: Kind, what: Incoming): string | null {
  switch (kind) {
    case Kind.Root:
    case Kind.Blockquote:
      return what === Incoming.Phrasing ? 'p' : what === Incoming.Li ? 'ul' : null;
    case Kind.Li:
    case Kind.Cell:
      return what === Incoming.Li ? 'ul' : null;
    case Kind.List:
      return what === Incoming.Phrasing || what === Incoming.Flow ? 'li' : null;
    case Kind.Table:
    case Kind.Section:
      return what === Incoming.Section || what === Incoming.Tr ? null : 'tr';
    case Kind.Row:
      return what === Incoming.Section || what === Incoming.Tr ? null : 'td';
    default:
      return null;
  }
}

/** A start tag of the stage-1 output (identity matters: one object per element). */
interface SourceTag {
  name: string;
  attribs: Record<string, string>;
}

interface Frame {
  /** Output element; null for the root. */
  el: Element | null;
  /** Source element this frame copies (null for root and implicit wrappers). */
  src: SourceTag | null;
  kind: Kind;
  implicit: boolean;
}

const BLANK_LINES = /\n(?:[^\S\n]*\n)+/;
const ALL_WHITESPACE = /^\s*$/;

class TreeBuilder {
  readonly root: ChildNode[] = [];
  private readonly stack: Frame[] = [{ el: null, src: null, kind: Kind.Root, implicit: false }];
  /** Source inline elements currently entered (reopened lazily where content appears). */
  private readonly inlineSrc: SourceTag[] = [];
  /** Implicit paragraphs, trimmed/removed at the end. */
  readonly implicitParagraphs: Element[] = [];

  private top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private appendNode(node: ChildNode): void {
    const parent = this.top().el;
    node.parent = parent;
    if (parent === null) this.root.push(node);
    else parent.children.push(node);
  }

  private push(el: Element, src: SourceTag | null, kind: Kind, implicit: boolean): void {
    this.appendNode(el);
    this.stack.push({ el, src, kind, implicit });
    if (implicit && el.name === 'p') this.implicitParagraphs.push(el);
  }

  private popTo(length: number): void {
    if (this.stack.length > length) this.stack.length = Math.max(1, length);
  }

  /**
   * Makes the stack top accept `what`: closes what cannot hold it, opens implicit wrappers.
   * Returns false if `what` cannot be placed here (the element is then unwrapped).
   */
  private prepare(what: Incoming): boolean {
    if (!this.canPlace(what)) return false;
    // close what cannot hold it: inline elements and text blocks (for blocks), stale implicit wrappers
    for (;;) {
      const top = this.top();
      if (accepts(top.kind, what)) return true;
      if (top.kind === Kind.Inline || top.kind === Kind.TextBlock || (top.implicit && top.kind !== Kind.Root)) {
        this.stack.pop();
        continue;
      }
      break;
    }
    // open implicit wrappers until it fits
    for (;;) {
      const top = this.top();
      if (accepts(top.kind, what)) return true;
      const wrapper = wrapperFor(top.kind, what);
      if (wrapper === null || this.stack.length >= MAX_OUTPUT_DEPTH) return false;
      this.push(new Element(wrapper, {}), null, kindOf(wrapper)!, true);
    }
  }

  /** Whether prepare(what) would succeed (checked first, so that an unwrapped element closes nothing). */
  private canPlace(what: Incoming): boolean {
    let i = this.stack.length - 1;
    for (; i > 0; i--) {
      const f = this.stack[i]!;
      if (accepts(f.kind, what)) return true;
      if (!(f.kind === Kind.Inline || f.kind === Kind.TextBlock || f.implicit)) break;
    }
    let kind = this.stack[i]!.kind;
    for (let depth = i + 1; ; depth++) {
      if (accepts(kind, what)) return true;
      const wrapper = wrapperFor(kind, what);
      if (wrapper === null || depth >= MAX_OUTPUT_DEPTH) return false;
      kind = kindOf(wrapper)!;
    }
  }

  /** Reopens the entered inline elements (in order) on top of the current container. */
  private reopenInline(): void {
    let base = this.stack.length;
    while (base > 1 && this.stack[base - 1]!.kind === Kind.Inline) base--;
    let i = 0;
    while (base + i < this.stack.length && i < this.inlineSrc.length && this.stack[base + i]!.src === this.inlineSrc[i]) i++;
    this.popTo(base + i);
    for (; i < this.inlineSrc.length; i++) {
      if (this.stack.length >= MAX_OUTPUT_DEPTH) return;
      const src = this.inlineSrc[i]!;
      this.push(new Element(src.name, { ...src.attribs }), src, Kind.Inline, false);
    }
  }

  /** Prepares a place for phrasing content (at the depth limit it goes to the current top as is). */
  private preparePhrasing(): void {
    if (this.prepare(Incoming.Phrasing)) this.reopenInline();
  }

  private appendText(data: string): void {
    const parent = this.top().el;
    const siblings = parent === null ? this.root : parent.children;
    const last = siblings[siblings.length - 1];
    if (last !== undefined && isText(last)) last.data += data;
    else this.appendNode(new Text(data));
  }

  /** The nearest non-inline frame index. */
  private containerIndex(): number {
    let i = this.stack.length - 1;
    while (i > 0 && this.stack[i]!.kind === Kind.Inline) i--;
    return i;
  }

  text(data: string): void {
    if (data === '') return;
    if (ALL_WHITESPACE.test(data)) {
      const k = this.top().kind;
      if (k === Kind.Root || k === Kind.Blockquote || k === Kind.List || k === Kind.Table || k === Kind.Section || k === Kind.Row) {
        // formatting whitespace between blocks; also inside implicit wrappers of those
        return;
      }
    }
    this.preparePhrasing();
    const container = this.stack[this.containerIndex()]!;
    if (!(container.implicit && container.el?.name === 'p')) {
      this.appendText(data);
      return;
    }
    // loose text: blank lines separate paragraphs
    const parts = data.split(BLANK_LINES);
    this.appendText(parts[0]!);
    let open = true;
    for (let k = 1; k < parts.length; k++) {
      if (open) this.popTo(this.containerIndex()); // close the implicit paragraph (and inline copies in it)
      const part = parts[k]!;
      open = !ALL_WHITESPACE.test(part);
      if (!open) continue;
      this.preparePhrasing();
      this.appendText(part);
    }
  }

  voidInline(src: SourceTag): void {
    if (src.name === 'img' && !src.attribs.src) return; // no acceptable source: no image
    this.preparePhrasing();
    const el = new Element(src.name, { ...src.attribs });
    this.appendNode(el);
  }

  /** Returns true if the element was entered (must be left with leaveInline). */
  enterInline(src: SourceTag): boolean {
    if (src.name === 'a' && this.inlineSrc.some((e) => e.name === 'a')) return false; // no nested links
    if (this.inlineSrc.length >= MAX_OUTPUT_DEPTH) return false;
    this.inlineSrc.push(src);
    return true;
  }

  leaveInline(src: SourceTag): void {
    const i = this.inlineSrc.lastIndexOf(src);
    if (i >= 0) this.inlineSrc.splice(i, 1);
    for (let s = this.stack.length - 1; s > 0; s--) {
      const f = this.stack[s]!;
      if (f.src === src) {
        this.popTo(s);
        return;
      }
      if (f.kind !== Kind.Inline) return;
    }
  }

  /** Enters a block-level source element; returns the stack length to restore on leave, or -1 if unwrapped. */
  enterBlock(src: SourceTag, kind: Kind): number {
    if (!this.prepare(incomingOf(kind))) return -1;
    if (this.stack.length >= MAX_OUTPUT_DEPTH) return -1;
    const depth = this.stack.length;
    this.push(new Element(src.name, { ...src.attribs }), src, kind, false);
    return depth;
  }

  leaveBlock(depth: number): void {
    this.popTo(depth);
  }

  hr(src: SourceTag): void {
    if (!this.prepare(Incoming.Flow)) return;
    this.appendNode(new Element(src.name, { ...src.attribs }));
  }

  /** What to do when the element opened by `open` closes. */
  open(src: SourceTag): () => void {
    const name = src.name;
    if (name === 'br' || name === 'img') {
      this.voidInline(src);
      return NOTHING;
    }
    if (name === 'hr') {
      this.hr(src);
      return NOTHING;
    }
    const kind = kindOf(name);
    if (kind === Kind.Inline) return this.enterInline(src) ? () => this.leaveInline(src) : NOTHING;
    if (kind === null) return NOTHING; // unknown: keep the content only
    const depth = this.enterBlock(src, kind);
    return depth >= 0 ? () => this.leaveBlock(depth) : NOTHING;
  }
}

const NOTHING = (): void => {};

/** Feeds stage-1 output through htmlparser2 (streaming, no intermediate DOM) into the builder. */
function build(filtered: string): TreeBuilder {
  const builder = new TreeBuilder();
  const closers: Array<() => void> = [];
  let text = '';
  const flushText = (): void => {
    if (text !== '') builder.text(text);
    text = '';
  };
  const parser = new Parser({
    onopentag: (name, attribs) => {
      flushText();
      closers.push(builder.open({ name, attribs }));
    },
    onclosetag: () => {
      flushText();
      closers.pop()?.();
    },
    ontext: (data) => {
      text += data;
    },
    onend: flushText,
  });
  parser.write(filtered);
  parser.end();
  flushText();
  return builder;
}

/** Trims the edges of an implicit paragraph; removes it when nothing visible is left. */
function finishImplicitParagraph(p: Element, root: ChildNode[]): void {
  trimEdge(p, true);
  trimEdge(p, false);
  if (!hasVisibleContent(p)) {
    const siblings = p.parent ? (p.parent as Element).children : root;
    const i = siblings.indexOf(p);
    if (i >= 0) siblings.splice(i, 1);
  }
}

/** Removes leading (or trailing) whitespace text, pruning inline elements left empty. Returns true when content stops it. */
function trimEdge(el: Element, leading: boolean): boolean {
  const children = el.children;
  while (children.length > 0) {
    const i = leading ? 0 : children.length - 1;
    const child = children[i]!;
    if (isText(child)) {
      const trimmed = leading ? child.data.trimStart() : child.data.trimEnd();
      if (trimmed !== '') {
        child.data = trimmed;
        return true;
      }
      children.splice(i, 1);
      continue;
    }
    if (isTag(child) && INLINE_TAGS.has(child.name)) {
      if (trimEdge(child, leading)) return true;
      children.splice(i, 1); // became empty
      continue;
    }
    return true; // br, img: visible content
  }
  return false;
}

function hasVisibleContent(el: Element): boolean {
  for (const child of el.children) {
    if (isText(child)) {
      if (!ALL_WHITESPACE.test(child.data)) return true;
    } else if (isTag(child)) {
      if (child.name === 'img') return true;
      if (hasVisibleContent(child)) return true;
    }
  }
  return false;
}

/**
 * Sanitises story HTML (see the module comment). Idempotent:
 * `sanitizeStoryHtml(sanitizeStoryHtml(x)) === sanitizeStoryHtml(x)`.
 * Non-string input gives ''.
 */
export function sanitizeStoryHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  let filtered: string;
  try {
    filtered = filterWithSanitizeHtml(html);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    filtered = textOnly(html); // contains no tags at all
  }
  const builder = build(filtered);
  for (const p of builder.implicitParagraphs) finishImplicitParagraph(p, builder.root);
  return serializeNodes(builder.root);
}
