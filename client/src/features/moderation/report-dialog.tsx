// Report a story or a comment (docs/decisions/0020-moderation.md): a reason from the fixed list and an optional note,
// in a modal dialog (the browser's own <dialog>: focus stays inside, Escape closes it).
import { Flag } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ModerationTarget } from '#contract/moderation';
import { MODERATION_LIMITS, REPORT_REASONS, type ReportReason } from '#contract/moderation-report-reasons';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';

const REASONS = Object.entries(REPORT_REASONS) as [ReportReason, string][];
export const REPORT_THANKS = 'Thank you. Our moderators will look at it soon.';

export function ReportButton({ target, label, subject }: { target: ModerationTarget; label: string; subject: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = trpc.moderation.report.useMutation();

  const open = () => {
    report.reset();
    setReason(null);
    setNote('');
    setMissingReason(false);
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({ target, reason, note });
  };

  return (
    <>
      <button type="button" ref={opener} className="button secondary small" onClick={open} aria-label={`${label} ${subject}`}>
        <Flag size={16} aria-hidden="true" />
        {label}
      </button>
      <dialog ref={dialog} className="report-dialog" aria-labelledby={`${id}-title`} onClose={() => opener.current?.focus()}>
        <h2 id={`${id}-title`}>Report {subject}</h2>
        {report.isSuccess ? (
          <>
            <p role="status">{REPORT_THANKS}</p>
            <div className="button-row">
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            </div>
          </>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <fieldset className="report-reasons" aria-describedby={missingReason ? `${id}-missing` : undefined}>
              <legend>Why are you reporting it?</legend>
              {REASONS.map(([key, text]) => (
                <label key={key} className="report-reason">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={key}
                    checked={reason === key}
                    onChange={() => {
                      setReason(key);
                      setMissingReason(false);
                    }}
                  />
                  {text}
                </label>
              ))}
              {missingReason && (
                <p id={`${id}-missing`} className="field-error" role="alert">
                  Please choose a reason from the list.
                </p>
              )}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-note`}>Anything else our moderators should know? (optional)</label>
              <textarea
                id={`${id}-note`}
                rows={3}
                maxLength={MODERATION_LIMITS.noteMax}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <ErrorBox error={report.error ?? undefined} />
            <div className="button-row">
              <button type="submit" className="button" disabled={report.isPending}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </button>
              <button type="button" className="button secondary" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
