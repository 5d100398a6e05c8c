import { useEffect, useRef } from 'react';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StoryList } from '../../components/story-list';
import type { SearchKind, SearchState } from './use-search';

const NONE = {
  all: (t: string) => `No stories or people match “${t}”.`,
  stories: (t: string) => `No stories match “${t}”.`,
  users: (t: string) => `No people match “${t}”.`,
} satisfies Record<SearchKind, (text: string) => string>;

function countLine(count: number, more: boolean): string {
  const matches = `${count} ${count === 1 ? 'match' : 'matches'}`;
  return more ? `${matches} shown. See More shows the next ones.` : matches;
}

/**
 * While searching, only this shows: the matches (highlighted), or why there are none, and See More while
 * more matches remain. After See More, focus moves to the first new row, as in the other lists.
 */
export function SearchResults({ search }: { search: SearchState }) {
  const term = search.text.trim();
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
        Results for “<bdi>{term}</bdi>”
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {search.final && !search.loadingMore ? (count === 0 ? NONE[search.kind](term) : countLine(count, search.hasMore)) : ''}
      </p>
      {search.error ? (
        <ErrorBox error={search.error} />
      ) : search.final && count === 0 ? (
        <p className="empty-state">{NONE[search.kind](term)}</p>
      ) : count === 0 ? (
        <Loading label="Searching…" />
      ) : (
        <div ref={wrapper} className={search.final ? 'search-list' : 'search-list stale'}>
          <StoryList items={search.items} empty={null} label={`Results for ${term}`} />
          {search.moreError ? (
            <div className="paged-failure">
              <ErrorBox error={search.moreError} />
              <button type="button" className="button secondary" onClick={search.more}>
                Try again
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
                  {search.loadingMore ? 'Loading…' : 'See More'}
                </button>
              </div>
            )
          )}
        </div>
      )}
    </section>
  );
}
