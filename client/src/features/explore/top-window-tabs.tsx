import type { TopWindowName } from '#contract/explore';
import { useRovingFocus } from '../../lib/use-roving-focus';
import { defineMessage, type MessageDescriptor, useIntl } from 'react-intl';

export const TOP_WINDOWS: readonly { value: TopWindowName; label: MessageDescriptor }[] = [
  { value: 'month', label: defineMessage({ id: 'top.window.month', defaultMessage: 'This Month' }) },
  { value: 'year', label: defineMessage({ id: 'top.window.year', defaultMessage: 'This Year' }) },
  { value: 'all', label: defineMessage({ id: 'top.window.all', defaultMessage: 'All Time' }) },
];

export const tabId = (w: TopWindowName) => `top-tab-${w}`;
export const TOP_PANEL_ID = 'top-panel';

/** An ARIA tablist: one tab in the Tab order, arrows / Home / End move and select. */
export function TopWindowTabs({ value, onChange }: { value: TopWindowName; onChange: (w: TopWindowName) => void }) {
  const intl = useIntl();
  const roving = useRovingFocus({
    count: TOP_WINDOWS.length,
    current: TOP_WINDOWS.findIndex((w) => w.value === value),
    onMove: (i) => onChange(TOP_WINDOWS[i]!.value),
  });

  return (
    <div
      className="tabs"
      role="tablist"
      aria-label={intl.formatMessage({ id: 'top.window.label', defaultMessage: 'Time window' })}
      onKeyDown={roving.onKeyDown}
    >
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
          {intl.formatMessage(w.label)}
        </button>
      ))}
    </div>
  );
}
