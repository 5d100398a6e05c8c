// When a server-rendered page loads the app: on the reader's first touch, not on load (issue #32; docs/decisions/
// 0038-lighter-reader-pages.md). The page is readable and its links work without it; what needs the app is a press
// on a button or a photo (noted and done again once it has come: lib/early-presses.ts), a change of the page
// selector, a key, a keyboard focus, or an element marked `data-app-when-near` (the comments) coming within a
// screen. Not a pointer going down, a touch or a scroll alone: a reader scrolling through the text must not pay for
// the app (a touch that becomes a press starts it with the click).
import { pressTarget } from './early-presses';

/** Marks an element that needs the app to be useful when seen: the app starts when it is within a screen. */
export const APP_WHEN_NEAR = 'data-app-when-near';

export function startOnFirstTouch(start: () => void): void {
  let observer: IntersectionObserver | undefined;
  const options = { capture: true, passive: true } as const;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    document.removeEventListener('click', onClick, options);
    document.removeEventListener('change', go, options);
    document.removeEventListener('keydown', go, options);
    document.removeEventListener('focusin', onFocus, options);
    observer?.disconnect();
    start();
  };
  const onClick = (event: MouseEvent) => {
    if (pressTarget(event.target)) go();
  };
  // Focus from the keyboard (Tab), not from a pointer's press: :focus-visible tells them apart.
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) go();
  };
  document.addEventListener('click', onClick, options);
  document.addEventListener('change', go, options);
  document.addEventListener('keydown', go, options);
  document.addEventListener('focusin', onFocus, options);

  const near = document.querySelectorAll(`[${APP_WHEN_NEAR}]`);
  if (near.length === 0) return;
  if (typeof IntersectionObserver === 'undefined') {
    go();
    return;
  }
  // Within one screen above or below the visible part (the same margin as lib/use-near-view.ts).
  observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) go();
    },
    { rootMargin: '100% 0px 100% 0px' },
  );
  for (const element of near) observer.observe(element);
}
