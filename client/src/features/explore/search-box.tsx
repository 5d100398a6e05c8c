import { Search } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { LIMITS } from '#contract/limits';
import type { SearchState } from './use-search';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

const LABELS = defineMessages({
  all: { id: 'search.label.all', defaultMessage: 'Search stories and people' },
  stories: { id: 'search.label.stories', defaultMessage: 'Search stories by title or author' },
  users: { id: 'search.label.users', defaultMessage: 'Search people by name or username' },
});

/** The search field and the Stories / Users toggles (pressed state announced; one at most). */
export function SearchBox({ search }: { search: SearchState }) {
  const id = useId();
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  // A server-rendered page's app starts on the first touch (lib/start-on-first-touch.ts): what was typed before it
  // hydrated is in the field but not in the search; React's hydration keeps the field as it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field is first there.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== search.text) search.setText(typed);
  }, []);
  return (
    <search className="search-box">
      <div className="field search-field">
        <label htmlFor={id}>{intl.formatMessage(LABELS[search.kind])}</label>
        <div className="search-input">
          <Search aria-hidden="true" size={20} className="search-input-icon" />
          <input
            ref={input}
            id={id}
            type="search"
            dir="auto"
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
            placeholder={
              search.kind === 'users'
                ? intl.formatMessage({ id: 'search.placeholder.users', defaultMessage: 'A name or a username' })
                : intl.formatMessage({ id: 'search.placeholder', defaultMessage: 'A title, a name, a word…' })
            }
            autoComplete="off"
            spellCheck={false}
            maxLength={LIMITS.searchTextMax}
            enterKeyHint="search"
          />
        </div>
      </div>
      <fieldset className="toggle-group" aria-label={intl.formatMessage({ id: 'search.only', defaultMessage: 'Search only' })}>
        <button type="button" aria-pressed={search.kind === 'stories'} onClick={() => search.toggle('stories')}>
          <FormattedMessage id="search.stories" defaultMessage="Stories" />
        </button>
        <button type="button" aria-pressed={search.kind === 'users'} onClick={() => search.toggle('users')}>
          <FormattedMessage id="search.users" defaultMessage="Users" />
        </button>
      </fieldset>
    </search>
  );
}
