// What the write screen says when it opens with unpublished changes (issue #26, point 4): a welcome that says the
// words are safe, and discarding them tucked behind "More choices" with a question first, so no one taps it by
// mistake. Discarding itself (and the device's confirm) is use-draft-session.ts.
import { useState } from 'react';
import { formatDateTime, formatDayWords } from '../../lib/dates';

export function welcomeBackText(restoredAt: number, now = new Date()): string {
  return `Welcome back: your unpublished changes from ${formatDayWords(restoredAt, now)} are here.`;
}

/** The question before discarding: what stays depends on whether readers already have a story. */
export const discardQuestion = (published: boolean) =>
  published
    ? 'Throw away these changes? Your published story stays as it is.'
    : 'Throw away these words? You have not pressed Save Story yet, so they are kept nowhere else.';

export function RestoreBanner({
  restoredAt,
  published,
  discarding,
  onDiscard,
}: {
  restoredAt: number;
  published: boolean;
  discarding: boolean;
  onDiscard: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <section className="restore-banner" aria-label="Your unpublished changes">
      <div className="restore-banner-words">
        <p role="status">{welcomeBackText(restoredAt)}</p>
        <p className="restore-banner-more">
          Last changed on <time dateTime={new Date(restoredAt).toISOString()}>{formatDateTime(restoredAt)}</time>. Keep writing; readers see
          them when you press Save Story.
        </p>
      </div>
      <details className="restore-banner-menu">
        <summary className="button secondary">More choices</summary>
        {asking ? (
          <div className="restore-banner-ask">
            <p>{discardQuestion(published)}</p>
            <div className="button-row">
              <button type="button" className="button danger" onClick={onDiscard} disabled={discarding}>
                {discarding ? 'Discarding…' : 'Yes, discard changes'}
              </button>
              <button type="button" className="button secondary" onClick={() => setAsking(false)}>
                No, keep them
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            Discard changes…
          </button>
        )}
      </details>
    </section>
  );
}
