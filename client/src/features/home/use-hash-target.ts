import { useEffect } from 'react';

/**
 * Brings the element named by the URL's #fragment into view and focus (the footer's '/#about'), on arrival
 * and on later in-app navigations: wouter's pushState does not scroll the way a page load does.
 */
export function useHashTarget(): void {
  useEffect(() => {
    const go = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    };
    go();
    // wouter announces its history changes with window events of these names.
    const events = ['pushState', 'replaceState', 'hashchange'];
    for (const e of events) window.addEventListener(e, go);
    return () => {
      for (const e of events) window.removeEventListener(e, go);
    };
  }, []);
}
