import type { TopWindowName } from '#contract/explore';
import { useRovingFocus } from '../../lib/use-roving-focus';

export const TOP_WINDOWS: readonly { value: TopWindowName; label: string }[] = [
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
  { value: 'all', label: 'All Time' },
];

export const tabId = (w: TopWindowName) => `top-tab-${w}`;
export const TOP_PANEL_ID = 'top-panel';

/** An ARIA tablist: one tab in the Tab order, arrows / Home / End move and select. */
export function TopWindowTabs({ value, onChange }: { value: TopWindowName; onChange: (w: TopWindowName) => void }) {
  const roving = useRovingFocus({
    count: TOP_WINDOWS.length,
    current: TOP_WINDOWS.findIndex((w) => w.value === value),
    onMove: (i) => onChange(TOP_WINDOWS[i]!.value),
  });

  return (
    <div className="tabs" role="tablist" aria-label="Time window" onKeyDown={roving.onKeyDown}>
      {TOP_WINDOWS.map((w, i) => (
        <button
          key={w.value}
          {...roving.itemProps(i)}
          type="button"
          role="tab"
          id={tabId(w.value)}
          aria-selected={w.value === value}
          aria-controls={TOP_PANEL_ID}
          onClick={() => onChange(w.value)}
        >
          {w.label}
        </button>
      ))}
    </div>
  );
}
