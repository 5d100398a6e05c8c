// The end of a page's text (issue #26, point 7): where the reader's eyes are when the page is read, a large Next
// Page, so no one has to look for the bar below (which stays, above the comments). The last page says the story ends.
import { ChevronRight } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';

export function PageEnd({ page, pageCount, onGoToPage }: { page: number; pageCount: number; onGoToPage: (n: number) => void }) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  if (page >= pageCount)
    return (
      <p className="story-page-end story-page-end-last">
        <FormattedMessage id="story.theEnd" defaultMessage="The end of the story." />
      </p>
    );
  return (
    <nav className="story-page-end" aria-label={intl.formatMessage({ id: 'story.pageEnd.label', defaultMessage: 'End of the page' })}>
      <p>
        <FormattedMessage id="story.pageEnd" defaultMessage="End of page {page} of {count}." values={{ page, count: pageCount }} />
      </p>
      <button type="button" className="button large" onClick={() => onGoToPage(page + 1)}>
        <FormattedMessage id="story.nextPage" defaultMessage="Next Page" />
        <ChevronRight size={20} aria-hidden="true" />
      </button>
    </nav>
  );
}
