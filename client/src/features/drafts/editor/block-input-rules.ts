// The Markdown shortcuts that change a block ("## " for a heading, "- " for a list, "> " for a quote, …), in place of
// the preset's: they act only on an empty line, so text a writer already has is never turned into something else
// behind their back, and "## " never stacks heading levels. The rules and why: docs/editor.md, "Typing rules".
import { InputRule } from '@milkdown/kit/prose/inputrules';
import type { Attrs, NodeType } from '@milkdown/kit/prose/model';
import type { EditorState, Transaction } from '@milkdown/kit/prose/state';
import { canJoin, findWrapping } from '@milkdown/kit/prose/transform';
import { $inputRule } from '@milkdown/kit/utils';

/** Our stories have two heading levels: "#" and "##" make a heading (h2), "###" and more a subheading (h3). */
export function headingLevelFor(hashes: number): 2 | 3 {
  return hashes <= 2 ? 2 : 3;
}

type Change = (state: EditorState, match: RegExpMatchArray, start: number, end: number) => Transaction | null;

/**
 * A rule that fires only when the marker is all the line holds (a paragraph, or for headings also a heading, with
 * nothing before or after the marker) and the line is not in a list: anywhere else the characters stay as typed.
 */
function onEmptyLine(match: RegExp, blocks: readonly string[], change: Change): InputRule {
  return new InputRule(match, (state, m, start, end) => {
    const $start = state.doc.resolve(start);
    const line = $start.parent;
    if (!blocks.includes(line.type.name) || $start.parentOffset !== 0 || line.content.size !== end - start) return null;
    for (let depth = $start.depth - 1; depth > 0; depth--) if ($start.node(depth).type.name === 'list_item') return null;
    return change(state, m, start, end);
  });
}

/** Wraps the (now empty) line in `type`, joining a list of the same kind just above it, as the preset does. */
function wrapLine(type: NodeType, attrs: Attrs | null, state: EditorState, start: number, end: number): Transaction | null {
  const tr = state.tr.delete(start, end);
  const $start = tr.doc.resolve(start);
  const range = $start.blockRange();
  const wrapping = range && findWrapping(range, type, attrs);
  if (!range || !wrapping) return null;
  tr.wrap(range, wrapping);
  const before = tr.doc.resolve(start - 1).nodeBefore;
  if (before?.type === type && type.name !== 'blockquote' && canJoin(tr.doc, start - 1)) tr.join(start - 1);
  return tr;
}

const heading = onEmptyLine(/^(#{1,6})\s$/, ['paragraph', 'heading'], (state, m, start, end) =>
  state.tr.delete(start, end).setBlockType(start, start, state.schema.nodes.heading!, { level: headingLevelFor(m[1]!.length) }),
);

const bulletList = onEmptyLine(/^\s*([-+*])\s$/, ['paragraph'], (state, _m, start, end) =>
  wrapLine(state.schema.nodes.bullet_list!, null, state, start, end),
);

const orderedList = onEmptyLine(/^\s*(\d+)\.\s$/, ['paragraph'], (state, m, start, end) =>
  wrapLine(state.schema.nodes.ordered_list!, { order: Number(m[1]) }, state, start, end),
);

const quote = onEmptyLine(/^\s*>\s$/, ['paragraph'], (state, _m, start, end) =>
  wrapLine(state.schema.nodes.blockquote!, null, state, start, end),
);

const codeBlock = onEmptyLine(/^```(?<language>[a-z]*)?[\s\n]$/, ['paragraph'], (state, m, start, end) =>
  state.tr.delete(start, end).setBlockType(start, start, state.schema.nodes.code_block!, { language: m.groups?.language ?? '' }),
);

/** "---" (or "___ ", "*** ") on an empty line becomes a divider, with the caret on a new line below it. */
const divider = onEmptyLine(/^(?:---|___\s|\*\*\*\s)$/, ['paragraph'], (state, _m, start, end) =>
  // From before the line's start: the divider takes the line's place and the emptied line stays below it.
  state.tr.replaceWith(start - 1, end, state.schema.nodes.hr!.create()),
);

export const blockInputRules = [heading, bulletList, orderedList, quote, codeBlock, divider].map((rule) => $inputRule(() => rule));
