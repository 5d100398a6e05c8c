// The author's own buttons in the story bar: Edit, the "keep it" links and Delete Story. Loaded only for the author
// (story-actions.tsx), never for a reader (docs/decisions/0038-lighter-reader-pages.md).
import { BookDown, FileText, Pencil, Printer, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import type { BarPosition } from './use-story-marks';
import { FormattedMessage, useIntl } from 'react-intl';

/** Edit, and at the top the "keep it" links. */
export function OwnerActions({ username, position }: { username: string; position: BarPosition }) {
  return (
    <div className="story-owner-actions">
      <Link href="/story/write" className="button secondary small">
        <Pencil size={16} aria-hidden="true" />
        <FormattedMessage id="story.edit" defaultMessage="Edit" />
      </Link>
      {position === 'top' && <KeepIt username={username} />}
    </div>
  );
}

/** Delete Story, apart from the other buttons so a tap meant for Print never lands on it (issue #26). */
export function DeleteStory({ username }: { username: string }) {
  const deleteStory = useDeleteStory(username);
  return (
    <>
      <div className="story-delete">
        <button type="button" className="button danger small" onClick={deleteStory.start} disabled={deleteStory.pending}>
          <Trash2 size={16} aria-hidden="true" />
          {deleteStory.pending ? (
            <FormattedMessage id="common.deleting" defaultMessage="Deleting…" />
          ) : (
            <FormattedMessage id="story.delete" defaultMessage="Delete Story" />
          )}
        </button>
      </div>
      {deleteStory.failed && <ErrorBox message="Failed to delete story." />}
    </>
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
        <FormattedMessage id="story.keep.epub" defaultMessage="Download as a book" />
      </a>
      <a href={`${base}/book.docx`} download className="button secondary small">
        <FileText size={16} aria-hidden="true" />
        <FormattedMessage id="story.keep.docx" defaultMessage="Download as Word (.docx)" />
      </a>
      <a href={`${base}/print`} className="button secondary small">
        <Printer size={16} aria-hidden="true" />
        <FormattedMessage id="story.keep.print" defaultMessage="Print / save as PDF" />
      </a>
    </>
  );
}

/** Delete Story: confirmed, then the author goes to their profile; lists and counts are refreshed. */
function useDeleteStory(username: string) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [failed, setFailed] = useState(false);
  const intl = useIntl();
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
    if (!window.confirm(intl.formatMessage({ id: 'story.confirmDelete', defaultMessage: 'Are you sure you want to delete your story?' })))
      return;
    setFailed(false);
    remove.mutate({ story_username: username });
  };
  return { start, pending: remove.isPending, failed };
}
