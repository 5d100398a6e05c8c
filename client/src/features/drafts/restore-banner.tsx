// What the write screen says when it opens with unpublished changes (issue #26, point 4): a welcome that says the
// words are safe, and discarding them tucked behind "More choices" with a question first, so no one taps it by
// mistake. Discarding itself (and the device's confirm) is use-draft-session.ts.
import { useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import { formatDateTime, formatDayWords } from '../../lib/dates';
import { useLocale } from '../../lib/i18n';

export function welcomeBackText(intl: IntlShape, restoredAt: number, now = new Date()): string {
  const locale = isLocale(intl.locale) ? intl.locale : DEFAULT_LOCALE;
  return intl.formatMessage(
    { id: 'draft.restore.welcome', defaultMessage: 'Welcome back: your unpublished changes from {day} are here.' },
    { day: formatDayWords(restoredAt, now, locale) },
  );
}

/** The question before discarding: what stays depends on whether readers already have a story. */
export const discardQuestion = (intl: IntlShape, published: boolean) =>
  published
    ? intl.formatMessage({
        id: 'draft.restore.discardPublished',
        defaultMessage: 'Throw away these changes? Your published story stays as it is.',
      })
    : intl.formatMessage({
        id: 'draft.restore.discardUnpublished',
        defaultMessage: 'Throw away these words? You have not pressed Save Story yet, so they are kept nowhere else.',
      });

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
  const intl = useIntl();
  const locale = useLocale();
  return (
    <section
      className="restore-banner"
      aria-label={intl.formatMessage({ id: 'draft.restore.label', defaultMessage: 'Your unpublished changes' })}
    >
      <div className="restore-banner-words">
        <p role="status">{welcomeBackText(intl, restoredAt)}</p>
        <p className="restore-banner-more">
          <FormattedMessage
            id="draft.restore.lastChanged"
            defaultMessage="Last changed on <time>{when}</time>. Keep writing; readers see them when you press Save Story."
            values={{
              when: formatDateTime(restoredAt, locale),
              time: (chunks) => <time dateTime={new Date(restoredAt).toISOString()}>{chunks}</time>,
            }}
          />
        </p>
      </div>
      <details className="restore-banner-menu">
        <summary className="button secondary">
          <FormattedMessage id="draft.restore.moreChoices" defaultMessage="More choices" />
        </summary>
        {asking ? (
          <div className="restore-banner-ask">
            <p>{discardQuestion(intl, published)}</p>
            <div className="button-row">
              <button type="button" className="button danger" onClick={onDiscard} disabled={discarding}>
                {discarding
                  ? intl.formatMessage({ id: 'draft.restore.discarding', defaultMessage: 'Discarding…' })
                  : intl.formatMessage({ id: 'draft.restore.discardYes', defaultMessage: 'Yes, discard changes' })}
              </button>
              <button type="button" className="button secondary" onClick={() => setAsking(false)}>
                <FormattedMessage id="draft.restore.keep" defaultMessage="No, keep them" />
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            <FormattedMessage id="draft.restore.discard" defaultMessage="Discard changes…" />
          </button>
        )}
      </details>
    </section>
  );
}
