// "Ask Rose a question" on the story page (issue #25, docs/decisions/0032-the-family-asks.md): for a signed-in reader
// of the writer's circle only (the server says so: questions.askable). A button opens a small form; the question
// waits first in the writer's question picker, and the reader hears when the writer publishes the answer.
import { MessageCircleQuestion } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ASKED_QUESTION_MAX, ASKED_QUESTION_MIN } from '#contract/questions';
import { ErrorBox } from '../../components/error-box';
import { FormattedMessage, useIntl } from 'react-intl';
import { trpc } from '../../lib/trpc';
import '../../styles/questions.css';

export function AskQuestion({ storyUsername }: { storyUsername: string }) {
  const askable = trpc.questions.askable.useQuery({ username: storyUsername }, { staleTime: 60_000 });
  if (!askable.data?.can_ask || !askable.data.name) return null;
  return <AskForm storyUsername={storyUsername} name={askable.data.name} />;
}

function AskForm({ storyUsername, name }: { storyUsername: string; name: string }) {
  const id = useId();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ask = trpc.questions.ask.useMutation({
    onSuccess: () => {
      setSent(true);
      setOpen(false);
      setText('');
    },
  });

  const send = () => {
    if (text.trim().length < ASKED_QUESTION_MIN) {
      setTooShort(true);
      textRef.current?.focus();
      return;
    }
    setTooShort(false);
    ask.mutate({ username: storyUsername, text });
  };
  const error = tooShort
    ? intl.formatMessage(
        { id: 'questions.ask.tooShort', defaultMessage: 'Please write at least {count} characters.' },
        { count: ASKED_QUESTION_MIN },
      )
    : null;

  return (
    <section className="ask-question" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        <FormattedMessage id="questions.ask.heading" defaultMessage="Ask a question" />
      </h2>
      {!open && (
        <div className="ask-question-row">
          <p className="ask-question-text">
            <FormattedMessage
              id="questions.ask.lede"
              defaultMessage="Is there something you would love {name} to write about?"
              values={{ name }}
            />
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setSent(false);
              ask.reset();
              setOpen(true);
              requestAnimationFrame(() => textRef.current?.focus());
            }}
          >
            <MessageCircleQuestion size={20} aria-hidden="true" />
            <FormattedMessage id="questions.ask.open" defaultMessage="Ask {name} a question" values={{ name }} />
          </button>
        </div>
      )}
      {open && (
        <form
          className="ask-question-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-text`}>
              <FormattedMessage id="questions.ask.label" defaultMessage="Your question" />
            </label>
            <p className="field-hint" id={`${id}-hint`}>
              <FormattedMessage
                id="questions.ask.hint"
                defaultMessage="Only {name} sees it. {name} can answer it in a new chapter."
                values={{ name }}
              />
            </p>
            <textarea
              ref={textRef}
              id={`${id}-text`}
              name="question"
              rows={3}
              maxLength={ASKED_QUESTION_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            />
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="ask-question-actions">
            <button type="submit" className="button" disabled={ask.isPending}>
              <FormattedMessage id="questions.ask.send" defaultMessage="Send question" />
            </button>
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              <FormattedMessage id="questions.ask.cancel" defaultMessage="Cancel" />
            </button>
          </div>
          <ErrorBox error={ask.error} />
        </form>
      )}
      {/* In the page from the start, so that screen readers hear it when it fills. */}
      <p className="ask-question-sent" role="status">
        {sent ? intl.formatMessage({ id: 'questions.ask.sent', defaultMessage: 'Sent. {name} will see it when writing.' }, { name }) : ''}
      </p>
    </section>
  );
}
