// The page's entry: its styles, then the web fonts once the page has painted, and the app. A reader's page comes
// rendered from the server and is readable before any script runs (docs/decisions/0017-server-rendering.md); the
// fonts only restyle it, so they are asked for after the first paint: on a slow link the page and its stylesheet
// get the bandwidth first, and the text shows sooner (docs/decisions/0025-web-fonts-after-the-first-paint.md). The
// app's script only hydrates it, so it comes on the reader's first touch (lib/start-on-first-touch.ts; docs/
// decisions/0038-lighter-reader-pages.md). This file stays tiny: it is all the script a reader who only reads loads.
// Tokens (with the fallback faces), then element styles and layout, then the shared components.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
// The styles of the screens the server renders (the layout's bell, explore, home, the story; home and the lists are
// lazy chunks of the app since issue #32, their styles stay here), so a server-rendered page is styled by the one
// stylesheet in its head, not once the app has loaded. tests/e2e/bundle-split.e2e.test.ts fails when the app's chunk
// brings a stylesheet of its own.
import './styles/notifications.css';
import './styles/explore.css';
import './styles/home.css';
import './styles/story.css';
import { notePressesUntilHydration } from './lib/early-presses';
import { SERVER_STATE_ID } from './lib/server-state-id';
import { startOnFirstTouch } from './lib/start-on-first-touch';
import { applyTextSize, storedTextSize } from './lib/text-size';
import { addWebFonts } from './lib/web-fonts';
import { WEB_FONT_FACES } from './styles/web-fonts/faces.js';

// The reader's chosen text size, before anything else (lib/text-size.ts).
applyTextSize(storedTextSize());

const loadFonts = () => void addWebFonts(WEB_FONT_FACES);

/** A task of its own for the next step: a phone stays responsive between the steps of starting the app. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// React, then the app: evaluating all of the app's script at once was the longest task of a page load on a slow
// phone (docs/performance.md, "Server rendering").
const startApp = () => void import('react-dom/client').then(nextTask).then(() => import('./start-app'));

/**
 * Runs `then` once the browser has shown the page's first text or image (the first contentful paint, as Lighthouse
 * times it). A frame callback is not enough: the frame it precedes may show nothing yet, and on a busy phone the
 * text reaches the screen tens of milliseconds after the frame's work is done.
 */
function afterFirstContentfulPaint(then: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  // A background tab paints nothing, and a browser without paint timing cannot say: then a few seconds at most.
  const timer = setTimeout(once, document.visibilityState === 'visible' ? 3000 : 0);
  let observer: PerformanceObserver | undefined;
  if (painted()) return once();
  try {
    observer = new PerformanceObserver(() => {
      if (painted()) once();
    });
    observer.observe({ type: 'paint' });
  } catch {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
}

// Always after the paint, on a later visit too: the files are then in the browser's cache and swap in a moment
// later, moving nothing. A "fonts seen before" flag in localStorage would outlive a cleared cache (Lighthouse keeps
// localStorage between runs and empties the cache), and the fonts would then hold up the first paint again.
afterFirstContentfulPaint(loadFonts);
// The empty shell (every screen but the reader's) has nothing to paint before the app: start it now. A
// server-rendered page starts it when the reader first needs it; presses made until it hydrates are done then.
if (document.getElementById(SERVER_STATE_ID)) {
  notePressesUntilHydration();
  startOnFirstTouch(startApp);
} else startApp();
