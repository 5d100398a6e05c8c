// Renders a whole screen inside the app's providers (as render-hook.tsx does for hooks), attached to the document so
// that focus and labels work, with small helpers to find and use what a person sees: labelled fields and buttons.
import { act } from 'react';
import { type RenderedNode, renderNode } from './render-node';

/** A screen renders as any part does (render-node.tsx); the helpers below find what a person sees in it. */
export { renderNode as renderScreen };
export type RenderedScreen = RenderedNode;

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The input whose <label> says exactly `label` (null when there is none). */
export function fieldLabelled(root: ParentNode, label: string): HTMLInputElement | null {
  const found = [...root.querySelectorAll('label')].find((l) => text(l) === label);
  return found ? (document.getElementById(found.htmlFor) as HTMLInputElement | null) : null;
}

/** The button whose accessible name (aria-label, else its text) is exactly `name` (null when there is none). */
export function buttonNamed(root: ParentNode, name: string): HTMLButtonElement | null {
  return [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? text(b)) === name) ?? null;
}

/** The texts of the live regions (role="status") that say something. */
export const statuses = (root: ParentNode) => [...root.querySelectorAll('[role="status"]')].map(text).filter(Boolean);

/** The texts of the alerts shown. */
export const alerts = (root: ParentNode) => [...root.querySelectorAll('[role="alert"]')].map(text).filter(Boolean);

/** Types into a React-controlled input as a person would (the value, then an input event). */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(el: HTMLElement | null): Promise<void> {
  if (!el) throw new Error('Nothing to click');
  await act(async () => el.click());
}

export { text as textOf };
