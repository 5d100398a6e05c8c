import { useEffect, useRef } from 'react';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StoryList } from '../../components/story-list';
import type { SearchKind, SearchState } from './use-search';
import { defineMessages, FormattedMessage, type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

const NONE = defineMessages({
  all: { id: 'search.none.all', defaultMessage: 'No stories or people match “{term}”.' },
  stories: { id: 'search.none.stories', defaultMessage: 'No stories match “{term}”.' },
  users: { id: 'search.none.users', defaultMessage: 'No people match “{term}”.' },
}) as Record<SearchKind, MessageDescriptor>;

function countLine(intl: IntlShape, count: number, more: boolean): string {
  return more
    ? intl.formatMessage(
        {
          id: 'search.count.more',
          defaultMessage: '{count, plural, one {# match} other {# matches}} shown. See More shows the next ones.',
        },
        { count },
      )
    : intl.formatMessage({ id: 'search.count', defaultMessage: '{count, plural, one {# match} other {# matches}}' }, { count });
}

/**
 * While searching, only this shows: the matches (highlighted), or why there are none, and See More while
 * more matches remain. After See More, focus moves to the first new row, as in the other lists.
 */
export function SearchResults({ search }: { search: SearchState }) {
  const term = search.text.trim();
  const intl = useIntl();
  const none = intl.formatMessage(NONE[search.kind], { term });
  const count = search.items.length;
  const wrapper = useRef<HTMLDivElement>(null);
  /** How many rows there were when See More was pressed: the first new row is the one at that index. */
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    wrapper.current?.querySelectorAll<HTMLAnchorElement>('.story-row a')[from]?.focus();
  }, [count]);

  return (
    <section
      className="search-results"
      aria-labelledby="search-results-title"
      data-results-for={search.itemsFor ?? ''}
      aria-busy={(!search.final && !search.error) || search.loadingMore}
    >
      <h2 id="search-results-title" className="search-results-title">
        <FormattedMessage id="search.resultsFor" defaultMessage="Results for “{term}”" values={{ term: <bdi>{term}</bdi> }} />
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {search.final && !search.loadingMore ? (count === 0 ? none : countLine(intl, count, search.hasMore)) : ''}
      </p>
      {search.error ? (
        <ErrorBox error={search.error} />
      ) : search.final && count === 0 ? (
        <p className="empty-state">{none}</p>
      ) : count === 0 ? (
        <Loading label={intl.formatMessage({ id: 'search.searching', defaultMessage: 'Searching…' })} />
      ) : (
        <div ref={wrapper} className={search.final ? 'search-list' : 'search-list stale'}>
          <StoryList
            items={search.items}
            empty={null}
            label={intl.formatMessage({ id: 'search.resultsLabel', defaultMessage: 'Results for {term}' }, { term })}
          />
          {search.moreError ? (
            <div className="paged-failure">
              <ErrorBox error={search.moreError} />
              <button type="button" className="button secondary" onClick={search.more}>
                <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
              </button>
            </div>
          ) : (
            (search.hasMore || search.loadingMore) && (
              <div className="see-more">
                <button
                  type="button"
                  className="button secondary large"
                  onClick={() => {
                    focusFrom.current = count;
                    search.more();
                  }}
                  disabled={search.loadingMore}
                >
                  {search.loadingMore ? (
                    <FormattedMessage id="common.loading" defaultMessage="Loading…" />
                  ) : (
                    <FormattedMessage id="common.seeMore" defaultMessage="See More" />
                  )}
                </button>
              </div>
            )
          )}
        </div>
      )}
    </section>
  );
}
