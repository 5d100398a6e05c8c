import { ErrorBox } from '../error-box';
import { Loading } from '../loading';
import { StoryList } from '../story-list';
import type { SearchKind, SearchState } from './use-search';

const NONE = {
  all: (t: string) => `No stories or people match “${t}”.`,
  stories: (t: string) => `No stories match “${t}”.`,
  users: (t: string) => `No people match “${t}”.`,
} satisfies Record<SearchKind, (text: string) => string>;

/** While searching, only this shows: the matches (highlighted), or why there are none. */
export function SearchResults({ search }: { search: SearchState }) {
  const term = search.text.trim();
  const count = search.items.length;
  return (
    <section
      className="search-results"
      aria-labelledby="search-results-title"
      data-results-for={search.itemsFor ?? ''}
      aria-busy={!search.final && !search.error}
    >
      <h2 id="search-results-title" className="search-results-title">
        Results for “<bdi>{term}</bdi>”
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {search.final ? (count === 0 ? NONE[search.kind](term) : `${count} ${count === 1 ? 'match' : 'matches'}`) : ''}
      </p>
      {search.error ? (
        <ErrorBox error={search.error} />
      ) : search.final && count === 0 ? (
        <p className="empty-state">{NONE[search.kind](term)}</p>
      ) : count === 0 ? (
        <Loading label="Searching…" />
      ) : (
        <div className={search.final ? 'search-list' : 'search-list stale'}>
          <StoryList items={search.items} empty={null} label={`Results for ${term}`} />
        </div>
      )}
    </section>
  );
}
