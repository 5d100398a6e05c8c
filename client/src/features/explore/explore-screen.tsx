import '../../styles/explore.css';
import { Link } from 'wouter';
import { PreviewSection } from './preview-section';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';
import { useSearch, type SearchKind } from './use-search';
import { useDocumentTitle } from '../../components/use-document-title';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

const TITLES = defineMessages({
  all: { id: 'explore.title.all', defaultMessage: 'Search' },
  stories: { id: 'explore.title.stories', defaultMessage: 'Search by Story' },
  users: { id: 'explore.title.users', defaultMessage: 'Search by User' },
}) satisfies Record<SearchKind, unknown>;
const PREVIEW = { page: 1, limit: 5 } as const;

export function Explore() {
  const search = useSearch();
  const intl = useIntl();
  const title = intl.formatMessage(TITLES[search.kind]);
  useDocumentTitle(title);
  return (
    <div className="page explore">
      <header className="explore-head">
        <p className="eyebrow">
          <FormattedMessage id="nav.explore" defaultMessage="Explore" />
        </p>
        <h1>{title}</h1>
        <p className="muted explore-lede">
          <FormattedMessage
            id="explore.lede"
            defaultMessage="Find a story by its title or its author, or a person by name. Results appear as you type."
          />
        </p>
        <SearchBox search={search} />
      </header>
      {search.searching ? <SearchResults search={search} /> : <Previews />}
    </div>
  );
}

/** Not searching: the saved (signed in, when there are any), top and new previews, five each. */
function Previews() {
  const user = useSessionUser();
  const saved = trpc.explore.bookmarks.useQuery(PREVIEW, { enabled: !!user });
  const top = trpc.explore.top.useQuery({ window: 'all', ...PREVIEW });
  const fresh = trpc.explore.new.useQuery(PREVIEW);
  const showSaved = !!user && (saved.error || (saved.data && saved.data.length > 0));
  const intl = useIntl();
  return (
    <>
      {showSaved && (
        <PreviewSection
          id="saved"
          title={intl.formatMessage({ id: 'explore.saved', defaultMessage: 'Saved Stories' })}
          href="/saved"
          query={saved}
          empty={null}
        />
      )}
      <PreviewSection
        id="top"
        title={intl.formatMessage({ id: 'explore.top', defaultMessage: 'Top Stories' })}
        href="/explore/top"
        query={top}
        empty={<NoStoriesYet />}
      />
      <PreviewSection
        id="new"
        title={intl.formatMessage({ id: 'explore.new', defaultMessage: 'New Stories' })}
        href="/explore/new"
        query={fresh}
        empty={<NoStoriesYet />}
      />
    </>
  );
}

function NoStoriesYet() {
  const user = useSessionUser();
  return (
    <>
      <FormattedMessage id="explore.noStories" defaultMessage="No stories yet." />{' '}
      <Link href={user ? '/story/write' : '/register'}>
        {user ? (
          <FormattedMessage id="explore.beFirst" defaultMessage="Be the first to write one." />
        ) : (
          <FormattedMessage id="explore.joinFirst" defaultMessage="Join and write the first one." />
        )}
      </Link>
    </>
  );
}
