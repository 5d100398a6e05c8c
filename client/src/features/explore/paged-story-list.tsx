import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StoryList } from '../../components/story-list';
import type { PagedList } from './use-paged-list';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * A paged list on screen: the rows, a count, See More while more remain, and an error with a way to try
 * again. After See More, focus moves to the first new row so keyboard users carry on reading from there.
 */
export function PagedStoryList({ list, label, empty }: { list: PagedList; label: string; empty: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  /** How many rows there were when See More was pressed: the first new row is the one at that index. */
  const focusFrom = useRef<number | null>(null);
  const rowCount = list.items.length;
  const intl = useIntl();

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || rowCount <= from) return;
    focusFrom.current = null;
    wrapper.current?.querySelectorAll<HTMLAnchorElement>('.story-row a')[from]?.focus();
  }, [rowCount]);

  const firstLoad = rowCount === 0;
  // Asking again after a failure shows the list loading, not the old failure.
  const error = list.loading ? null : list.error;
  if (firstLoad && list.loading) return <Loading label={intl.formatMessage({ id: 'list.loading', defaultMessage: 'Loading stories…' })} />;
  if (firstLoad && error) return <Failure error={error} retry={list.retry} />;

  return (
    <div ref={wrapper} className="paged-list" aria-busy={list.loading}>
      <StoryList items={list.items} empty={empty} label={label} />
      {list.items.length > 0 && list.total !== null && (
        <p className="paged-count muted" aria-live="polite">
          <FormattedMessage
            id="list.count"
            defaultMessage="Showing {shown} of {total, plural, one {# story} other {# stories}}"
            values={{ shown: list.items.length, total: list.total }}
          />
        </p>
      )}
      {error ? (
        <Failure error={error} retry={list.retry} />
      ) : (
        (list.hasMore || (list.loading && !firstLoad)) && (
          <div className="see-more">
            <button
              type="button"
              className="button secondary large"
              onClick={() => {
                focusFrom.current = rowCount;
                list.more();
              }}
              disabled={list.loading}
            >
              {list.loading ? (
                <FormattedMessage id="common.loading" defaultMessage="Loading…" />
              ) : (
                <FormattedMessage id="common.seeMore" defaultMessage="See More" />
              )}
            </button>
          </div>
        )
      )}
    </div>
  );
}

function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="paged-failure">
      <ErrorBox error={error} />
      <button type="button" className="button secondary" onClick={retry}>
        <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
      </button>
    </div>
  );
}
