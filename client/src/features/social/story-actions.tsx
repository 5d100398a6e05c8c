import { Bookmark, BookDown, FileText, Heart, Pencil, Printer, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Story } from '#contract/stories';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import type { BarPosition, StoryMarks } from './use-story-marks';

/** A like or save button: pressed state for signed-in people, its label saying what a click does, filled when on. */
function MarkToggle(props: {
  kind: 'like' | 'save';
  icon: LucideIcon;
  on: boolean;
  labels: [off: string, on: string];
  marks: StoryMarks;
  pending: boolean;
  onToggle: () => void;
}) {
  const { kind, icon: Icon, on, labels, marks, pending, onToggle } = props;
  const label = on ? labels[1] : labels[0];
  return (
    <button
      type="button"
      className={`icon-button mark-button ${kind}${on ? ' on' : ''}`}
      aria-pressed={marks.signedIn ? on : undefined}
      aria-label={label}
      title={label}
      disabled={!marks.ready || pending}
      onClick={onToggle}
    >
      <Icon size={21} aria-hidden="true" fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}

/** Like (red heart) and save (amber bookmark) for everyone; Edit, and at the top Delete Story, for the author. */
export function StoryActions({
  story,
  marks,
  isAuthor,
  position,
}: {
  story: Story;
  marks: StoryMarks;
  isAuthor: boolean;
  position: BarPosition;
}) {
  const likes = story.like_count;
  const failure = marks.failure?.where === position ? marks.failure.message : null;
  const deleteStory = useDeleteStory(story.username);
  return (
    <div className="story-actions-wrap">
      <div className="story-actions">
        <div className="story-marks">
          <MarkToggle
            kind="like"
            icon={Heart}
            on={marks.liked}
            labels={['Like', 'Unlike']}
            marks={marks}
            pending={marks.likePending}
            onToggle={() => marks.toggleLike(position)}
          />
          <span className="like-count">
            {likes}
            <span className="visually-hidden">{likes === 1 ? ' like' : ' likes'}</span>
          </span>
          <MarkToggle
            kind="save"
            icon={Bookmark}
            on={marks.bookmarked}
            labels={['Save', 'Unsave']}
            marks={marks}
            pending={marks.bookmarkPending}
            onToggle={() => marks.toggleBookmark(position)}
          />
        </div>
        {isAuthor && (
          <div className="story-owner-actions">
            <Link href="/story/write" className="button secondary small">
              <Pencil size={16} aria-hidden="true" />
              Edit
            </Link>
            {position === 'top' && <KeepIt username={story.username} />}
          </div>
        )}
      </div>
      {/* Apart from the other buttons, so a tap meant for Print never lands on it (issue #26). */}
      {isAuthor && position === 'top' && (
        <div className="story-delete">
          <button type="button" className="button danger small" onClick={deleteStory.start} disabled={deleteStory.pending}>
            <Trash2 size={16} aria-hidden="true" />
            {deleteStory.pending ? 'Deleting…' : 'Delete Story'}
          </button>
        </div>
      )}
      <ErrorBox message={failure} />
      {position === 'top' && deleteStory.failed && <ErrorBox message="Failed to delete story." />}
      {position === 'top' && marks.flagsError && <ErrorBox error={marks.flagsError} />}
    </div>
  );
}

/**
 * The author's "keep it" links: the book as an EPUB file, as a Word document to change or share, and laid out to print
 * or save as a PDF. Plain links, not the router's: the server answers them (docs/decisions/0018-books-and-data-export.md,
 * docs/decisions/0034-word-and-readable-copies.md).
 */
function KeepIt({ username }: { username: string }) {
  const base = `/story/${encodeURIComponent(username)}`;
  return (
    <>
      <a href={`${base}/book.epub`} download className="button secondary small">
        <BookDown size={16} aria-hidden="true" />
        Download as a book
      </a>
      <a href={`${base}/book.docx`} download className="button secondary small">
        <FileText size={16} aria-hidden="true" />
        Download as Word (.docx)
      </a>
      <a href={`${base}/print`} className="button secondary small">
        <Printer size={16} aria-hidden="true" />
        Print / save as PDF
      </a>
    </>
  );
}

/** Delete Story: confirmed, then the author goes to their profile; lists and counts are refreshed. */
function useDeleteStory(username: string) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [failed, setFailed] = useState(false);
  const remove = trpc.stories.delete.useMutation({
    onSuccess: () => {
      // Leave first: refreshing this story while on it would flash "You haven't written a story yet!".
      navigate('/profile');
      // Refetch stories even when no screen shows them, so coming back never shows the deleted one.
      void utils.stories.invalidate(undefined, { refetchType: 'all' });
      void utils.invalidate();
    },
    onError: () => setFailed(true),
  });
  const start = () => {
    if (!window.confirm('Are you sure you want to delete your story?')) return;
    setFailed(false);
    remove.mutate({ story_username: username });
  };
  return { start, pending: remove.isPending, failed };
}
