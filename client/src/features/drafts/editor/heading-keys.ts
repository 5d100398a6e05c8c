// The heading keys, in place of the preset's: our stories have two heading levels (docs/editor.md, "Typing rules"),
// so Ctrl+Alt+2 and Ctrl+Alt+3 make them and no key makes another level; Backspace at the start of a heading first
// takes back a "## " just typed, else turns the heading into a paragraph (the preset stepped h2 down to h1).
import { setBlockType } from '@milkdown/kit/prose/commands';
import { undoInputRule } from '@milkdown/kit/prose/inputrules';
import { keymap } from '@milkdown/kit/prose/keymap';
import type { Command } from '@milkdown/kit/prose/state';
import { $prose } from '@milkdown/kit/utils';

const toHeading =
  (level: 2 | 3): Command =>
  (state, dispatch, view) =>
    setBlockType(state.schema.nodes.heading!, { level })(state, dispatch, view);

const headingToParagraph: Command = (state, dispatch, view) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.name !== 'heading' || $from.parentOffset !== 0) return false;
  return undoInputRule(state, dispatch, view) || setBlockType(state.schema.nodes.paragraph!)(state, dispatch, view);
};

export const headingKeys = $prose(() =>
  keymap({
    'Mod-Alt-2': toHeading(2),
    'Mod-Alt-3': toHeading(3),
    Backspace: headingToParagraph,
  }),
);
