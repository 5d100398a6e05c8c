import '../../styles/explore.css';
import { useLocation, useSearch } from 'wouter';
import type { TopWindowName } from '#contract/explore';
import { PagedStoryList } from './paged-story-list';
import { tabId, TOP_PANEL_ID, TOP_WINDOWS, TopWindowTabs } from './top-window-tabs';
import { useTopStories } from './use-paged-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';

const EMPTY = defineMessages({
  month: { id: 'top.empty.month', defaultMessage: 'No story has been liked this month yet.' },
  year: { id: 'top.empty.year', defaultMessage: 'No story has been liked this year yet.' },
  all: { id: 'explore.noStories', defaultMessage: 'No stories yet.' },
}) as Record<TopWindowName, MessageDescriptor>;

/**
 * ?window=month|year (All Time, the default, has no parameter), so a shared link opens the same tab. The only query
 * parameter a server-rendered screen reads (entry-server.tsx's pageSearch).
 */
export function windowFrom(search: string): TopWindowName {
  const w = new URLSearchParams(search).get('window');
  return w === 'month' || w === 'year' ? w : 'all';
}

export function ExploreTop() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'explore.top', defaultMessage: 'Top Stories' }));
  const [location, navigate] = useLocation();
  const topWindow = windowFrom(useSearch());
  // A tab switch clears the list and loads it afresh, as the spec asks.
  const list = useTopStories(topWindow);
  const label = intl.formatMessage(TOP_WINDOWS.find((w) => w.value === topWindow)!.label);

  return (
    <div className="page narrow-list">
      <p className="eyebrow">
        <FormattedMessage id="nav.explore" defaultMessage="Explore" />
      </p>
      <h1>
        <FormattedMessage id="explore.top" defaultMessage="Top Stories" />
      </h1>
      <p className="muted">
        <FormattedMessage
          id="top.lede"
          defaultMessage="The most liked stories {window, select, all {of all time} month {of the last 30 days} other {of the last 12 months}}."
          values={{ window: topWindow }}
        />
      </p>
      <TopWindowTabs value={topWindow} onChange={(w) => navigate(w === 'all' ? location : `${location}?window=${w}`, { replace: true })} />
      <div className="tab-panel" role="tabpanel" id={TOP_PANEL_ID} aria-labelledby={tabId(topWindow)}>
        <PagedStoryList
          list={list}
          label={intl.formatMessage({ id: 'top.listLabel', defaultMessage: 'Top stories, {window}' }, { window: label.toLowerCase() })}
          empty={intl.formatMessage(EMPTY[topWindow])}
        />
      </div>
    </div>
  );
}
