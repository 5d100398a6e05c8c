import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { Comment } from '#contract/social';
import { useDates } from '../../lib/i18n';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import { Avatar } from '../../components/avatar';
import { FormattedMessage, useIntl } from 'react-intl';

// Only signed-in readers see it: its code comes then (docs/decisions/0038-lighter-reader-pages.md).
const CommentModeration = lazy(() => import('../moderation').then((m) => ({ default: m.CommentModeration })));

/** One comment. Its text is plain text with its line breaks kept, never HTML; the author's and the text's direction are their own. */
export function CommentItem({
  comment,
  storyUsername,
  onDeleted,
  onBlocked,
}: {
  comment: Comment;
  storyUsername: string;
  onDeleted: (id: number) => void;
  onBlocked: (username: string) => void;
}) {
  const user = useSessionUser();
  const [failed, setFailed] = useState(false);
  const intl = useIntl();
  const dates = useDates();
  const remove = trpc.social.deleteComment.useMutation({
    onSuccess: () => onDeleted(comment.comment_id),
    onError: () => setFailed(true),
  });
  const mine = user?.username === comment.username;
  // The story's author may delete any comment on their story (docs/decisions/0020-moderation.md).
  const onMyStory = !!user && user.username.toLowerCase() === storyUsername;

  const onDelete = () => {
    const prompt = mine
      ? intl.formatMessage({ id: 'comments.confirmDelete', defaultMessage: 'Are you sure you want to delete your comment?' })
      : intl.formatMessage(
          { id: 'comments.confirmDeleteOther', defaultMessage: 'Delete this comment by {username} from your story?' },
          { username: comment.username },
        );
    if (!window.confirm(prompt)) return;
    setFailed(false);
    remove.mutate({ comment_id: comment.comment_id });
  };

  return (
    <li className="comment">
      <Avatar image={comment.image} username={comment.username} size={40} alt="" className="story-avatar" />
      <div className="comment-body">
        <div className="comment-meta">
          <span className="comment-who">
            <Link href={storyPath(comment.username)} className="comment-author">
              <bdi>{comment.username}</bdi>
            </Link>
            <time dateTime={comment.timestamp}>{dates.longDate(comment.timestamp)}</time>
          </span>
          {(mine || onMyStory) && (
            <button
              type="button"
              className="icon-button comment-delete"
              aria-label={intl.formatMessage({ id: 'comments.delete', defaultMessage: 'Delete comment' })}
              title={intl.formatMessage({ id: 'comments.delete', defaultMessage: 'Delete comment' })}
              onClick={onDelete}
              disabled={remove.isPending}
            >
              <Trash2 size={17} aria-hidden="true" />
            </button>
          )}
        </div>
        {failed ? (
          <p className="comment-text failed" role="alert">
            <FormattedMessage id="error.commentDelete" defaultMessage="Failed to delete comment." />
          </p>
        ) : (
          <p className="comment-text" dir="auto">
            {comment.text}
          </p>
        )}
        {user && !mine && (
          <Suspense fallback={null}>
            <CommentModeration commentId={comment.comment_id} username={comment.username} onBlocked={onBlocked} />
          </Suspense>
        )}
      </div>
    </li>
  );
}
