import { type RefObject, useEffect, useState } from 'react';

/**
 * true once the element is within a screen's height of the visible part of the page (above or below), and from then
 * on: for parts below a story's text whose code comes only when the reader gets near them
 * (docs/decisions/0038-lighter-reader-pages.md). A browser without IntersectionObserver gets them at once.
 */
export function useNearView(ref: RefObject<Element | null>, enabled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, near]);
  return near;
}
