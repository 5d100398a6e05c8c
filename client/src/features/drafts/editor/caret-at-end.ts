// Where the caret starts when the editor opens: at the end of the text, so that a writer coming back to a restored
// draft goes on where they stopped instead of typing into the middle of it (docs/editor.md, "Opening").
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Selection, TextSelection } from '@milkdown/kit/prose/state';
import { PHOTO_CAPTION } from './photo-schema';

/** The end of the last line of text that is not a photo's caption; the document's end when there is none. */
export function endOfText(doc: ProseNode): Selection {
  let end: number | null = null;
  doc.descendants((node, pos) => {
    if (node.isTextblock && node.type.name !== PHOTO_CAPTION) end = pos + 1 + node.content.size;
    return !node.isTextblock;
  });
  return end === null ? Selection.atEnd(doc) : TextSelection.create(doc, end);
}
