import '../../styles/explore.css';
import { Link } from 'wouter';
import { PagedStoryList } from './paged-story-list';
import { useNewStories } from './use-paged-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { FormattedMessage, useIntl } from 'react-intl';

export function ExploreNew() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'explore.new', defaultMessage: 'New Stories' }));
  const list = useNewStories();
  return (
    <div className="page narrow-list">
      <p className="eyebrow">
        <FormattedMessage id="nav.explore" defaultMessage="Explore" />
      </p>
      <h1>
        <FormattedMessage id="explore.new" defaultMessage="New Stories" />
      </h1>
      <p className="muted">
        <FormattedMessage id="new.lede" defaultMessage="The latest lives to be written here, newest first." />
      </p>
      <PagedStoryList
        list={list}
        label={intl.formatMessage({ id: 'new.listLabel', defaultMessage: 'New stories' })}
        empty={
          <>
            <FormattedMessage id="explore.noStories" defaultMessage="No stories yet." />{' '}
            <Link href="/story/write">
              <FormattedMessage id="explore.beFirst" defaultMessage="Be the first to write one." />
            </Link>
          </>
        }
      />
    </div>
  );
}
