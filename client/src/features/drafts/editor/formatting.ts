// What the toolbar shows as "on" at the cursor (aria-pressed), read from the ProseMirror state.
import { redoDepth, undoDepth } from '@milkdown/kit/prose/history';
import type { MarkType } from '@milkdown/kit/prose/model';
import type { EditorState } from '@milkdown/kit/prose/state';
import { photoAt } from './photo-plugin';

export interface Formatting {
  /** The textblock at the cursor: 'h2', 'h3', another heading level, a paragraph or a code block. */
  block: 'paragraph' | 'h2' | 'h3' | 'heading' | 'code' | 'other';
  strong: boolean;
  emphasis: boolean;
  strike: boolean;
  code: boolean;
  link: boolean;
  bulletList: boolean;
  orderedList: boolean;
  quote: boolean;
  table: boolean;
  /** A photo is selected, or the cursor is in its caption. */
  photo: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export const NO_FORMATTING: Formatting = {
  block: 'paragraph',
  strong: false,
  emphasis: false,
  strike: false,
  code: false,
  link: false,
  bulletList: false,
  orderedList: false,
  quote: false,
  table: false,
  photo: false,
  canUndo: false,
  canRedo: false,
};

function markActive(state: EditorState, type: MarkType | undefined): boolean {
  if (!type) return false;
  const { from, to, empty, $from } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

export function formattingOf(state: EditorState): Formatting {
  const { marks } = state.schema;
  const { $from } = state.selection;
  const parent = $from.parent;
  const level = parent.type.name === 'heading' ? (parent.attrs.level as number) : 0;
  const block: Formatting['block'] =
    parent.type.name === 'paragraph'
      ? 'paragraph'
      : parent.type.name === 'code_block'
        ? 'code'
        : level === 2
          ? 'h2'
          : level === 3
            ? 'h3'
            : level
              ? 'heading'
              : 'other';

  // The innermost list decides which list button is on; a quote or table anywhere above counts.
  let list: 'bullet_list' | 'ordered_list' | null = null;
  let quote = false;
  let table = false;
  for (let depth = $from.depth; depth > 0; depth--) {
    const name = $from.node(depth).type.name;
    if (!list && (name === 'bullet_list' || name === 'ordered_list')) list = name;
    if (name === 'blockquote') quote = true;
    if (name === 'table') table = true;
  }

  return {
    block,
    strong: markActive(state, marks.strong),
    emphasis: markActive(state, marks.emphasis),
    strike: markActive(state, marks.strike_through),
    code: markActive(state, marks.inlineCode),
    link: markActive(state, marks.link),
    bulletList: list === 'bullet_list',
    orderedList: list === 'ordered_list',
    quote,
    table,
    photo: photoAt(state) !== null,
    canUndo: undoDepth(state) > 0,
    canRedo: redoDepth(state) > 0,
  };
}

export function sameFormatting(a: Formatting, b: Formatting): boolean {
  return (Object.keys(a) as (keyof Formatting)[]).every((k) => a[k] === b[k]);
}

/** True when the document is a single empty paragraph: the placeholder shows then. */
export function isEmptyDoc(state: EditorState): boolean {
  const { doc } = state;
  return doc.childCount === 1 && doc.firstChild!.type.name === 'paragraph' && doc.firstChild!.content.size === 0;
}
