// The block shortcuts in the real editor (happy-dom): they act on an empty line only, headings never stack, one
// Undo (or Backspace) takes a shortcut back, Enter after a heading starts a paragraph (docs/editor.md).
import { undo } from '@milkdown/kit/prose/history';
import { TextSelection } from '@milkdown/kit/prose/state';
import type { EditorView } from '@milkdown/kit/prose/view';
import { afterEach, describe, expect, it } from 'vitest';
import { headingLevelFor } from './block-input-rules';
import { editorWith } from './testing/editor-with';
import { pressKey, typeText } from './testing/typing';
import { letMilkdownTimersFire } from './testing/milkdown-timers';

/** Puts the caret at `offset` in the text of the `index`th top-level block. */
function caretIn(view: EditorView, index: number, offset: number) {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += view.state.doc.child(i).nodeSize;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, pos + 1 + offset)));
}

letMilkdownTimersFire();
afterEach(() => {
  document.body.innerHTML = '';
});

describe('block shortcuts', () => {
  it('maps "#" and "##" to a heading and "###" or more to a subheading', () => {
    expect([1, 2, 3, 4, 6].map(headingLevelFor)).toEqual([2, 2, 3, 3, 3]);
  });

  it.each([
    ['# ', 'h2'],
    ['## ', 'h2'],
    ['### ', 'h3'],
    ['#### ', 'h3'],
  ])('"%s" on an empty line makes an %s', async (marker, tag) => {
    const { view, stored } = await editorWith('<p>Before</p><p></p>');
    typeText(view, `${marker}Title`);
    expect(stored()).toBe(`<p>Before</p><${tag}>Title</${tag}>`);
  });

  it('leaves "## " as typed at the start of a line that has text, and in a heading', async () => {
    const { view, stored } = await editorWith('<h2>Where I was born</h2><p>The farm</p>');
    caretIn(view, 1, 0);
    typeText(view, '## ');
    caretIn(view, 0, 0);
    typeText(view, '## ');
    expect(stored()).toBe('<h2>## Where I was born</h2><p>## The farm</p>');
  });

  it('never stacks levels: "###" on an empty heading line sets the subheading level', async () => {
    const { view, stored } = await editorWith('<p></p>');
    typeText(view, '## ');
    typeText(view, '### Tom');
    expect(stored()).toBe('<h3>Tom</h3>');
  });

  it('leaves "- ", "> " and "1. " as typed where the line has text', async () => {
    const { view, stored } = await editorWith('<p>one</p><p>two</p><p>three</p>');
    caretIn(view, 0, 0);
    typeText(view, '- ');
    caretIn(view, 1, 0);
    typeText(view, '> ');
    caretIn(view, 2, 0);
    typeText(view, '1. ');
    expect(stored()).toBe('<p>- one</p><p>&gt; two</p><p>1. three</p>');
  });

  it('makes lists and quotes on an empty line, joining a list just above', async () => {
    const { view, stored } = await editorWith('<ul><li><p>eggs</p></li></ul><p></p>');
    typeText(view, '- milk');
    pressKey(view, 'Enter');
    pressKey(view, 'Enter');
    typeText(view, '> A quote');
    expect(stored()).toBe('<ul><li>eggs</li><li>milk</li></ul><blockquote><p>A quote</p></blockquote>');
  });

  it('takes a shortcut back with Backspace right after it, or with one Undo', async () => {
    const { view, stored } = await editorWith('<p>Before</p><p></p>');
    typeText(view, '## ');
    expect(stored()).toBe('<p>Before</p><h2></h2>');
    pressKey(view, 'Backspace');
    expect(stored()).toBe('<p>Before</p><p>## </p>');

    const again = await editorWith('<p>Before</p><p></p>');
    typeText(again.view, '## ');
    undo(again.view.state, again.view.dispatch);
    expect(again.view.state.doc.lastChild?.type.name).toBe('paragraph');
    expect(again.stored()).toMatch(/^<p>Before<\/p>(<p>(##)?<\/p>)?$/);
  });

  it('turns a heading into a paragraph with Backspace at its start, never into another level', async () => {
    const { view, stored } = await editorWith('<h2>Title</h2><h3>Sub</h3>');
    caretIn(view, 0, 0);
    pressKey(view, 'Backspace');
    caretIn(view, 1, 0);
    pressKey(view, 'Backspace');
    expect(stored()).toBe('<p>Title</p><p>Sub</p>');
  });

  it('starts a paragraph on Enter at the end of a heading', async () => {
    const { view, stored } = await editorWith('<p></p>');
    typeText(view, '## Leaving home');
    pressKey(view, 'Enter');
    typeText(view, 'I left at eighteen.');
    pressKey(view, 'Enter');
    typeText(view, 'With one suitcase.');
    expect(stored()).toBe('<h2>Leaving home</h2><p>I left at eighteen.</p><p>With one suitcase.</p>');
  });
});

describe('opening', () => {
  it('puts the caret at the end of the text', async () => {
    const { view, stored } = await editorWith('<h2>Where I was born</h2><p>On a farm.</p>');
    typeText(view, ' In 1948.');
    expect(stored()).toBe('<h2>Where I was born</h2><p>On a farm. In 1948.</p>');
  });

  it('puts it at the end of the last line of text, not in a closing photo’s caption', async () => {
    const src = `/media/${'a'.repeat(32)}.jpg`;
    const { view } = await editorWith(`<p>The harbour.</p><figure><img src="${src}" alt=""><figcaption>Porto</figcaption></figure>`);
    expect(view.state.selection.$from.parent.textContent).toBe('The harbour.');
    expect(view.state.selection.$from.parentOffset).toBe('The harbour.'.length);
  });
});
