// In-app navigation that a screen with unsaved work can hold back. Every wouter navigation (a Link, the
// navigate() after a logout or a save) goes through the router's location hook below and asks the screen's
// guard first, and so do Back and Forward within the app. Loads of a whole page (reload, closing the tab,
// 'Your Story' under /story, Legal, Back to another document) are the browser's beforeunload prompt's job.
import type { BaseLocationHook } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

type Guard = () => boolean;
let guard: Guard | null = null;
/** Where the guarded screen is, to return to when Back or Forward is refused. */
let guardedUrl = '';

/** While registered, `mayLeave` decides whether an in-app navigation happens. Returns the unregister function. */
export function holdNavigation(mayLeave: Guard): () => void {
  guard = mayLeave;
  guardedUrl = location.pathname + location.search + location.hash;
  return () => {
    if (guard === mayLeave) guard = null;
  };
}

// Back and Forward cannot be cancelled: by the time `popstate` fires the address has changed. A refused one
// is undone before the router hears of it (this capture listener on window runs before wouter's own), by
// putting the guarded screen's address back.
// Not on the server (entry-server.tsx renders the reader's screens there), which has no window.
if (typeof window !== 'undefined')
  addEventListener(
    'popstate',
    (event) => {
      if (!guard || guard()) return;
      event.stopImmediatePropagation();
      history.pushState(null, '', guardedUrl);
    },
    { capture: true },
  );

const guardedNavigate: typeof navigate = (to, options) => {
  if (guard && !guard()) return;
  navigate(to, options);
};

/**
 * The browser location, with navigations asking the registered guard first (app.tsx's <Router hook>). wouter
 * passes the router's options, whose ssrPath is the address rendered on the server.
 */
export const useGuardedLocation: BaseLocationHook = (options?: { ssrPath?: string }) => [useBrowserLocation(options)[0], guardedNavigate];
