/**
 * Stage 1 of the story sanitiser: the security filtering, done by `sanitize-html` with a strict
 * allow-list. Only the tags and attributes below survive, URLs must pass `safe-urls`, every link
 * gets our own `rel`, and the content of script-like elements is dropped.
 *
 * Absurdly deep input is not parsed as markup (that would take minutes, see MAX_PARSE_DEPTH):
 * only its text is kept, with blank lines at block boundaries so that paragraphs survive.
 */
import sanitizeHtml from 'sanitize-html';
import { Tokenizer } from 'htmlparser2';
import { isBlockTag } from './html-text';
import { safeImageSrc, safeLinkHref } from './safe-urls';

export const LINK_REL = 'noopener noreferrer nofollow';

// Most frequent first: sanitize-html looks tags up with indexOf, several times per event.
const ALLOWED_TAGS = [
  'p',
  'em',
  'strong',
  'a',
  'br',
  'li',
  'td',
  'tr',
  'code',
  'i',
  'b',
  'img',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'blockquote',
  's',
  'del',
  'u',
  'sub',
  'sup',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'th',
  'figure',
  'figcaption',
];

/** Disallowed elements whose whole content is dropped (not kept as text). */
const DROP_CONTENT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'title',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'param',
  'template',
  'svg',
  'math',
  'select',
  'datalist',
  'head',
  'plaintext',
  'canvas',
  'video',
  'audio',
  'picture',
  'map',
  'button',
  'form',
  'input',
  'listing',
  'base',
  'meta',
  'link',
];

/**
 * sanitize-html drops tags nested deeper than this (keeping their text). Stage 2 never nests
 * deeper than its MAX_OUTPUT_DEPTH (80), so sanitising our own output never cuts it.
 */
const SANITIZE_NESTING_LIMIT = 120;

/**
 * htmlparser2 (inside sanitize-html) costs O(depth) per tag, so absurdly deep input would take
 * minutes. Beyond this parser depth the input is treated as plain text instead (see textOnly).
 */
const MAX_PARSE_DEPTH = 512;

type Attribs = Record<string, string>;

/** A canonical integer in [min, max], or undefined (the attribute is then dropped). */
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

/** A checked URL attribute; undefined when absent or refused by `check`. */
function urlAttr(value: string | undefined, check: (url: string) => string | null): string | undefined {
  return value === undefined ? undefined : (check(value) ?? undefined);
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
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
  },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: [] },
  // protocol-relative links are fine for <a>; <img> sources are our own /media/ paths only (safeImageSrc)
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_CONTENT_TAGS,
  nestingLimit: SANITIZE_NESTING_LIMIT,
  allowVulnerableTags: false,
  parser: { decodeEntities: true },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Attribs = {};
      putIfDefined(out, 'href', urlAttr(attribs.href, safeLinkHref));
      if (attribs.title) out.title = attribs.title;
      out.rel = LINK_REL; // always ours; target is dropped
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Attribs = {};
      putIfDefined(out, 'src', urlAttr(attribs.src, safeImageSrc));
      out.alt = attribs.alt ?? ''; // always present: empty until the writer describes the photo
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

/** sanitize-html, aborting (TooDeep) as soon as the parser's open-element stack gets too deep. */
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

const VOID_TAGS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Fallback for pathologically nested input: its text only (entities decoded, then escaped),
 * with a blank line at every block-level tag so that paragraphs survive. Linear time.
 * The content of script-like elements is dropped, as by sanitize-html.
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
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => push(html.slice(start, end)),
      ontextentity: (codePoint) => push(String.fromCodePoint(codePoint)),
      onopentagname: (start, end) => tag(start, end, false),
      onclosetag: (start, end) => tag(start, end, true),
      onattribdata: noop,
      onattribentity: noop,
      onattribend: noop,
      onattribname: noop,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onopentagend: noop,
      onprocessinginstruction: noop,
      onselfclosingtag: noop,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return parts.join('');
}

/** Stage 1: the allow-listed HTML, or for too-deep input its escaped text (no tags at all). */
export function applyAllowList(html: string): string {
  try {
    return filterWithSanitizeHtml(html);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return textOnly(html);
  }
}
