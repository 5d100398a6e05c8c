import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StoryList } from '../../components/story-list';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import { FormattedMessage, useIntl } from 'react-intl';

/** 'Explore Top Stories': the five most liked of all time; the spec's error box when the load fails. */
export function TopStories() {
  const user = useSessionUser();
  const intl = useIntl();
  const top = trpc.explore.top.useQuery({ window: 'all', page: 1, limit: 5 });
  return (
    <section className="home-top" aria-labelledby="home-top-title">
      <div className="section-head">
        <h2 id="home-top-title">
          <FormattedMessage id="home.top.title" defaultMessage="Explore Top Stories" />
        </h2>
        <Link href="/explore/top" className="see-more-link">
          <FormattedMessage id="home.top.all" defaultMessage="All top stories" />
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
      </div>
      {top.isPending ? (
        <Loading label={intl.formatMessage({ id: 'home.top.loading', defaultMessage: 'Loading top stories…' })} />
      ) : top.error ? (
        <div className="home-top-failure">
          <ErrorBox error={top.error} />
          <button type="button" className="button secondary" onClick={() => void top.refetch()} disabled={top.isFetching}>
            <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
          </button>
        </div>
      ) : (
        <StoryList
          items={top.data}
          label={intl.formatMessage({ id: 'home.top.label', defaultMessage: 'Top stories' })}
          empty={
            <FormattedMessage
              id="home.top.empty"
              defaultMessage="No stories yet. <link>Yours could be the first.</link>"
              values={{ link: (chunks) => <Link href={user ? '/story/write' : '/register'}>{chunks}</Link> }}
            />
          }
        />
      )}
    </section>
  );
}
