import { useState } from 'react';
import { Loading } from '../../components/loading';
import { ErrorBox } from '../../components/error-box';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { usePagedComments } from './use-paged-comments';
import { FormattedMessage, useIntl } from 'react-intl';

export function Comments({ storyUsername }: { storyUsername: string }) {
  const list = usePagedComments(storyUsername);
  // Once someone is blocked their comments leave this list at once (the server leaves them out from now on).
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(() => new Set());
  const shown = list.comments.filter((c) => !blocked.has(c.username));
  const intl = useIntl();
  const heading =
    list.total === undefined
      ? intl.formatMessage({ id: 'comments.title', defaultMessage: 'Comments' })
      : intl.formatMessage(
          { id: 'comments.count', defaultMessage: '{count, plural, one {# Comment} other {# Comments}}' },
          { count: list.total },
        );
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{heading}</h2>
      <CommentForm storyUsername={storyUsername} onCreated={list.created} />
      <ErrorBox error={list.error ?? undefined} />
      {list.firstLoad ? (
        <Loading label={intl.formatMessage({ id: 'comments.loading', defaultMessage: 'Loading comments…' })} />
      ) : shown.length === 0 ? (
        !list.error && (
          <p className="empty-state">
            <FormattedMessage id="comments.empty" defaultMessage="No comments yet. Be the first to leave a kind word." />
          </p>
        )
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
            {list.loadingMore ? (
              <FormattedMessage id="common.loading" defaultMessage="Loading…" />
            ) : (
              <FormattedMessage id="common.seeMore" defaultMessage="See More" />
            )}
          </button>
        </div>
      )}
    </section>
  );
}
