// The toolbar's actions, as Milkdown commands (and a few plain ProseMirror ones where a button toggles:
// pressing "Quote" inside a quote lifts the text out again, and so on).
import type { CmdKey, Editor } from '@milkdown/kit/core';
import { redoCommand, undoCommand } from '@milkdown/kit/plugin/history';
import {
  createCodeBlockCommand,
  insertHrCommand,
  liftListItemCommand,
  toggleEmphasisCommand,
  toggleInlineCodeCommand,
  toggleStrongCommand,
  wrapInBlockquoteCommand,
  wrapInBulletListCommand,
  wrapInHeadingCommand,
  wrapInOrderedListCommand,
} from '@milkdown/kit/preset/commonmark';
import { addColAfterCommand, addRowAfterCommand, insertTableCommand, toggleStrikethroughCommand } from '@milkdown/kit/preset/gfm';
import { lift } from '@milkdown/kit/prose/commands';
import type { Mark, MarkType } from '@milkdown/kit/prose/model';
import type { EditorState } from '@milkdown/kit/prose/state';
import { deleteTable } from '@milkdown/kit/prose/tables';
import type { EditorView } from '@milkdown/kit/prose/view';
import { callCommand } from '@milkdown/kit/utils';
import type { Formatting } from './formatting';
import { photoAt } from './photo-plugin';

export type BlockKind = 'paragraph' | 'h2' | 'h3';
export type MarkKind = 'strong' | 'emphasis' | 'strike' | 'code';
export type ListKind = 'bullet' | 'ordered';

// Milkdown sets a command's `key` when the editor loads the plugin, so keys are read at call time.
const MARK_COMMANDS = {
  strong: toggleStrongCommand,
  emphasis: toggleEmphasisCommand,
  strike: toggleStrikethroughCommand,
  code: toggleInlineCodeCommand,
} as const;

export class StoryCommands {
  constructor(
    private readonly editor: Editor,
    private readonly view: EditorView,
  ) {}

  /** Runs an action, then gives the text its focus back (the toolbar took it). */
  private run(action: () => unknown): void {
    action();
    this.view.focus();
  }

  private call<T>(key: CmdKey<T>, payload?: T): void {
    this.run(() => this.editor.action(callCommand(key, payload)));
  }

  /** H2/H3 toggle back to a paragraph when pressed again; a code block becomes a paragraph too. */
  block(kind: BlockKind, current: Formatting): void {
    const level = kind === 'paragraph' || kind === current.block ? 0 : kind === 'h2' ? 2 : 3;
    this.call(wrapInHeadingCommand.key, level);
  }

  mark(kind: MarkKind): void {
    this.call(MARK_COMMANDS[kind].key);
  }

  /** The same list again leaves the list; the other kind converts the innermost list in place. */
  list(kind: ListKind): void {
    const { state } = this.view;
    const listName = kind === 'bullet' ? 'bullet_list' : 'ordered_list';
    const { $from } = state.selection;
    for (let depth = $from.depth; depth > 0; depth--) {
      const node = $from.node(depth);
      if (node.type.name === listName) {
        this.call(liftListItemCommand.key);
        return;
      }
      if (node.type.name === 'bullet_list' || node.type.name === 'ordered_list') {
        const type = state.schema.nodes[listName]!;
        this.run(() =>
          this.view.dispatch(
            state.tr.setNodeMarkup($from.before(depth), type, { ...node.attrs, ...(kind === 'ordered' ? { order: 1 } : {}) }),
          ),
        );
        return;
      }
    }
    this.call(kind === 'bullet' ? wrapInBulletListCommand.key : wrapInOrderedListCommand.key);
  }

  quote(current: Formatting): void {
    if (current.quote) this.run(() => lift(this.view.state, this.view.dispatch));
    else this.call(wrapInBlockquoteCommand.key);
  }

  codeBlock(current: Formatting): void {
    if (current.block === 'code') this.call(wrapInHeadingCommand.key, 0);
    else this.call(createCodeBlockCommand.key);
  }

  /** Links the selection, or the link at the cursor; with nothing selected the address itself becomes the text. */
  setLink(href: string): void {
    this.run(() => {
      const { state } = this.view;
      const type = state.schema.marks.link!;
      const mark = type.create({ href });
      const range = this.linkRange(state, type) ?? (state.selection.empty ? null : state.selection);
      if (range) {
        this.view.dispatch(state.tr.removeMark(range.from, range.to, type).addMark(range.from, range.to, mark));
      } else {
        const text = href.replace(/^mailto:/i, '');
        this.view.dispatch(state.tr.replaceSelectionWith(state.schema.text(text, [mark]), false).removeStoredMark(type));
      }
    });
  }

  removeLink(): void {
    this.run(() => {
      const { state } = this.view;
      const type = state.schema.marks.link!;
      const range = this.linkRange(state, type) ?? state.selection;
      this.view.dispatch(state.tr.removeMark(range.from, range.to, type));
    });
  }

  /** The address of the link at the cursor, for the prompt's default answer. */
  currentHref(): string {
    const { state } = this.view;
    const type = state.schema.marks.link!;
    const marks = state.selection.empty ? state.selection.$from.marks() : [];
    const fromCursor = type.isInSet(marks);
    if (fromCursor) return String(fromCursor.attrs.href ?? '');
    let href = '';
    state.doc.nodesBetween(state.selection.from, state.selection.to, (node) => {
      const m = type.isInSet(node.marks);
      if (m && !href) href = String(m.attrs.href ?? '');
    });
    return href;
  }

  /** With an empty selection inside a link: the whole extent of that link (a run of text with the same mark). */
  private linkRange(state: EditorState, type: MarkType): { from: number; to: number } | null {
    const { $from, empty } = state.selection;
    if (!empty) return null;
    const start = $from.start();
    const runs: { from: number; to: number; mark: Mark }[] = [];
    $from.parent.forEach((child, offset) => {
      const mark = type.isInSet(child.marks);
      const last = runs[runs.length - 1];
      if (!mark) return;
      if (last && last.to === start + offset && last.mark.eq(mark)) last.to += child.nodeSize;
      else runs.push({ from: start + offset, to: start + offset + child.nodeSize, mark });
    });
    const run = runs.find((r) => r.from <= $from.pos && $from.pos <= r.to && (r.from < $from.pos || r.to > $from.pos));
    return run ? { from: run.from, to: run.to } : null;
  }

  /** Removes the selected photo (or the one whose caption holds the cursor). */
  removePhoto(): void {
    this.run(() => {
      const found = photoAt(this.view.state);
      if (found) this.view.dispatch(this.view.state.tr.delete(found.pos, found.pos + found.node.nodeSize).scrollIntoView());
    });
  }

  /** The photo around the selection, for the description dialog. */
  selectedPhoto(): { pos: number; src: string; alt: string } | null {
    const found = photoAt(this.view.state);
    return found ? { pos: found.pos, src: String(found.node.attrs.src), alt: String(found.node.attrs.alt) } : null;
  }

  table(): void {
    this.call(insertTableCommand.key, { row: 3, col: 3 });
  }

  addRow(): void {
    this.call(addRowAfterCommand.key);
  }

  addColumn(): void {
    this.call(addColAfterCommand.key);
  }

  deleteTable(): void {
    this.run(() => deleteTable(this.view.state, this.view.dispatch));
  }

  rule(): void {
    this.call(insertHrCommand.key);
  }

  undo(): void {
    this.call(undoCommand.key);
  }

  redo(): void {
    this.call(redoCommand.key);
  }
}
