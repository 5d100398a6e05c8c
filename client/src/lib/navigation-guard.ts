// In-app navigation that a screen with unsaved work can hold back. Every wouter navigation (a Link, the
// navigate() after a logout or a save) goes through the router's location hook below and asks the screen's
// guard first. Loads of a whole page (reload, closing the tab, 'Your Story' under /story, Legal) are the
// browser's beforeunload prompt's job; the back button is not held (the History API cannot cancel it).
import type { BaseLocationHook } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

type Guard = () => boolean;
let guard: Guard | null = null;

/** While registered, `mayLeave` decides whether an in-app navigation happens. Returns the unregister function. */
export function holdNavigation(mayLeave: Guard): () => void {
  guard = mayLeave;
  return () => {
    if (guard === mayLeave) guard = null;
  };
}

const guardedNavigate: typeof navigate = (to, options) => {
  if (guard && !guard()) return;
  navigate(to, options);
};

/** The browser location, with navigations asking the registered guard first (app.tsx's <Router hook>). */
export const useGuardedLocation: BaseLocationHook = () => [useBrowserLocation()[0], guardedNavigate];
