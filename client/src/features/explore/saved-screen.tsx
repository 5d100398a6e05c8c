import '../../styles/explore.css';
import { Link } from 'wouter';
import { PagedStoryList } from './paged-story-list';
import { useBookmarkedStories } from './use-paged-list';
import { useDocumentTitle } from '../../components/use-document-title';

/** The signed-in person's saved stories, most recently saved first (the route is Protected). */
export function Saved() {
  useDocumentTitle('Saved Stories');
  const list = useBookmarkedStories();
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
