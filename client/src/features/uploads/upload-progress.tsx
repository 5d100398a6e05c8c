/** The upload's bar and a spoken line; the line changes in 10% steps so screen readers are not flooded. */
export function UploadProgress({ phase, fraction }: { phase: 'uploading' | 'saving'; fraction: number }) {
  const percent = Math.round(fraction * 100);
  const spoken = phase === 'saving' ? 'Upload complete. Saving…' : `Uploading… ${Math.floor(percent / 10) * 10}%`;
  return (
    <div className="upload-progress">
      <progress className="progress" max={100} value={phase === 'saving' ? 100 : percent} aria-label="Upload progress" />
      <p className="upload-progress-text" role="status" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
