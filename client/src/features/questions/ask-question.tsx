// "Ask Rose a question" on the story page (issue #25, docs/decisions/0032-the-family-asks.md): for a signed-in reader
// of the writer's circle only (the server says so: questions.askable). A button opens a small form; the question
// waits first in the writer's question picker, and the reader hears when the writer publishes the answer.
import { MessageCircleQuestion } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ASKED_QUESTION_MAX, ASKED_QUESTION_MIN } from '#contract/questions';
import { ErrorBox } from '../../components/error-box';
import { trpc } from '../../lib/trpc';
import '../../styles/questions.css';

export function AskQuestion({ storyUsername }: { storyUsername: string }) {
  const askable = trpc.questions.askable.useQuery({ username: storyUsername }, { staleTime: 60_000 });
  if (!askable.data?.can_ask || !askable.data.name) return null;
  return <AskForm storyUsername={storyUsername} name={askable.data.name} />;
}

function AskForm({ storyUsername, name }: { storyUsername: string; name: string }) {
  const id = useId();
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
  const error = tooShort ? `Please write at least ${ASKED_QUESTION_MIN} characters.` : null;

  return (
    <section className="ask-question" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        Ask a question
      </h2>
      {!open && (
        <div className="ask-question-row">
          <p className="ask-question-text">Is there something you would love {name} to write about?</p>
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
            Ask {name} a question
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
            <label htmlFor={`${id}-text`}>Your question</label>
            <p className="field-hint" id={`${id}-hint`}>
              Only {name} sees it. {name} can answer it in a new chapter.
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
              Send question
            </button>
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <ErrorBox error={ask.error} />
        </form>
      )}
      {/* In the page from the start, so that screen readers hear it when it fills. */}
      <p className="ask-question-sent" role="status">
        {sent ? `Sent. ${name} will see it when writing.` : ''}
      </p>
    </section>
  );
}
