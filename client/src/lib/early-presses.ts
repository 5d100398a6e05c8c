// A server-rendered page shows its buttons (Next Page, the like button, the menu, the text size), its page selector
// and its photos before the app's script has loaded, and a press then reaches nothing: the app starts on the
// reader's first touch (lib/start-on-first-touch.ts), and React replays presses only from the moment hydration
// begins. The entry (main.tsx) notes them from the start, shows each pressed control as pending (aria-busy), and the
// app does them again once it hydrates (start-app.tsx; the photos' own listener, story-page-text.tsx). Buttons in a
// form are left alone: without the app, the browser submits the form itself. docs/decisions/0038-lighter-reader-pages.md

/** What a press before the app is noted on: a button outside a form, or a story photo (it opens the lightbox). */
export const PRESS_NEEDS_APP = 'button, img[data-full]';

const pressed: Element[] = [];
/** The option a selector was given before the app (React puts its own value back when it hydrates the selector). */
const chosen = new WeakMap<HTMLSelectElement, string>();
/** Pressed controls the app cannot press at once: replayed by the code that listens to them, once it does. */
const waiting: Element[] = [];
let noting = false;

/** The element a press on `target` needs the app for, or null (a plain link, text, a button in a form). */
export function pressTarget(target: EventTarget | null): Element | null {
  const element = target instanceof Element ? target.closest(PRESS_NEEDS_APP) : null;
  if (!element || (element instanceof HTMLButtonElement && (element.form || element.disabled))) return null;
  return element;
}

function pending(element: Element, busy: boolean) {
  if (busy) element.setAttribute('aria-busy', 'true');
  else element.removeAttribute('aria-busy');
}

function note(event: MouseEvent) {
  const element = pressTarget(event.target);
  if (!element) return;
  // A second press while the app loads does nothing more: the first one is done once, when it has come.
  if (pressed.includes(element)) return;
  pressed.push(element);
  pending(element, true);
}

function noteChange(event: Event) {
  const select = event.target;
  // In a form or not: a selector's change submits nothing by itself.
  if (!(select instanceof HTMLSelectElement)) return;
  chosen.set(select, select.value);
  if (!pressed.includes(select)) {
    pressed.push(select);
    pending(select, true);
  }
}

export function notePressesUntilHydration(): void {
  noting = true;
  document.addEventListener('click', note, true);
  document.addEventListener('change', noteChange, true);
}

/**
 * Stops noting and presses again, in order, the buttons pressed before (and still on the page). Photos and selectors
 * wait for the code that listens to them to be there (replayEarlyPressesWithin): a photo's listener comes with an
 * effect, and React sets a selector back to its own value as it hydrates it.
 */
export function replayEarlyPresses(): void {
  if (!noting) return;
  noting = false;
  document.removeEventListener('click', note, true);
  document.removeEventListener('change', noteChange, true);
  const buttons: HTMLButtonElement[] = [];
  for (const element of pressed.splice(0)) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLButtonElement) buttons.push(element);
    else waiting.push(element);
  }
  pressWhenHydrated(buttons, 0);
}

/** React's props on a node it has hydrated: a press then reaches its handler. */
const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * Presses each button once React has hydrated it. A press on a part React has not hydrated yet is lost, not replayed:
 * the lists' screens are lazy chunks, hydrated once their code has come (docs/decisions/0038-lighter-reader-pages.md).
 * Every 50 ms, for 10 s at most.
 */
function pressWhenHydrated(buttons: HTMLButtonElement[], tries: number): void {
  const left = buttons.filter((button) => {
    if (!button.isConnected || tries >= 200) {
      pending(button, false);
      return false;
    }
    if (!hydratedByReact(button)) return true;
    pending(button, false);
    button.click();
    return false;
  });
  if (left.length > 0) setTimeout(() => pressWhenHydrated(left, tries + 1), 50);
}

/**
 * Does again what was done inside `root` before the app, once its listener is there (from an effect): presses a photo,
 * gives a selector the reader's choice again and tells React it changed.
 */
export function replayEarlyPressesWithin(root: Element): void {
  for (let i = 0; i < waiting.length; ) {
    const element = waiting[i]!;
    if (!root.contains(element)) {
      i++;
      continue;
    }
    waiting.splice(i, 1);
    pending(element, false);
    if (element instanceof HTMLSelectElement) {
      element.value = chosen.get(element) ?? element.value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    } else (element as HTMLElement).click();
  }
}
