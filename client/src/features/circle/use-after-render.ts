import { useEffect, useRef } from 'react';

/**
 * Runs a function once the next render is on the screen: moving the focus to an element that a state change is
 * about to add or remove (a new row, a field marked invalid, a button back in place of a question). A frame
 * (requestAnimationFrame) can come before React has rendered the change.
 */
export function useAfterRender(): (run: () => void) => void {
  const next = useRef<(() => void) | null>(null);
  useEffect(() => {
    const run = next.current;
    next.current = null;
    run?.();
  });
  return (run) => {
    next.current = run;
  };
}
