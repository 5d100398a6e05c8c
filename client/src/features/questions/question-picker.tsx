// "Need an idea? Answer a question" on the write screen (issue #25, docs/decisions/0028-questions-by-life-stage.md):
// a button that opens three questions, each naming its stage of life (or who in the family asked it, ADR 0032),
// "Show me others", "Keep for later" and "Not for me". Choosing one adds a chapter with the question as its heading
// to the end of the text, the caret on the line under it.
import { Lightbulb, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { SuggestedQuestion } from '#contract/questions';
import { ErrorBox } from '../../components/error-box';
import { useQuestionPicker } from './use-question-picker';
import '../../styles/questions.css';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  /** Adds the chapter to the editor; false when it could not (the editor is still starting). */
  addChapter: (title: string) => boolean;
  /** False until the editor can take a chapter. */
  ready: boolean;
}

export function QuestionPicker({ addChapter, ready }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const picker = useQuestionPicker(open);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const choose = (q: SuggestedQuestion) => {
    if (!addChapter(q.text)) return;
    picker.chosen(q);
    // The editor has the focus and the caret under the new heading; the panel closes behind it.
    setOpen(false);
  };
  const dismiss = (q: SuggestedQuestion) => {
    picker.dismiss(q);
    // The pressed button goes with its question: focus stays in the panel.
    headingRef.current?.focus();
  };
  const keep = (q: SuggestedQuestion) => {
    picker.keep(q);
    // The pressed button goes (the question now says "Kept for later"): focus stays in the panel.
    headingRef.current?.focus();
  };
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="question-picker">
      <button
        ref={toggleRef}
        type="button"
        className="button secondary question-toggle"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        disabled={!ready}
        onClick={() => setOpen((v) => !v)}
      >
        <Lightbulb size={18} aria-hidden="true" />
        <FormattedMessage id="questions.toggle" defaultMessage="Need an idea? Answer a question" />
      </button>
      {open && (
        <section id={`${id}-panel`} className="question-panel" aria-labelledby={`${id}-heading`}>
          <div className="question-panel-head">
            <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
              <FormattedMessage id="questions.title" defaultMessage="Questions to start from" />
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage({ id: 'questions.close', defaultMessage: 'Close the questions' })}
              onClick={close}
            >
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <p className="question-panel-intro">
            <FormattedMessage
              id="questions.intro"
              defaultMessage="Choose one: it becomes the heading of a new chapter at the end of your story."
            />
          </p>
          {picker.failed ? (
            <>
              <ErrorBox
                message={intl.formatMessage({
                  id: 'questions.loadFailed',
                  defaultMessage: 'The questions could not be loaded. Please try again.',
                })}
              />
              <button type="button" className="button secondary" onClick={picker.retry}>
                <FormattedMessage id="questions.tryAgain" defaultMessage="Try again" />
              </button>
            </>
          ) : picker.loading ? (
            <p className="muted">
              <FormattedMessage id="questions.finding" defaultMessage="Finding questions…" />
            </p>
          ) : picker.questions.length === 0 ? (
            <p>
              <FormattedMessage
                id="questions.allDone"
                defaultMessage="You have answered or set aside every question. Your own chapters are always welcome."
              />
            </p>
          ) : (
            <ul className="question-list" aria-busy={picker.fetching}>
              {picker.questions.map((q) => (
                <li key={q.id} className="question-item">
                  <button type="button" className="question-choice" onClick={() => choose(q)}>
                    <span className="question-stage">
                      {q.asked_by
                        ? intl.formatMessage({ id: 'questions.askedBy', defaultMessage: 'Asked by {name}' }, { name: q.asked_by })
                        : q.stage_title}
                      {q.kept && ` · ${intl.formatMessage({ id: 'questions.kept', defaultMessage: 'Kept for later' })}`}
                    </span>{' '}
                    <span className="question-text" id={`${id}-${q.id}`}>
                      {q.text}
                    </span>
                  </button>
                  <div className="question-actions">
                    {!q.kept && (
                      <button
                        type="button"
                        className="button secondary small question-keep"
                        aria-describedby={`${id}-${q.id}`}
                        disabled={picker.keeping === q.id}
                        onClick={() => keep(q)}
                      >
                        <FormattedMessage id="questions.keep" defaultMessage="Keep for later" />
                      </button>
                    )}
                    <button
                      type="button"
                      className="button secondary small question-dismiss"
                      aria-describedby={`${id}-${q.id}`}
                      disabled={picker.dismissing === q.id}
                      onClick={() => dismiss(q)}
                    >
                      <FormattedMessage id="questions.dismiss" defaultMessage="Not for me" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {picker.dismissFailed && (
            <ErrorBox
              message={intl.formatMessage({ id: 'questions.actionFailed', defaultMessage: 'That did not work. Please try again.' })}
            />
          )}
          {!picker.failed && picker.questions.length > 0 && (
            <button type="button" className="button secondary question-others" onClick={() => picker.fetching || picker.showOthers()}>
              <FormattedMessage id="questions.others" defaultMessage="Show me others" />
            </button>
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {picker.announcement}
          </p>
        </section>
      )}
    </div>
  );
}
