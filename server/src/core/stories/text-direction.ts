/**
 * Story text lays out in its own direction (docs/stories-in-every-language.md): every block a reader sees gets
 * `dir="auto"`, so the browser (or the reading app) takes each block's direction from its first strong letter:
 * an Arabic or Hebrew paragraph reads right to left beside an English one, and a paragraph that starts in one
 * script and quotes another stays in the first's order.
 *
 * Which blocks: paragraphs, headings, list items, quotes, photo captions and table cells. A block directly inside
 * a list item or a quote gets none: `dir="auto"` skips the text of descendants that have a `dir` of their own, so
 * the item or quote would always resolve left to right, and its bullet or border (laid out in its direction) would
 * stand on the wrong side. The client's editor decorates its blocks by the same rule
 * (client/src/features/drafts/editor/text-direction.ts); the stored body is not changed, only pages and books.
 */
import { type ChildNode, type Element, isTag } from 'domhandler';

const OWN_DIRECTION = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'figcaption', 'td', 'th']);
/** Blocks whose direction their inner paragraphs and headings share. */
const SHARED_DIRECTION = new Set(['li', 'blockquote']);

/** What a block's direction adds to its serialised HTML. */
export const BLOCK_DIRECTION = ' dir="auto"';

/**
 * Gives every block of the tree its `dir="auto"` (see the module comment). In place; answers how many blocks it
 * marked (a save's size bound allows `BLOCK_DIRECTION` for each: format-story.ts).
 */
export function markBlockDirections(nodes: readonly ChildNode[], parent?: Element): number {
  let marked = 0;
  for (const node of nodes) {
    if (!isTag(node)) continue;
    const shares = parent !== undefined && SHARED_DIRECTION.has(parent.name) && node.name !== 'li' && node.name !== 'blockquote';
    if (OWN_DIRECTION.has(node.name) && !shares && node.attribs.dir !== 'auto') {
      node.attribs.dir = 'auto';
      marked++;
    }
    if (node.children.length > 0) marked += markBlockDirections(node.children, node);
  }
  return marked;
}
