// Where the caret starts when the editor opens: at the end of the text, so that a writer coming back to a restored
// draft goes on where they stopped instead of typing into the middle of it (docs/editor.md, "Opening").
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, Selection, TextSelection } from '@milkdown/kit/prose/state';
import { $prose } from '@milkdown/kit/utils';
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

/**
 * Focus that comes from the keyboard (Tab) or the page keeps the editor's own caret: a browser puts the caret at
 * the start of a focused text box, and the editor then took that for the writer's choice (at times, depending on
 * timing), so a restored draft was typed into at its first word. A click or a tap still puts the caret where it lands.
 */
export const keepCaretOnFocus = $prose(() => {
  let pointing = false;
  return new Plugin({
    props: {
      handleDOMEvents: {
        pointerdown: () => {
          pointing = true;
          return false;
        },
        focus: (view) => {
          // Before the browser's own caret is read back: the editor's is put in the page first.
          if (!pointing) view.focus();
          pointing = false;
          return false;
        },
        // A press in the text while it had focus is over by the time it is left.
        blur: () => {
          pointing = false;
          return false;
        },
      },
    },
  });
});
