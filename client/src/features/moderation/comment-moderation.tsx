// Beside a comment, for signed-in readers who did not write it: report it, or block its writer.
import { useIntl } from 'react-intl';
import { BlockCommenterButton } from './block-button';
import { ReportButton } from './report-dialog';

export function CommentModeration({
  commentId,
  username,
  onBlocked,
}: {
  commentId: number;
  username: string;
  onBlocked: (username: string) => void;
}) {
  const intl = useIntl();
  const subject = intl.formatMessage({ id: 'moderation.subject.comment', defaultMessage: 'comment by {username}' }, { username });
  return (
    <div className="comment-moderation">
      <ReportButton target={{ kind: 'comment', comment_id: commentId }} subject={subject} />
      <BlockCommenterButton username={username} onBlocked={onBlocked} />
    </div>
  );
}
