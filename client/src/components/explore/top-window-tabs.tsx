import { useRef, type KeyboardEvent } from 'react';
import type { TopWindowName } from '../../../../server/src/contract/schemas';

export const TOP_WINDOWS: readonly { value: TopWindowName; label: string }[] = [
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
  { value: 'all', label: 'All Time' },
];

export const tabId = (w: TopWindowName) => `top-tab-${w}`;
export const TOP_PANEL_ID = 'top-panel';

/** An ARIA tablist: one tab in the Tab order, arrows / Home / End move and select. */
export function TopWindowTabs({ value, onChange }: { value: TopWindowName; onChange: (w: TopWindowName) => void }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = TOP_WINDOWS.findIndex((w) => w.value === value);
    const last = TOP_WINDOWS.length - 1;
    const next = { ArrowRight: at + 1 > last ? 0 : at + 1, ArrowLeft: at - 1 < 0 ? last : at - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onChange(TOP_WINDOWS[next]!.value);
    tabs.current[next]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label="Time window" onKeyDown={onKeyDown}>
      {TOP_WINDOWS.map((w, i) => (
        <button
          key={w.value}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={tabId(w.value)}
          aria-selected={w.value === value}
          aria-controls={TOP_PANEL_ID}
          tabIndex={w.value === value ? 0 : -1}
          onClick={() => onChange(w.value)}
        >
          {w.label}
        </button>
      ))}
    </div>
  );
}
