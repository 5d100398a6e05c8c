import '../../styles/explore.css';
import { useLocation, useSearch } from 'wouter';
import type { TopWindowName } from '#contract/explore';
import { PagedStoryList } from './paged-story-list';
import { tabId, TOP_PANEL_ID, TOP_WINDOWS, TopWindowTabs } from './top-window-tabs';
import { useTopStories } from './use-paged-list';
import { useDocumentTitle } from '../../components/use-document-title';

const EMPTY: Record<TopWindowName, string> = {
  month: 'No story has been liked this month yet.',
  year: 'No story has been liked this year yet.',
  all: 'No stories yet.',
};

/**
 * ?window=month|year (All Time, the default, has no parameter), so a shared link opens the same tab. The only query
 * parameter a server-rendered screen reads (entry-server.tsx's pageSearch).
 */
export function windowFrom(search: string): TopWindowName {
  const w = new URLSearchParams(search).get('window');
  return w === 'month' || w === 'year' ? w : 'all';
}

export function ExploreTop() {
  useDocumentTitle('Top Stories');
  const [location, navigate] = useLocation();
  const topWindow = windowFrom(useSearch());
  // A tab switch clears the list and loads it afresh, as the spec asks.
  const list = useTopStories(topWindow);
  const label = TOP_WINDOWS.find((w) => w.value === topWindow)!.label;

  return (
    <div className="page narrow-list">
      <p className="eyebrow">Explore</p>
      <h1>Top Stories</h1>
      <p className="muted">
        The most liked stories{' '}
        {topWindow === 'all' ? 'of all time' : topWindow === 'month' ? 'of the last 30 days' : 'of the last 12 months'}.
      </p>
      <TopWindowTabs value={topWindow} onChange={(w) => navigate(w === 'all' ? location : `${location}?window=${w}`, { replace: true })} />
      <div className="tab-panel" role="tabpanel" id={TOP_PANEL_ID} aria-labelledby={tabId(topWindow)}>
        <PagedStoryList list={list} label={`Top stories, ${label.toLowerCase()}`} empty={EMPTY[topWindow]} />
      </div>
    </div>
  );
}
