// Every block of the text being written lays out in its own direction, as readers will see it
// (docs/stories-in-every-language.md): `dir="auto"` through decorations, so only the editor's view has it: the
// stored HTML (getHTML serialises the document, not the view) and the markdown stay the writer's text, and the server
// gives the published pages the same attributes (server/src/core/stories/text-direction.ts, the same rule).
import type { Node } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';
import { PHOTO_CAPTION } from './photo-schema';

const OWN_DIRECTION = new Set(['paragraph', 'heading', 'list_item', 'blockquote', 'table_cell', 'table_header', PHOTO_CAPTION]);
/**
 * Blocks whose inner paragraphs take theirs: `dir="auto"` skips the text of descendants with a `dir` of their own,
 * so with one on its paragraph an item (or a quote) would resolve left to right, its bullet (or border) on the left.
 */
const SHARED_DIRECTION = new Set(['list_item', 'blockquote', 'table_cell', 'table_header']);
const AUTO = { dir: 'auto' };

/** The decorations of a document: dir="auto" on each block that takes its own direction. */
export function directionDecorations(doc: Node): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos, parent) => {
    if (!node.isBlock) return false;
    const shares = parent !== null && SHARED_DIRECTION.has(parent.type.name) && !SHARED_DIRECTION.has(node.type.name);
    if (OWN_DIRECTION.has(node.type.name) && !shares) decorations.push(Decoration.node(pos, pos + node.nodeSize, AUTO));
    // A textblock's children are inline: nothing more to decorate inside it.
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

const key = new PluginKey<DecorationSet>('STORY_TEXT_DIRECTION');

/** Recomputed only when the document changes: one pass over its blocks, not over its text. */
export const textDirection = $prose(
  () =>
    new Plugin<DecorationSet>({
      key,
      state: {
        init: (_, state) => directionDecorations(state.doc),
        apply: (tr, set) => (tr.docChanged ? directionDecorations(tr.doc) : set),
      },
      props: { decorations: (state) => key.getState(state) },
    }),
);
