/**
 * Server-side sanitiser for story bodies (docs/architecture.md §3, docs/rest-contract.md).
 *
 * Two stages:
 * 1. `sanitize-html` with a strict allow-list does the security filtering: only the tags and
 *    attributes below survive, links are restricted to safe schemes and images to our own
 *    `/media/` uploads, every link gets `rel="noopener noreferrer nofollow"`, the content of
 *    script-like elements is dropped (`sanitize-allow-list`, URL checks in `safe-urls`).
 * 2. The result is re-parsed (htmlparser2) and rebuilt by a small tree builder that enforces a
 *    simple content model, then serialised canonically (dom-serializer, see `serializeNodes`;
 *    `normalize-block-structure`, `block-structure-builder`, `block-structure-model`):
 *    - loose top-level (and blockquote-level) text and inline elements are wrapped in `<p>`;
 *      blank lines in loose text start a new paragraph;
 *    - `<p>`/`<h1-6>`/`<pre>` and inline elements hold inline content only (a block inside them
 *      closes them; inline formatting is reopened inside the block, like browsers do);
 *    - `<li>` only inside `<ul>/<ol>` (a stray run of `<li>` gets a `<ul>`), table parts only in
 *      their table context (stray `<td>` etc. outside a table are unwrapped, keeping their text);
 *    - `<figure>` holds one image, then at most one `<figcaption>` of inline content; anything
 *      else in it is moved out after it, and a figure without an image or an empty caption goes
 *      (docs/decisions/0016-photos.md);
 *    - whitespace-only text between blocks is dropped;
 *    - images without an acceptable `src` are removed.
 *    The output therefore re-parses to the same tree with htmlparser2 (and, for this restricted
 *    content model, in browsers), which makes `sanitizeStoryHtml` idempotent and the page
 *    splitter stable.
 *
 * Absurdly deep input (an open-element stack deeper than 512 while parsing, which would make the
 * parser quadratic) is not parsed as markup: only its text is kept, as paragraphs.
 *
 * Allowed: h1-h6 p br hr blockquote ul ol[start] li strong b em i s del u sub sup code pre
 * a[href title rel] img[src alt width height] figure figcaption table thead tbody tfoot tr
 * th/td[colspan rowspan align]. Task-list checkboxes (`<input>`) are not kept.
 */
import type { ChildNode } from 'domhandler';
import { serializeNodes } from './html-text';
import { applyAllowList } from './sanitize-allow-list';
import { normalizeToNodes } from './normalize-block-structure';

export { LINK_REL } from './sanitize-allow-list';
export { safeImageSrc, safeLinkHref } from './safe-urls';

/**
 * Sanitises story HTML (see the module comment). Idempotent:
 * `sanitizeStoryHtml(sanitizeStoryHtml(x)) === sanitizeStoryHtml(x)`.
 * Non-string input gives ''.
 */
export function sanitizeStoryHtml(html: string): string {
  return serializeNodes(sanitizeStoryNodes(html));
}

/** The sanitised story as a tree (what `sanitizeStoryHtml` serialises), for the page splitter. */
export function sanitizeStoryNodes(html: string): ChildNode[] {
  if (typeof html !== 'string' || html === '') return [];
  return normalizeToNodes(applyAllowList(html).replace(CONTROLS, ''));
}

/**
 * C0 and C1 controls and DEL but tab and line breaks, raw or from references (`&#1;`): nothing a story shows,
 * and NUL bytes in stored text. Removed from stage 1's serialised output, where they can only be text or
 * attribute values (tag and attribute names are allow-listed), so removing them never makes markup.
 */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
