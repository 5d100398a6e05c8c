// Roving focus for a row of controls that is one stop in the Tab order (the ARIA toolbar and tablist
// patterns): only one item has tabIndex 0, and Left / Right (wrapping), Home and End move focus among the
// items that are not disabled. Used by the editor's toolbar and the Top Stories tabs.
import { type KeyboardEvent, useRef, useState } from 'react';

/** Where a key moves from position `at` of `length` usable items; undefined for keys that do not move. */
export function moveBy(key: string, at: number, length: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (at + 1) % length;
    case 'ArrowLeft':
      return (at - 1 + length) % length;
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return undefined;
  }
}

export interface RovingFocusOptions {
  count: number;
  /** Items that cannot take focus (disabled buttons): the keys skip them and they never hold the tab stop. */
  isDisabled?: (index: number) => boolean;
  /**
   * The item holding the tab stop when the caller decides it (a tablist: the selected tab). Without it, the
   * last item moved to or used (`use`) holds it, or the first usable one once that one is disabled or gone.
   */
  current?: number;
  /** Called with the item the keys moved to, once focus is there (a tablist selects it). */
  onMove?: (index: number) => void;
}

export interface RovingFocus {
  /** The item in the Tab order, or -1 when none is usable. */
  tabStop: number;
  onKeyDown: (event: KeyboardEvent) => void;
  /** The ref and tabIndex of item `index`. */
  itemProps: (index: number) => { ref: (element: HTMLElement | null) => void; tabIndex: 0 | -1 };
  /** Makes `index` the tab stop (the item was clicked). */
  use: (index: number) => void;
}

export function useRovingFocus({ count, isDisabled, current, onMove }: RovingFocusOptions): RovingFocus {
  const [last, setLast] = useState(0);
  const elements = useRef<(HTMLElement | null)[]>([]);
  const usable = Array.from({ length: count }, (_, i) => i).filter((i) => !isDisabled?.(i));
  const wanted = current ?? last;
  const tabStop = usable.includes(wanted) ? wanted : (usable[0] ?? -1);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = usable.indexOf(tabStop);
    if (at === -1) return;
    const to = moveBy(event.key, at, usable.length);
    if (to === undefined) return;
    event.preventDefault();
    const index = usable[to]!;
    setLast(index);
    elements.current[index]?.focus();
    onMove?.(index);
  };

  return {
    tabStop,
    onKeyDown,
    itemProps: (index) => ({
      ref: (element) => {
        elements.current[index] = element;
      },
      tabIndex: index === tabStop ? 0 : -1,
    }),
    use: setLast,
  };
}
