// Typing into the real editor in tests (happy-dom has no text input of its own): each character goes through the
// editor's text-input handlers first, as a browser's input does, so the input rules run; keys through its keymaps.
import type { EditorView } from '@milkdown/kit/prose/view';

export function typeText(view: EditorView, text: string): void {
  for (const ch of text) {
    const { from, to } = view.state.selection;
    const plain = () => view.state.tr.insertText(ch, from, to);
    if (!view.someProp('handleTextInput', (f) => f(view, from, to, ch, plain))) view.dispatch(plain());
  }
}

/** Presses a key ("Enter", "Backspace", "Mod-z" style names are not needed: `key` is KeyboardEvent.key). */
export function pressKey(view: EditorView, key: string, modifiers: { ctrl?: boolean; shift?: boolean } = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: modifiers.ctrl, shiftKey: modifiers.shift, bubbles: true });
  return Boolean(view.someProp('handleKeyDown', (f) => f(view, event)));
}
