import '../../styles/explore.css';
import { Link } from 'wouter';
import { PagedStoryList } from './paged-story-list';
import { useNewStories } from './use-paged-list';
import { useDocumentTitle } from '../../components/use-document-title';

export function ExploreNew() {
  useDocumentTitle('New Stories');
  const list = useNewStories();
  return (
    <div className="page narrow-list">
      <p className="eyebrow">Explore</p>
      <h1>New Stories</h1>
      <p className="muted">The latest lives to be written here, newest first.</p>
      <PagedStoryList
        list={list}
        label="New stories"
        empty={
          <>
            No stories yet. <Link href="/story/write">Be the first to write one.</Link>
          </>
        }
      />
    </div>
  );
}
