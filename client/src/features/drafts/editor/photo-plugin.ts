// The editor's side of photos: placeholders where uploads will land (widget decorations, so they are never part of
// the saved text nor of undo, and they move with the text as the writer keeps typing), the keys and clicks of a
// photo (Enter leaves the caption, Backspace at its start selects the photo, a click on the picture selects it),
// and a guard that keeps pictures from other sites out of the text (docs/decisions/0016-photos.md).
import { keymap } from '@milkdown/kit/prose/keymap';
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { type EditorState, NodeSelection, Plugin, PluginKey, TextSelection, type Transaction } from '@milkdown/kit/prose/state';
import { ReplaceAroundStep, ReplaceStep } from '@milkdown/kit/prose/transform';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { PHOTO, PHOTO_CAPTION } from './photo-schema';
import { ownPhotoSrc } from './photo-src';

interface Placeholder {
  id: string;
  pos: number;
  element: HTMLElement;
}

/** The placeholders in the order they are shown (by place; at one place, top first), and their widgets. */
interface PlaceholderState {
  list: Placeholder[];
  set: DecorationSet;
}

/**
 * `add`: new placeholders, all at one place; `first` puts them above those already waiting there (photos going
 * right below a line: photo-place.ts, `afterBlock`), else they go below them. `remove`: one placeholder ends (its
 * photo landing in its place, or Remove).
 */
type PlaceholderMeta = { add: Placeholder[]; first: boolean } | { remove: string };

export const photoPlaceholderKey = new PluginKey<PlaceholderState>('STORY_PHOTO_PLACEHOLDERS');

/**
 * Adds a placeholder (its element drawn by the caller) at a position between blocks: above the placeholders already
 * waiting there when `first`, else below them.
 */
export function addPlaceholder(tr: Transaction, id: string, pos: number, element: HTMLElement, first: boolean): Transaction {
  // Several may be added by one transaction (several files at once): one meta holds them all, in order.
  const earlier = tr.getMeta(photoPlaceholderKey) as PlaceholderMeta | undefined;
  const add = earlier && 'add' in earlier ? earlier.add : [];
  return tr.setMeta(photoPlaceholderKey, { add: [...add, { id, pos, element }], first } satisfies PlaceholderMeta);
}

export function removePlaceholder(tr: Transaction, id: string): Transaction {
  return tr.setMeta(photoPlaceholderKey, { remove: id } satisfies PlaceholderMeta);
}

/** Where the placeholder is now, or null when the text around it was deleted (and it with it). */
export function placeholderPos(state: EditorState, id: string): number | null {
  return photoPlaceholderKey.getState(state)?.list.find((p) => p.id === id)?.pos ?? null;
}

/** The placeholders' ids in the order they are shown, top first. */
export function placeholderIds(state: EditorState): string[] {
  return photoPlaceholderKey.getState(state)?.list.map((p) => p.id) ?? [];
}

/** Whether a placeholder waits at this position between blocks. */
export function placeholderAt(state: EditorState, pos: number): boolean {
  return photoPlaceholderKey.getState(state)?.list.some((p) => p.pos === pos) ?? false;
}

// At one place, widgets are drawn in the order of their `side`: the list's.
const widget = ({ id, pos, element }: Placeholder, index: number) =>
  Decoration.widget(pos, element, { key: id, side: 1 + index, ignoreSelection: true, stopEvent: () => true });

/**
 * A placeholder stays after what is inserted at its place (another photo landing there), unless that moves it inside
 * a block that cannot hold a photo (the line below it made a list item): then it stays before.
 */
function placeholderPlace(doc: ProseNode, after: number, before: number): number {
  const $after = doc.resolve(after);
  const photo = doc.type.schema.nodes[PHOTO]!;
  return $after.parent.canReplaceWith($after.index(), $after.index(), photo) ? after : before;
}

/**
 * Which placeholders stay above what the transaction inserts at their place (the others go below it):
 * - new photos added below those waiting at their place: the line made for the caret below the new ones goes
 *   below all of them, so that photos stay in the order they were added; added above them (`first`): the line goes
 *   between the new ones and those, which go below it;
 * - a photo landing: those shown above its placeholder stay above the photo, those below it go below;
 * - anything else (typing): below what is inserted.
 */
function staysAbove(prev: readonly Placeholder[], meta: PlaceholderMeta | undefined): (p: Placeholder) => boolean {
  if (meta && 'add' in meta) return () => !meta.first;
  if (meta && 'remove' in meta) {
    const landing = prev.findIndex((p) => p.id === meta.remove);
    return (p) => prev.indexOf(p) < landing;
  }
  return () => false;
}

const byPlace = (list: Placeholder[]) => list.sort((a, b) => a.pos - b.pos);

/**
 * The positions are mapped here rather than by the widgets: a widget is dropped when the block just after it is
 * changed (made a heading or a list: its opening is replaced), which lost the photo of a writer who typed "## " on
 * the line below an uploading photo (issue #26). A placeholder goes only when text on both sides of it is deleted.
 * Where several wait at one place, the list keeps the order they are shown in (a stable sort by place).
 */
export const photoPlaceholders = new Plugin<PlaceholderState>({
  key: photoPlaceholderKey,
  state: {
    init: () => ({ list: [], set: DecorationSet.empty }),
    apply(tr, prev) {
      let list = prev.list;
      const meta = tr.getMeta(photoPlaceholderKey) as PlaceholderMeta | undefined;
      if (tr.docChanged && list.length > 0) {
        const above = staysAbove(prev.list, meta);
        list = byPlace(
          list.flatMap((p) => {
            const mapped = tr.mapping.mapResult(p.pos, above(p) ? -1 : 1);
            return mapped.deletedAcross ? [] : [{ ...p, pos: placeholderPlace(tr.doc, mapped.pos, tr.mapping.map(p.pos, -1)) }];
          }),
        );
      }
      if (meta && 'add' in meta) list = byPlace(meta.first ? [...meta.add, ...list] : [...list, ...meta.add]);
      else if (meta && 'remove' in meta) list = list.filter((p) => p.id !== meta.remove);
      if (list === prev.list) return prev;
      return { list, set: DecorationSet.create(tr.doc, list.map(widget)) };
    },
  },
  props: {
    decorations: (state) => photoPlaceholderKey.getState(state)?.set,
  },
});

/** The photo around the selection: the selected photo, or the one whose caption holds the cursor. */
export function photoAt(state: EditorState): { pos: number; node: ProseNode } | null {
  const { selection } = state;
  if (selection instanceof NodeSelection && selection.node.type.name === PHOTO) return { pos: selection.from, node: selection.node };
  const { $from } = selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name === PHOTO) return { pos: $from.before(depth), node };
  }
  return null;
}

export const photoKeys = keymap({
  // A caption is one line: Enter goes on below the photo, in a new paragraph.
  Enter: (state, dispatch) => {
    const { $from, empty } = state.selection;
    if ($from.parent.type.name !== PHOTO_CAPTION) return false;
    if (dispatch) {
      const after = $from.after($from.depth - 1);
      const paragraph = state.schema.nodes.paragraph!.create();
      const tr = empty ? state.tr : state.tr.deleteSelection();
      const at = tr.mapping.map(after);
      tr.insert(at, paragraph).setSelection(TextSelection.create(tr.doc, at + 1));
      dispatch(tr.scrollIntoView());
    }
    return true;
  },
  // Backspace at the start of a caption selects the photo (a second one removes it) instead of doing nothing.
  Backspace: (state, dispatch) => {
    const { $from, empty } = state.selection;
    if (!empty || $from.parent.type.name !== PHOTO_CAPTION || $from.parentOffset > 0) return false;
    dispatch?.(state.tr.setSelection(NodeSelection.create(state.doc, $from.before($from.depth - 1))));
    return true;
  },
});

export const photoClicks = new Plugin({
  props: {
    handleClickOn: (view, _pos, node, nodePos, event) => {
      if (node.type.name !== PHOTO || !(event.target instanceof HTMLImageElement)) return false;
      view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
      return true;
    },
  },
});

/** True when a step brings in an image from another site (pasted HTML or Markdown, dropped HTML). */
function bringsForeignImage(tr: Transaction): boolean {
  return tr.steps.some((step) => {
    if (!(step instanceof ReplaceStep || step instanceof ReplaceAroundStep)) return false;
    let found = false;
    step.slice.content.descendants((node) => {
      if (node.type.name === 'image' && !ownPhotoSrc(node.attrs.src as string)) found = true;
      return !found;
    });
    return found;
  });
}

/** Removes images from other sites the moment they come in; `onDropped` tells the writer why they went. */
export function foreignImageGuard(onDropped: (count: number) => void): Plugin {
  return new Plugin({
    appendTransaction: (transactions, _old, state) => {
      if (!transactions.some((tr) => tr.docChanged && bringsForeignImage(tr))) return null;
      const found: { from: number; to: number }[] = [];
      state.doc.descendants((node, pos) => {
        if (node.type.name === 'image' && !ownPhotoSrc(node.attrs.src as string)) found.push({ from: pos, to: pos + node.nodeSize });
      });
      if (found.length === 0) return null;
      const tr = state.tr;
      for (const range of found.reverse()) tr.delete(range.from, range.to);
      onDropped(found.length);
      return tr;
    },
  });
}
