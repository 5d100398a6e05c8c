import { useState } from 'react';
import { Loading } from '../../components/loading';
import { ErrorBox } from '../../components/error-box';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { usePagedComments } from './use-paged-comments';

export function Comments({ storyUsername }: { storyUsername: string }) {
  const list = usePagedComments(storyUsername);
  // Once someone is blocked their comments leave this list at once (the server leaves them out from now on).
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(() => new Set());
  const shown = list.comments.filter((c) => !blocked.has(c.username));
  const heading = list.total === undefined ? 'Comments' : `${list.total} ${list.total === 1 ? 'Comment' : 'Comments'}`;
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{heading}</h2>
      <CommentForm storyUsername={storyUsername} onCreated={list.created} />
      <ErrorBox error={list.error ?? undefined} />
      {list.firstLoad ? (
        <Loading label="Loading comments…" />
      ) : shown.length === 0 ? (
        !list.error && <p className="empty-state">No comments yet. Be the first to leave a kind word.</p>
      ) : (
        <ol className="comment-list">
          {shown.map((c) => (
            <CommentItem
              key={c.comment_id}
              comment={c}
              storyUsername={storyUsername}
              onDeleted={list.deleted}
              onBlocked={(name) => setBlocked((set) => new Set(set).add(name))}
            />
          ))}
        </ol>
      )}
      {list.hasMore && !list.firstLoad && (
        <div className="see-more">
          <button type="button" className="button secondary" onClick={list.seeMore} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading…' : 'See More'}
          </button>
        </div>
      )}
    </section>
  );
}
