import { useEffect, useRef } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Brings the element named by the URL's #fragment into view and focus (the footer's '/#about'), on arrival
 * and on later in-app navigations: wouter's pushState does not scroll the way a page load does.
 * Not when the app hydrates a server-rendered page: the browser went to the fragment (and focused it) at load, and
 * the app comes later (on the reader's first touch, or when part of the page comes near: ADR 0038), by when the
 * reader may have scrolled on; going there again would take them back.
 */
export function useHashTarget(): void {
  const hydrating = useRef(!useHydrated());
  useEffect(() => {
    const go = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    };
    if (!hydrating.current) go();
    // wouter announces its history changes with window events of these names.
    const events = ['pushState', 'replaceState', 'hashchange'];
    for (const e of events) window.addEventListener(e, go);
    return () => {
      for (const e of events) window.removeEventListener(e, go);
    };
  }, []);
}
