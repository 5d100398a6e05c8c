// Where a photo goes for a position in the text: always between blocks, never inside a sentence, and only where
// the schema lets a figure be (not in a table cell or a heading: then after that block); and where the caret goes
// then: below it (docs/editor.md, "Photos").
import type { Node as ProseNode, NodeType } from '@milkdown/kit/prose/model';
import { TextSelection, type Transaction } from '@milkdown/kit/prose/state';

/**
 * The position between blocks nearest `pos` where a photo can be inserted. Inside a paragraph: before it when the
 * position is at its start or the paragraph is empty (the writer goes on typing below the photo), else after it.
 */
export function photoPlace(doc: ProseNode, pos: number, photo: NodeType): number {
  let $pos = doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
  let place = pos;
  if ($pos.parent.inlineContent) {
    const atStart = $pos.parentOffset === 0;
    place = atStart || $pos.parent.content.size === 0 ? $pos.before() : $pos.after();
    $pos = doc.resolve(place);
  }
  // Up out of anything that may not hold a figure here (a table cell, a list item's first line), to just after it.
  while ($pos.depth > 0 && !$pos.parent.canReplaceWith($pos.index(), $pos.index(), photo)) {
    place = $pos.after();
    $pos = doc.resolve(place);
  }
  return place;
}

/**
 * Puts the caret on the line just below `place` (where photos are going), so that what the writer types next lands
 * after the photo: in the empty paragraph already there, where it is when it is at the start of the line there, or
 * in a new empty paragraph.
 */
export function caretBelow(tr: Transaction, place: number): Transaction {
  const below = tr.doc.resolve(place).nodeAfter;
  const { selection } = tr;
  const stays = selection.empty && selection.from === place + 1;
  if (below?.type.name !== 'paragraph' || (below.content.size > 0 && !stays))
    tr.insert(place, tr.doc.type.schema.nodes.paragraph!.create());
  return tr.setSelection(TextSelection.create(tr.doc, place + 1));
}
