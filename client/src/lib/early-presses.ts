// A server-rendered page shows its buttons (Next Page, the like button, the menu) before the app's script has
// loaded, and a press then reaches nothing: React replays presses only from the moment hydration begins. The entry
// (main.tsx) notes them from the start, and the app presses them again once it hydrates (start-app.tsx). Buttons in
// a form are left alone: without the app, the browser submits the form itself.
const pressed: HTMLButtonElement[] = [];

function note(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && !button.form) pressed.push(button);
}

export function notePressesUntilHydration(): void {
  document.addEventListener('click', note, true);
}

/** Stops noting and presses again, in order, what was pressed before (and is still on the page). */
export function replayEarlyPresses(): void {
  document.removeEventListener('click', note, true);
  for (const button of pressed.splice(0)) if (button.isConnected) button.click();
}
