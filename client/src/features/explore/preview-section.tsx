import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ListItem } from '#contract/explore';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StoryList } from '../../components/story-list';
import { FormattedMessage, useIntl } from 'react-intl';

interface PreviewQuery {
  data: readonly ListItem[] | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** One of Explore's five-story previews with its 'See More' link to the full list. */
export function PreviewSection({
  id,
  title,
  href,
  query,
  empty,
}: {
  id: string;
  title: string;
  href: string;
  query: PreviewQuery;
  empty: ReactNode;
}) {
  const headingId = `${id}-title`;
  const intl = useIntl();
  return (
    <section className="preview-section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        <Link href={href} className="see-more-link">
          <FormattedMessage id="common.seeMore" defaultMessage="See More" />
          <span className="visually-hidden"> {title}</span>
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
      </div>
      {query.isPending ? (
        <Loading
          label={intl.formatMessage({ id: 'explore.loadingList', defaultMessage: 'Loading {list}…' }, { list: title.toLowerCase() })}
        />
      ) : query.error ? (
        <div className="paged-failure">
          <ErrorBox error={query.error} />
          <button type="button" className="button secondary" onClick={() => void query.refetch()}>
            <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
          </button>
        </div>
      ) : (
        <StoryList items={query.data ?? []} empty={empty} label={title} />
      )}
    </section>
  );
}
