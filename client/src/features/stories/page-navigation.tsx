import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { replayEarlyPressesWithin } from '../../lib/early-presses';

/**
 * Previous Page / page selector / Next Page. Previous is gone on the first page, Next on the last, and the
 * whole thing on a one-page story. The selector sits in the middle column so it never jumps sideways.
 */
export function PageNavigation({
  page,
  pageCount,
  onGoToPage,
  label,
}: {
  page: number;
  pageCount: number;
  onGoToPage: (n: number) => void;
  label: string;
}) {
  const id = useId();
  const nav = useRef<HTMLElement>(null);
  // A page chosen before the app had loaded (lib/early-presses.ts) is gone to now.
  useEffect(() => {
    if (nav.current) replayEarlyPressesWithin(nav.current);
  }, []);
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label} ref={nav}>
      {page > 1 && (
        <button type="button" className="button secondary pager-previous" onClick={() => onGoToPage(page - 1)}>
          <ChevronLeft size={18} aria-hidden="true" />
          <FormattedMessage id="story.previousPage" defaultMessage="Previous Page" />
        </button>
      )}
      <div className="pager-select">
        <label htmlFor={id}>
          <FormattedMessage id="story.page" defaultMessage="Page" />
        </label>
        <select id={id} value={page} onChange={(e) => onGoToPage(Number(e.target.value))}>
          {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span aria-hidden="true">
          <FormattedMessage id="story.pageOf" defaultMessage="of {count}" values={{ count: pageCount }} />
        </span>
      </div>
      {page < pageCount && (
        <button type="button" className="button secondary pager-next" onClick={() => onGoToPage(page + 1)}>
          <FormattedMessage id="story.nextPage" defaultMessage="Next Page" />
          <ChevronRight size={18} aria-hidden="true" />
        </button>
      )}
    </nav>
  );
}
