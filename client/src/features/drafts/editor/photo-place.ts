// Where a photo goes for a position in the text: always between blocks, never inside a sentence, and only where
// the schema lets a figure be (not in a table cell or a heading: then after that block); and where the caret goes
// then: below it (docs/editor.md, "Photos").
import type { Node as ProseNode, NodeType } from '@milkdown/kit/prose/model';
import { TextSelection, type Transaction } from '@milkdown/kit/prose/state';

/** Where photos go for a position: `place` between blocks, and whether that is just after a block (see below). */
export interface PhotoSpot {
  place: number;
  /**
   * True when the photos go just after a block (the line the position is in, or what holds it): right below it,
   * above photos still uploading at that place, as they would go above those photos once in. False when they go
   * just before a line (the position at its start, or an empty line): right above it, below photos waiting there.
   */
  afterBlock: boolean;
}

/**
 * The position between blocks nearest `pos` where a photo can be inserted. Inside a paragraph: before it when the
 * position is at its start or the paragraph is empty (the writer goes on typing below the photo), else after it.
 */
export function photoSpot(doc: ProseNode, pos: number, photo: NodeType): PhotoSpot {
  let $pos = doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
  let place = pos;
  let afterBlock = false;
  if ($pos.parent.inlineContent) {
    const atStart = $pos.parentOffset === 0;
    afterBlock = !(atStart || $pos.parent.content.size === 0);
    place = afterBlock ? $pos.after() : $pos.before();
    $pos = doc.resolve(place);
  }
  // Up out of anything that may not hold a figure here (a table cell, a list item's first line), to just after it.
  while ($pos.depth > 0 && !$pos.parent.canReplaceWith($pos.index(), $pos.index(), photo)) {
    place = $pos.after();
    afterBlock = true;
    $pos = doc.resolve(place);
  }
  return { place, afterBlock };
}

export function photoPlace(doc: ProseNode, pos: number, photo: NodeType): number {
  return photoSpot(doc, pos, photo).place;
}

/**
 * Puts the caret on the line just below `place` (where photos are going), so that what the writer types next lands
 * after the photo: in the empty paragraph already there, where it is when it is at the start of the line there, or
 * in a new empty paragraph. Always a new one when `photosBelow` (the new photos go above photos still uploading at
 * `place`: the line below the place is below those, not below the new photos).
 */
export function caretBelow(tr: Transaction, place: number, photosBelow = false): Transaction {
  const below = tr.doc.resolve(place).nodeAfter;
  const { selection } = tr;
  const stays = selection.empty && selection.from === place + 1;
  if (photosBelow || below?.type.name !== 'paragraph' || (below.content.size > 0 && !stays))
    tr.insert(place, tr.doc.type.schema.nodes.paragraph!.create());
  return tr.setSelection(TextSelection.create(tr.doc, place + 1));
}
