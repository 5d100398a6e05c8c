import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Comment } from '#contract/social';
import { LIMITS } from '#contract/limits';
import { cleanMultiline, hasVisibleText } from '#contract/visible-text';
import { errorCode, errorMessage } from '../../lib/errors';
import { loginPathReturningTo } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import { FormattedMessage, useIntl } from 'react-intl';
import { translateServerText } from '../../lib/server-messages';

// The spec's wording says "words", but the count is characters (as the server counts them).
const TOO_LONG = `Comment exceeds the limit of ${LIMITS.commentMax} words.`;
/** Show a character count only when the limit is getting close. */
const COUNT_FROM = LIMITS.commentMax - 500;

/** The comment box: Enter sends, Shift+Enter starts a new line; visitors see it disabled. */
export function CommentForm({ storyUsername, onCreated }: { storyUsername: string; onCreated: (c: Comment) => void }) {
  const user = useSessionUser();
  const [location] = useLocation();
  const id = useId();
  const intl = useIntl();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = trpc.social.comment.useMutation({
    onSuccess: (comment) => {
      setText('');
      onCreated(comment);
    },
    // A refusal meant for the person (blocked by the author: 403) is shown as the server says it.
    onError: (e) => setProblem(errorCode(e) === 'FORBIDDEN' ? errorMessage(e) : 'Failed to create comment.'),
  });

  const send = () => {
    if (!user || create.isPending) return;
    // Cleaned and checked as the server does, so a comment of only invisible characters is not sent.
    const body = cleanMultiline(text);
    if (body.length > LIMITS.commentMax) {
      setProblem(TOO_LONG);
      return;
    }
    if (!hasVisibleText(body)) return;
    setProblem(null);
    create.mutate({ story_username: storyUsername, text: body });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (IME) picks a candidate; it must not send half a word.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const length = cleanMultiline(text).length;
  return (
    <form className="comment-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        <FormattedMessage id="comments.field" defaultMessage="Comment" />
      </label>
      <div className="comment-input">
        <textarea
          id={id}
          dir="auto"
          rows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (problem === TOO_LONG && cleanMultiline(e.target.value).length <= LIMITS.commentMax) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          disabled={!user}
          placeholder={
            user
              ? intl.formatMessage({ id: 'comments.placeholder', defaultMessage: 'Comment...' })
              : intl.formatMessage({ id: 'comments.placeholderSignedOut', defaultMessage: 'Must be signed in to comment' })
          }
          aria-invalid={problem === TOO_LONG || undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        />
        <button
          type="submit"
          className="icon-button comment-send"
          aria-label={intl.formatMessage({ id: 'comments.send', defaultMessage: 'Send comment' })}
          title={intl.formatMessage({ id: 'comments.send', defaultMessage: 'Send comment' })}
          disabled={!user || create.isPending}
        >
          <SendHorizontal size={20} aria-hidden="true" />
        </button>
      </div>
      <div className="comment-form-foot">
        {problem ? (
          <p className="field-error" id={`${id}-problem`} role="alert">
            {translateServerText(intl, problem)}
          </p>
        ) : user ? (
          <p className="field-hint" id={`${id}-hint`}>
            <FormattedMessage id="comments.hint" defaultMessage="Enter to send, Shift+Enter for a new line." />
          </p>
        ) : (
          <p className="field-hint" id={`${id}-hint`}>
            <FormattedMessage
              id="comments.logIn"
              defaultMessage="<link>Log in</link> to join the conversation."
              values={{ link: (chunks) => <Link href={loginPathReturningTo(location)}>{chunks}</Link> }}
            />
          </p>
        )}
        {user && length > COUNT_FROM && (
          <p className={length > LIMITS.commentMax ? 'comment-length over' : 'comment-length'}>
            {intl.formatNumber(length)} / {intl.formatNumber(LIMITS.commentMax)}
          </p>
        )}
      </div>
    </form>
  );
}
