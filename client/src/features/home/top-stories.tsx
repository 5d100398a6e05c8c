import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StoryList } from '../../components/story-list';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';

/** 'Explore Top Stories': the five most liked of all time; the spec's error box when the load fails. */
export function TopStories() {
  const user = useSessionUser();
  const top = trpc.explore.top.useQuery({ window: 'all', page: 1, limit: 5 });
  return (
    <section className="home-top" aria-labelledby="home-top-title">
      <div className="section-head">
        <h2 id="home-top-title">Explore Top Stories</h2>
        <Link href="/explore/top" className="see-more-link">
          All top stories
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
      </div>
      {top.isPending ? (
        <Loading label="Loading top stories…" />
      ) : top.error ? (
        <div className="home-top-failure">
          <ErrorBox error={top.error} />
          <button type="button" className="button secondary" onClick={() => void top.refetch()} disabled={top.isFetching}>
            Try again
          </button>
        </div>
      ) : (
        <StoryList
          items={top.data}
          label="Top stories"
          empty={
            <>
              No stories yet. <Link href={user ? '/story/write' : '/register'}>Yours could be the first.</Link>
            </>
          }
        />
      )}
    </section>
  );
}
