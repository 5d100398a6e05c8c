// The write screen's save status line: large, in the text colour, and a polite live region (role=status), so a
// screen reader hears each change of state without being interrupted (draft-status-text.ts has the words).
import { Link } from 'wouter';
import type { SaveStatus } from './draft-sync';
import { statusText } from './draft-status-text';
import { loginPathReturningTo } from '../../lib/paths';
import { FormattedMessage, useIntl } from 'react-intl';

export function DraftStatus({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const intl = useIntl();
  const trouble = status.kind === 'rejected' || status.kind === 'signed-out' || status.kind === 'conflict';
  return (
    <div className={`draft-status${trouble ? ' draft-status-trouble' : ''}`}>
      <p className="draft-status-text" role="status" aria-live="polite" data-status={status.kind}>
        {statusText(status, intl)}
      </p>
      {status.kind === 'signed-out' && (
        <Link href={loginPathReturningTo('/story/write')} className="button secondary">
          <FormattedMessage id="draft.signInAgain" defaultMessage="Sign in again" />
        </Link>
      )}
      {(status.kind === 'retrying' || status.kind === 'offline') && (
        <button type="button" className="button secondary small" onClick={onRetry}>
          <FormattedMessage id="draft.tryAgainNow" defaultMessage="Try again now" />
        </button>
      )}
    </div>
  );
}
