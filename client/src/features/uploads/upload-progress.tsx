import { useIntl } from 'react-intl';

/** The upload's bar and a spoken line; the line changes in 10% steps so screen readers are not flooded. */
export function UploadProgress({ phase, fraction }: { phase: 'uploading' | 'saving'; fraction: number }) {
  const intl = useIntl();
  const percent = Math.round(fraction * 100);
  const spoken =
    phase === 'saving'
      ? intl.formatMessage({ id: 'upload.saving', defaultMessage: 'Upload complete. Saving…' })
      : intl.formatMessage(
          { id: 'upload.uploading', defaultMessage: 'Uploading… {percent}' },
          { percent: intl.formatNumber(Math.floor(percent / 10) / 10, { style: 'percent' }) },
        );
  return (
    <div className="upload-progress">
      <progress
        className="progress"
        max={100}
        value={phase === 'saving' ? 100 : percent}
        aria-label={intl.formatMessage({ id: 'upload.progress', defaultMessage: 'Upload progress' })}
      />
      <p className="upload-progress-text" role="status" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
