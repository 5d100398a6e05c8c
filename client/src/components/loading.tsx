import { useIntl } from 'react-intl';

/** A quiet placeholder while data loads; announced to screen readers once. */
export function Loading({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })}
    </p>
  );
}
