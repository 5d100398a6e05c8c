import '../styles/explore.css';
import { Link } from 'wouter';
import { PagedStoryList } from '../components/explore/paged-story-list';
import { PAGE_SIZE, usePagedList } from '../components/explore/use-paged-list';
import { useDocumentTitle } from '../components/use-document-title';
import { trpc } from '../lib/trpc';

/** The signed-in person's saved stories, most recently saved first (the route is Protected). */
export function Saved() {
  useDocumentTitle('Saved Stories');
  const utils = trpc.useUtils();
  const list = usePagedList({
    key: 'saved',
    fetchPage: (page) => utils.explore.saved.fetch({ page, limit: PAGE_SIZE }, { staleTime: 0 }),
    fetchCount: () => utils.explore.savedCount.fetch(undefined, { staleTime: 0 }),
  });
  return (
    <div className="page narrow-list">
      <p className="eyebrow">Your library</p>
      <h1>Saved Stories</h1>
      <p className="muted">Stories you kept to read again, most recently saved first.</p>
      <PagedStoryList
        list={list}
        label="Saved stories"
        empty={
          <>
            You have not saved any stories yet. <Link href="/explore">Explore stories</Link>
          </>
        }
      />
    </div>
  );
}
