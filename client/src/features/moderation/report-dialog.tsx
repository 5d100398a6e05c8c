// Report a story or a comment (docs/decisions/0020-moderation.md): a reason from the fixed list and an optional note,
// in a modal dialog (the browser's own <dialog>: focus stays inside, Escape closes it).
import { Flag } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ModerationTarget } from '#contract/moderation';
import { MODERATION_LIMITS, REPORT_REASONS, type ReportReason } from '#contract/moderation-report-reasons';
import { FormattedMessage, useIntl } from 'react-intl';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import { REASON_WORDS } from './report-reasons';

const REASONS = Object.keys(REPORT_REASONS) as ReportReason[];

/** `subject`: what is reported, in words that follow "Report" ("this story", "comment by ruth"). */
export function ReportButton({ target, subject }: { target: ModerationTarget; subject: string }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'moderation.report.title', defaultMessage: 'Report {subject}' }, { subject });
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
      <button type="button" ref={opener} className="button secondary small" onClick={open} aria-label={title}>
        <Flag size={16} aria-hidden="true" />
        <FormattedMessage id="moderation.report.button" defaultMessage="Report" />
      </button>
      <dialog ref={dialog} className="report-dialog" aria-labelledby={`${id}-title`} onClose={() => opener.current?.focus()}>
        <h2 id={`${id}-title`}>{title}</h2>
        {report.isSuccess ? (
          <>
            <p role="status">
              <FormattedMessage id="moderation.report.thanks" defaultMessage="Thank you. Our moderators will look at it soon." />
            </p>
            <div className="button-row">
              <button type="button" className="button" onClick={close}>
                <FormattedMessage id="moderation.report.close" defaultMessage="Close" />
              </button>
            </div>
          </>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <fieldset className="report-reasons" aria-describedby={missingReason ? `${id}-missing` : undefined}>
              <legend>
                <FormattedMessage id="moderation.report.why" defaultMessage="Why are you reporting it?" />
              </legend>
              {REASONS.map((key) => (
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
                  {intl.formatMessage(REASON_WORDS[key])}
                </label>
              ))}
              {missingReason && (
                <p id={`${id}-missing`} className="field-error" role="alert">
                  <FormattedMessage id="moderation.report.reasonRequired" defaultMessage="Please choose a reason from the list." />
                </p>
              )}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-note`}>
                <FormattedMessage id="moderation.report.note" defaultMessage="Anything else our moderators should know? (optional)" />
              </label>
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
                {report.isPending ? (
                  <FormattedMessage id="moderation.sending" defaultMessage="Sending…" />
                ) : (
                  <FormattedMessage id="moderation.report.send" defaultMessage="Send report" />
                )}
              </button>
              <button type="button" className="button secondary" onClick={close}>
                <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
