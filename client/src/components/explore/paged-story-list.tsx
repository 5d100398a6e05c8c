import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorBox } from '../error-box';
import { Loading } from '../loading';
import { StoryList } from '../story-list';
import type { PagedList } from './use-paged-list';

/**
 * A paged list on screen: the rows, a count, See More while more remain, and an error with a way to try
 * again. After See More, focus moves to the first new row so keyboard users carry on reading from there.
 */
export function PagedStoryList({ list, label, empty }: { list: PagedList; label: string; empty: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const wantFocus = useRef(false);

  useEffect(() => {
    if (!wantFocus.current || list.appendedFrom === null) return;
    wantFocus.current = false;
    wrapper.current?.querySelectorAll<HTMLAnchorElement>('.story-row a')[list.appendedFrom]?.focus();
  }, [list.appendedFrom, list.items.length]);

  const firstLoad = list.items.length === 0;
  if (firstLoad && list.loading) return <Loading label="Loading stories…" />;
  if (firstLoad && list.error) return <Failure error={list.error} retry={list.retry} />;

  return (
    <div ref={wrapper} className="paged-list" aria-busy={list.loading}>
      <StoryList items={list.items} empty={empty} label={label} />
      {list.items.length > 0 && list.total !== null && (
        <p className="paged-count muted" aria-live="polite">
          Showing {list.items.length} of {list.total} {list.total === 1 ? 'story' : 'stories'}
        </p>
      )}
      {list.error ? (
        <Failure error={list.error} retry={list.retry} />
      ) : (
        (list.hasMore || (list.loading && !firstLoad)) && (
          <div className="see-more">
            <button
              type="button"
              className="button secondary large"
              onClick={() => {
                wantFocus.current = true;
                list.more();
              }}
              disabled={list.loading}
            >
              {list.loading ? 'Loading…' : 'See More'}
            </button>
          </div>
        )
      )}
    </div>
  );
}

function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="paged-failure">
      <ErrorBox error={error} />
      <button type="button" className="button secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
