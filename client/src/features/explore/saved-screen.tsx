import '../../styles/explore.css';
import { Link } from 'wouter';
import { PagedStoryList } from './paged-story-list';
import { useBookmarkedStories } from './use-paged-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { FormattedMessage, useIntl } from 'react-intl';

/** The signed-in person's saved stories, most recently saved first (the route is Protected). */
export function Saved() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'explore.saved', defaultMessage: 'Saved Stories' }));
  const list = useBookmarkedStories();
  return (
    <div className="page narrow-list">
      <p className="eyebrow">
        <FormattedMessage id="saved.eyebrow" defaultMessage="Your library" />
      </p>
      <h1>
        <FormattedMessage id="explore.saved" defaultMessage="Saved Stories" />
      </h1>
      <p className="muted">
        <FormattedMessage id="saved.lede" defaultMessage="Stories you kept to read again, most recently saved first." />
      </p>
      <PagedStoryList
        list={list}
        label={intl.formatMessage({ id: 'saved.listLabel', defaultMessage: 'Saved stories' })}
        empty={
          <>
            <FormattedMessage id="saved.empty" defaultMessage="You have not saved any stories yet." />{' '}
            <Link href="/explore">
              <FormattedMessage id="notFound.explore" defaultMessage="Explore stories" />
            </Link>
          </>
        }
      />
    </div>
  );
}
