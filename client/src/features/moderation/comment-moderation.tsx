// Beside a comment, for signed-in readers who did not write it: report it, or block its writer.
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
  return (
    <div className="comment-moderation">
      <ReportButton target={{ kind: 'comment', comment_id: commentId }} label="Report" subject={`comment by ${username}`} />
      <BlockCommenterButton username={username} onBlocked={onBlocked} />
    </div>
  );
}
